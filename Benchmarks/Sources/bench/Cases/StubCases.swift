import Foundation

/// Case 7: the JSON answer served from a WireMock-format stub, by the mock server, by real
/// WireMock and (the same bytes from a file) by nginx; a stub matching a POST body with
/// `equalToJson` and one with `matchesJsonPath`, against WireMock; then the mock server with
/// crowds of other stubs against the same server with the one stub it serves: 1,000 stubs on
/// other paths, 1,000 body-matching stubs on other paths, 300 stubs of the measured path that
/// want another header, 300 that want another body. Both servers get their stubs through
/// `POST /__admin/mappings`, so the mappings are the same bytes. A row whose mappings the mock
/// server does not read yet (it refuses the first of them) is left out with a remark.
struct StubCases {
    let settings: Settings
    /// The mock server of cases 1–6, which serves the tweet page this case turns into a stub.
    let ours: ServedMockServer

    static let stubPath = "/api/v1/timeline.json"
    static let stubCount = 1000
    static let variantCount = 300
    static let equalToJsonPath = "/api/v1/orders"
    static let jsonPathPath = "/api/v1/orders/search"

    func run(into report: inout Report) throws {
        let json = try fetch(ours.url(try ServerCases.pinnedPage(ours)), header: ServerCases.authorization)
        let served = try Self.servedStub(json)
        let root = try settings.folder("www-stubs")
        try json.write(to: root.appendingPathComponent("timeline.json"))

        // A mock server of its own, so the stubs stay out of the other cases; and a twin that
        // keeps only the measured stub, measured in turn with each crowd, so a crowd's ratio
        // compares runs a few seconds apart instead of minutes (the machine drifts in between).
        let stubbed = try ServedMockServer.start(workDir: settings.workDir)
        defer { stubbed.stop() }
        let single = try ServedMockServer.start(workDir: settings.workDir)
        defer { single.stop() }
        let wireMock = try WireMockPeer.start(settings: settings)
        defer { wireMock.stop() }
        let nginx = try Nginx.start(serving: root, settings: settings)
        defer { nginx.stop() }
        progress("case 7: mock server on port \(stubbed.port), WireMock on \(wireMock.port), nginx on \(nginx.port)")
        try StubLoader.add([served], to: stubbed.url(""))
        try StubLoader.add([served], to: single.url(""))
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

        /// Adds `stubs` to both stub servers, then measures `path` (the stubbed one unless
        /// named) on both, with `post` as every request's body when given; `nil` (and a remark)
        /// when the mock server refuses the first stub, as it does a field it does not read yet.
        func measureBothAfterAdding(
            _ stubs: [[String: Any]], label: String, path: String = Self.stubPath, post: PostBody? = nil
        ) throws -> (ours: [WrkResult], wireMock: [WrkResult], single: [WrkResult])? {
            if let first = stubs.first, let refusal = try StubLoader.refusal(of: first, at: stubbed.url("")) {
                progress("case 7 \(label): not measured, the mock server refuses its mappings: \(refusal)")
                report.remark(7, "Not measured: \(label), because the mock server refuses its mappings (\(Self.oneLine(refusal))).")
                return nil
            }
            try StubLoader.add(stubs, to: stubbed.url(""))
            try StubLoader.add(stubs, to: wireMock.url(""))
            // The twin with one stub is measured only for the crowds, which ask for the stubbed GET.
            let twin = post == nil ? [("1 stub", single.url(path))] : []
            let runs = try measure(
                [("mockserver", stubbed.url(path))] + twin + [("WireMock", wireMock.url(path))], label: label, warmUp: 2, post: post,
                retries: &retries)
            return (runs["mockserver"]!, runs["WireMock"]!, runs["1 stub", default: []])
        }

        // The JSON body matchers against WireMock, while each server has only the measured
        // stub besides them.
        let order = PostBody(contentType: "application/json", text: Self.orderBody)
        for (name, stub, path) in [
            ("equalToJson", Self.equalToJsonStub(path: Self.equalToJsonPath), Self.equalToJsonPath),
            ("matchesJsonPath", Self.matchesJsonPathStub(path: Self.jsonPathPath), Self.jsonPathPath),
        ] {
            guard let (oursBody, wireBody, _) = try measureBothAfterAdding([stub], label: "POST matched by \(name)", path: path, post: order) else {
                continue
            }
            report.rows.append(Row(
                7, "POST \(Self.orderBody.utf8.count) B matched by \(name): requests/s", ours: rate(oursBody), peer: "WireMock",
                rate(wireBody), target: .ratioAtLeast(5)))
        }

        // A templated answer (`{{request.path}}`, `{{now}}`, one `jsonPath` over the body).
        let templated = Self.templatedStub(path: Self.templatedPath)
        if let (oursTemplated, wireTemplated, _) = try measureBothAfterAdding(
            [templated], label: "templated answer", path: Self.templatedPath, post: order)
        {
            report.rows.append(Row(
                7, "POST answered from a template: requests/s", ours: rate(oursTemplated), peer: "WireMock", rate(wireTemplated),
                target: .ratioAtLeast(5)))
        }

        // Crowds of stubs that never match the measured GET, each staying for the next rows.
        let crowds: [(title: String, stubs: [[String: Any]], target: Double)] = [
            ("\(Format.grouped(Self.stubCount)) stubs", Self.otherStubs(Self.stubCount - 1), 0.95),
            ("+\(Format.grouped(Self.stubCount)) body-matching stubs elsewhere", Self.bodyMatchingStubs(Self.stubCount), 0.95),
            ("+\(Self.variantCount) header variants of its path", Self.variantStubs(Self.variantCount), 0.7),
            ("+\(Self.variantCount) body variants of its path", Self.bodyVariantStubs(Self.variantCount), 0.7),
        ]
        var wireMockRatios: [String] = []
        for crowd in crowds {
            guard let (oursCrowd, wireCrowd, singleCrowd) = try measureBothAfterAdding(crowd.stubs, label: crowd.title) else { continue }
            report.rows.append(Row(
                7, "\(crowd.title): requests/s", ours: rate(oursCrowd), peer: "its twin, 1 stub", rate(singleCrowd),
                target: .ratioAtLeast(crowd.target)))
            wireMockRatios.append("\(crowd.title) \(Format.ratio(rate(wireCrowd).median / rate(wire1).median))×")
        }
        report.remark(7, "wrk -t2 -c32 -d\(settings.wrkSeconds)s with keep-alive on the same \(Format.grouped(json.count)) bytes as case 1's JSON: a stub (`\"body\"`, `Content-Type: application/json`) added through `POST /__admin/mappings` to a mock server of its own (`bench serve`) and to WireMock \(Self.wireMockVersion) (`java -jar wiremock-standalone.jar --no-request-journal --disable-request-logging --local-response-templating`, otherwise defaults), the file from nginx as in case 1. The JVM is warmed up with wrk for 5 s first. The POST rows send the same \(Self.orderBody.utf8.count)-byte JSON order (a wrk script) to a stub of their own path, one matching it with `equalToJson` (`ignoreExtraElements`), one with `matchesJsonPath` (a filter, `$.items[?(@.price > 10)]`), while each server holds only those and the measured stub. The templated row POSTs the same order to a stub whose body is rendered per request from `{{request.path}}`, `{{now}}` and `{{jsonPath request.body '$.order.customer'}}` (WireMock started with `--local-response-templating`).")
        report.remark(7, "The crowd rows add their stubs in turn, each crowd staying for the next rows, and always measure the first stub's GET against a twin mock server that holds only that stub, measured in turn with it (wrk on the crowd, on the twin, on WireMock, repeated), so slow drift of the shared machine hurts both alike. The \(Format.grouped(Self.stubCount - 1)) other stubs are added after the measured one, on other paths, and never match its requests: a third `url`, a third `urlPathPattern` regexes, a third `urlPath` with a header `equalTo`, all of the same priority. The \(Format.grouped(Self.stubCount)) body-matching stubs are POSTs on other paths matching the body with `equalToJson`, `matches`, `matchesJsonPath` and `contains` in turn. The variant rows add \(Self.variantCount) newer stubs on the measured path itself, each wanting another `X-Variant` header (then another body, `equalTo`), which the measured requests do not send: stubs are filed by the exact values their headers and bodies require, so a request only meets the variants with its own values, where WireMock tries every stub in order. WireMock's rates after each crowd, over its 1-stub figure: \(wireMockRatios.joined(separator: ", ")).")
        if !retries.isEmpty {
            report.remark(7, "Runs measured again after socket errors: " + retries.joined(separator: "; ") + ".")
        }
    }

    /// `text` on one line, at most 200 characters (a server's refusal in a remark).
    private static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
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
        _ targets: [(String, URL)], label: String, warmUp: Int, post: PostBody? = nil, retries: inout [String]
    ) throws -> [String: [WrkResult]] {
        for (_, url) in targets { _ = try wrk(url, seconds: warmUp, post: post) }
        var runs: [String: [WrkResult]] = [:]
        for repetition in 1...settings.repetitions {
            var line: [String] = []
            for (name, url) in targets {
                let result = try wrkRetrying(name, url, post: post, retries: &retries)
                runs[name, default: []].append(result)
                line.append("\(name) \(Format.number(result.requestsPerSecond)) req/s (p99 \(Format.number(result.p99Milliseconds)) ms)")
            }
            progress("case 7 \(label) run \(repetition)/\(settings.repetitions): " + line.joined(separator: ", "))
        }
        return runs
    }

    /// One wrk run; a run with socket errors (on this shared 2-core machine, a moment when
    /// another build starved every server for wrk's 2 s timeout) is measured again, at most twice.
    private func wrkRetrying(_ name: String, _ url: URL, post: PostBody?, retries: inout [String]) throws -> WrkResult {
        var attempt = 1
        while true {
            do {
                return try wrk(url, seconds: settings.wrkSeconds, post: post)
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
}
