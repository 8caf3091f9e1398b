import Foundation

/// Case 7: the JSON answer served from a WireMock-format stub, by the mock server, by real
/// WireMock and (the same bytes from a file) by nginx; then the mock server with 1,000 stubs
/// against the same server with the one stub it serves. Both servers get their stubs through
/// `POST /__admin/mappings`, so the mappings are the same bytes.
struct StubCases {
    let settings: Settings
    /// The mock server of cases 1–6, which serves the tweet page this case turns into a stub.
    let ours: ServedMockServer

    static let stubPath = "/api/v1/timeline.json"
    static let stubCount = 1000
    static let variantCount = 300

    func run(into report: inout Report) throws {
        let json = try fetch(ours.url(try ServerCases.pinnedPage(ours)), header: ServerCases.authorization)
        let served = try Self.servedStub(json)
        let root = try settings.folder("www-stubs")
        try json.write(to: root.appendingPathComponent("timeline.json"))

        // A mock server of its own, so the stubs stay out of the other cases.
        let stubbed = try ServedMockServer.start(workDir: settings.workDir)
        defer { stubbed.stop() }
        let wireMock = try WireMockPeer.start(settings: settings)
        defer { wireMock.stop() }
        let nginx = try Nginx.start(serving: root, settings: settings)
        defer { nginx.stop() }
        progress("case 7: mock server on port \(stubbed.port), WireMock on \(wireMock.port), nginx on \(nginx.port)")
        try StubLoader.add([served], to: stubbed.url(""))
        try StubLoader.add([served], to: wireMock.url(""))
        for (name, url) in [("mockserver", stubbed.url(Self.stubPath)), ("WireMock", wireMock.url(Self.stubPath))] {
            let body = try fetch(url)
            guard body == json else { throw ChildError("\(name)'s stub answered \(body.count) bytes, not the page's \(json.count)") }
        }

        let kb = json.count / 1024
        var retries: [String] = []
        let oneStub = try measure(
            [("mockserver", stubbed.url(Self.stubPath)), ("WireMock", wireMock.url(Self.stubPath)), ("nginx", nginx.url("/timeline.json"))],
            label: "1 stub", warmUp: 5, retries: &retries)
        let ours1 = oneStub["mockserver"]!, wire1 = oneStub["WireMock"]!, nginx1 = oneStub["nginx"]!
        report.rows.append(Row(7, "stub JSON \(kb) KB: requests/s", ours: rate(ours1), peer: "nginx", rate(nginx1), target: .ratioAtLeast(1.0)))
        report.rows.append(Row(7, "stub JSON \(kb) KB: requests/s", ours: rate(ours1), peer: "WireMock", rate(wire1)))
        report.rows.append(Row(7, "stub JSON \(kb) KB: p99 latency, ms", ours: p99(ours1), peer: "nginx", p99(nginx1)))
        report.rows.append(Row(7, "stub JSON \(kb) KB: p99 latency, ms", ours: p99(ours1), peer: "WireMock", p99(wire1)))

        /// Adds `stubs` to both stub servers, then measures the stubbed path on both.
        func measureBothAfterAdding(_ stubs: [[String: Any]], label: String) throws -> (ours: [WrkResult], wireMock: [WrkResult]) {
            try StubLoader.add(stubs, to: stubbed.url(""))
            try StubLoader.add(stubs, to: wireMock.url(""))
            let runs = try measure(
                [("mockserver", stubbed.url(Self.stubPath)), ("WireMock", wireMock.url(Self.stubPath))],
                label: label, warmUp: 2, retries: &retries)
            return (runs["mockserver"]!, runs["WireMock"]!)
        }

        let (ours1000, wire1000) = try measureBothAfterAdding(Self.otherStubs(Self.stubCount - 1), label: "\(Self.stubCount) stubs")
        report.rows.append(Row(
            7, "\(Format.grouped(Self.stubCount)) stubs: requests/s", ours: rate(ours1000), peer: "same server, 1 stub", rate(ours1),
            target: .ratioAtLeast(0.95)))

        let (oursCrowded, wireCrowded) = try measureBothAfterAdding(Self.variantStubs(Self.variantCount), label: "+\(Self.variantCount) variants")
        report.rows.append(Row(
            7, "+\(Self.variantCount) header variants of its path: requests/s", ours: rate(oursCrowded), peer: "same server, 1 stub",
            rate(ours1)))
        report.remark(7, "wrk -t2 -c32 -d\(settings.wrkSeconds)s with keep-alive on the same \(Format.grouped(json.count)) bytes as case 1's JSON: a stub (`\"body\"`, `Content-Type: application/json`) added through `POST /__admin/mappings` to a mock server of its own (`bench serve`) and to WireMock \(Self.wireMockVersion) (`java -jar wiremock-standalone.jar --no-request-journal --disable-request-logging`, otherwise defaults), the file from nginx as in case 1. The JVM is warmed up with wrk for 5 s first. The \(Format.grouped(Self.stubCount - 1)) other stubs are added after the measured one, on other paths, and never match its requests: a third `url`, a third `urlPathPattern` regexes, a third `urlPath` with a header `equalTo`, all of the same priority. WireMock with them: \(Format.number(rate(wire1000).median)) requests/s, \(Format.ratio(rate(wire1000).median / rate(wire1).median))× its 1-stub figure. The last row then adds \(Self.variantCount) newer stubs on the measured path itself, each wanting another `X-Variant` header, so every request is checked against all of them first (stubs of one path are tried in order; WireMock tries every stub in order): mockserver \(Format.ratio(rate(oursCrowded).median / rate(ours1).median))×, WireMock \(Format.number(rate(wireCrowded).median)) requests/s (\(Format.ratio(rate(wireCrowded).median / rate(wire1).median))× its 1-stub figure).")
        if !retries.isEmpty {
            report.remark(7, "Runs measured again after socket errors: " + retries.joined(separator: "; ") + ".")
        }
    }

    /// The jar's version, from its file name behind the link.
    static var wireMockVersion: String {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: WireMockPeer.jar)) ?? WireMockPeer.jar
        let name = (target as NSString).lastPathComponent
        return name.replacingOccurrences(of: "wiremock-standalone-", with: "").replacingOccurrences(of: ".jar", with: "")
    }

    /// wrk against each URL in turn, `settings.repetitions` times, alternating so a noisy moment
    /// hurts all alike.
    private func measure(
        _ targets: [(String, URL)], label: String, warmUp: Int, retries: inout [String]
    ) throws -> [String: [WrkResult]] {
        for (_, url) in targets { _ = try wrk(url, seconds: warmUp) }
        var runs: [String: [WrkResult]] = [:]
        for repetition in 1...settings.repetitions {
            var line: [String] = []
            for (name, url) in targets {
                let result = try wrkRetrying(name, url, retries: &retries)
                runs[name, default: []].append(result)
                line.append("\(name) \(Format.number(result.requestsPerSecond)) req/s (p99 \(Format.number(result.p99Milliseconds)) ms)")
            }
            progress("case 7 \(label) run \(repetition)/\(settings.repetitions): " + line.joined(separator: ", "))
        }
        return runs
    }

    /// One wrk run; a run with socket errors (on this shared 2-core machine, a moment when
    /// another build starved every server for wrk's 2 s timeout) is measured again, at most twice.
    private func wrkRetrying(_ name: String, _ url: URL, retries: inout [String]) throws -> WrkResult {
        var attempt = 1
        while true {
            do {
                return try wrk(url, seconds: settings.wrkSeconds)
            } catch {
                guard attempt < 3 else { throw error }
                progress("case 7 \(name): \(error); measuring again")
                retries.append("\(name) (\(error))")
                attempt += 1
            }
        }
    }

    private func rate(_ runs: [WrkResult]) -> Sample { Sample(runs.map(\.requestsPerSecond)) }
    private func p99(_ runs: [WrkResult]) -> Sample { Sample(runs.map(\.p99Milliseconds)) }

    /// The measured stub: GET `stubPath` answers `json` as a JSON body.
    static func servedStub(_ json: Data) throws -> [String: Any] {
        [
            "request": ["method": "GET", "url": stubPath],
            "response": [
                "status": 200, "headers": ["Content-Type": "application/json"],
                "body": String(decoding: json, as: UTF8.self),
            ] as [String: Any],
        ]
    }

    /// `count` stubs on other paths that never match a GET of `stubPath`, in three shapes users write.
    static func otherStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            let request: [String: Any]
            switch index % 3 {
            case 0: request = ["method": "GET", "url": "/api/v1/other/\(index).json"]
            case 1: request = ["method": "GET", "urlPathPattern": "/api/v1/items/\(index)/[a-z]+\\.json"]
            default:
                request = [
                    "method": "GET", "urlPath": "/api/v1/variants/\(index).json", "headers": ["X-Variant": ["equalTo": "v\(index)"]],
                ]
            }
            return ["request": request, "response": ["status": 200, "body": "stub \(index)"] as [String: Any]]
        }
    }

    /// `count` stubs on `stubPath` itself, each wanting an `X-Variant` header the measured
    /// requests do not send.
    static func variantStubs(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            [
                "request": ["method": "GET", "urlPath": stubPath, "headers": ["X-Variant": ["equalTo": "v\(index)"]]] as [String: Any],
                "response": ["status": 200, "body": "variant \(index)"] as [String: Any],
            ]
        }
    }
}
