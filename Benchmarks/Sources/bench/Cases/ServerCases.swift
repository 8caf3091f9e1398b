import Foundation

/// Cases 1 and 2: the mock server against nginx under wrk, then both holding 1,000 stalled
/// connections. The mock server runs as `bench serve` (its own process, log level warning, as
/// nginx runs with its access log off); nginx serves the very bytes the mock server sent.
struct ServerCases {
    let settings: Settings
    let ours: ServedMockServer

    static let pngPath = "/images/1.png"
    /// The v1.1 search page of 50 tweets (about 51 KB); `run` pins it with `max_id` so the
    /// mock server's answer stays the bytes nginx serves while the timeline grows.
    static let jsonPage = "/1.1/search/tweets.json?q=&count=50"
    static let authorization = "Authorization: Bearer testbed-token"

    func run(_ cases: Set<Int>, into report: inout Report) throws {
        let root = try settings.folder("www")
        let png = try fetch(ours.url(Self.pngPath))
        let jsonPath = try Self.pinnedPage(ours)
        let json = try fetch(ours.url(jsonPath), header: Self.authorization)
        try png.write(to: root.appendingPathComponent("image.png"))
        try json.write(to: root.appendingPathComponent("tweets.json"))
        let nginx = try Nginx.start(serving: root, settings: settings)
        defer { nginx.stop() }
        progress("nginx on port \(nginx.port), mock server on port \(ours.port)")

        var unloaded: (ours: Sample, nginx: Sample)?
        if cases.contains(1) {
            let pngKB = png.count / 1024, jsonKB = json.count / 1024
            let targets: [(String, URL, URL, String?, Double)] = [
                ("PNG \(pngKB) KB", ours.url(Self.pngPath), nginx.url("/image.png"), nil, 0.8),
                ("JSON \(jsonKB) KB", ours.url(jsonPath), nginx.url("/tweets.json"), Self.authorization, 1.0),
            ]
            for (name, oursURL, nginxURL, header, bound) in targets {
                _ = try wrk(oursURL, seconds: 1, header: header)
                _ = try wrk(nginxURL, seconds: 1, header: header)
                let (oursRuns, nginxRuns) = try alternate("case 1 \(name)", ("mockserver", oursURL), ("nginx", nginxURL), header: header)
                let oursRate = Sample(oursRuns.map(\.requestsPerSecond)), nginxRate = Sample(nginxRuns.map(\.requestsPerSecond))
                report.rows.append(Row(1, "\(name): requests/s", ours: oursRate, peer: "nginx", nginxRate, target: .ratioAtLeast(bound)))
                // The JSON must also be as prompt as nginx's file (issue 14); the PNG has no such target.
                report.rows.append(Row(
                    1, "\(name): p99 latency, ms", ours: Sample(oursRuns.map(\.p99Milliseconds)), peer: "nginx",
                    Sample(nginxRuns.map(\.p99Milliseconds)), target: name.hasPrefix("JSON") ? .ratioAtMost(1.0) : nil))
                if name.hasPrefix("PNG") { unloaded = (oursRate, nginxRate) }
            }
            report.remark(1, "wrk -t2 -c32 -d\(settings.wrkSeconds)s with keep-alive; the PNG is \(Format.grouped(png.count)) bytes and the JSON \(Format.grouped(json.count)) bytes, the same bytes from both servers. nginx 'worker_processes auto' (\(ProcessInfo.processInfo.activeProcessorCount) workers), sendfile on, access log off; the mock server answers the JSON from its tweet answer cache (built once per timeline state), nginx sends a file. wrk runs on the same 2 cores.")
        }

        if cases.contains(1) { try portableAgainstEpoll(pngPath: Self.pngPath, into: &report) }

        if cases.contains(2) {
            let baseline = try unloaded ?? (
                Sample([try wrk(ours.url(Self.pngPath), seconds: settings.wrkSeconds).requestsPerSecond]),
                Sample([try wrk(nginx.url("/image.png"), seconds: settings.wrkSeconds).requestsPerSecond]))
            let oursStalled = try stalled(
                name: "mockserver", port: ours.port,
                request: "GET \(Self.pngPath)?stall_after=1000 HTTP/1.1\r\nHost: 127.0.0.1:\(ours.port)\r\n\r\n",
                cpu: { ours.cpuSeconds }, url: ours.url(Self.pngPath), unloaded: baseline.ours, report: &report)
            let nginxStalled = try stalled(
                name: "nginx", port: nginx.port,
                request: "GET /image.png HTTP/1.1\r\nHost: 127.0.0.1:\(nginx.port)\r\n",
                cpu: { nginx.cpuSeconds }, url: nginx.url("/image.png"), unloaded: baseline.nginx, report: &report)
            report.rows.append(Row(
                2, "CPU while holding \(Format.grouped(settings.stalledConnections)) stalled connections, % of a core",
                ours: oursStalled.cpu, peer: "nginx", nginxStalled.cpu, target: .below(2)))
            report.rows.append(Row(
                2, "PNG requests/s beside them ÷ unloaded", ours: oursStalled.ratio, peer: "nginx", nginxStalled.ratio,
                target: .atLeast(0.8)))
            report.remark(2, "The mock server's connections ask for `?stall_after=1000` (1,000 body bytes, then nothing until the client leaves); nginx's clients send a request line and a header but never the blank line that ends the request, so nginx waits for it (the nginx equivalent of a stalled connection; `client_header_timeout` is raised past the case's length). CPU is the server's whole process tree (/proc, user + system, in 10 ms ticks: 0 means less than one tick, under \(Format.number(1.0 / Double(settings.idleSeconds)))% of a core) over \(settings.idleSeconds) s per repetition; 'unloaded' is case 1's PNG figure.")
        }
    }

    /// Runs wrk on `first`, then `second`, `settings.repetitions` times, alternating so a noisy
    /// moment hurts both alike; prints each repetition's two rates under `label`.
    private func alternate(
        _ label: String, _ first: (name: String, url: URL), _ second: (name: String, url: URL), header: String?
    ) throws -> (first: [WrkResult], second: [WrkResult]) {
        var firstRuns: [WrkResult] = [], secondRuns: [WrkResult] = []
        for repetition in 1...settings.repetitions {
            firstRuns.append(try wrk(first.url, seconds: settings.wrkSeconds, header: header))
            secondRuns.append(try wrk(second.url, seconds: settings.wrkSeconds, header: header))
            progress(
                "\(label) run \(repetition)/\(settings.repetitions): \(first.name) \(Format.number(firstRuns.last!.requestsPerSecond)) req/s, "
                    + "\(second.name) \(Format.number(secondRuns.last!.requestsPerSecond)) req/s")
        }
        return (firstRuns, secondRuns)
    }

    /// The PNG from a second mock server on the portable backend (poll()) against the first
    /// (the platform's default, epoll on Linux), alternating, in the same run.
    private func portableAgainstEpoll(pngPath: String, into report: inout Report) throws {
        let portable = try ServedMockServer.start(workDir: settings.workDir, options: ["--backend", "portable"])
        defer { portable.stop() }
        let (epollURL, portableURL) = (ours.url(pngPath), portable.url(pngPath))
        _ = try fetch(portableURL)
        _ = try wrk(portableURL, seconds: 1, header: nil)
        let (portableRuns, epollRuns) = try alternate(
            "case 1 PNG, portable backend", ("portable", portableURL), ("epoll", epollURL), header: nil)
        report.rows.append(Row(
            1, "PNG, portable backend: requests/s", ours: Sample(portableRuns.map(\.requestsPerSecond)), peer: "epoll backend",
            Sample(epollRuns.map(\.requestsPerSecond)), target: .ratioAtLeast(0.9)))
        report.rows.append(Row(
            1, "PNG, portable backend: p99 latency, ms", ours: Sample(portableRuns.map(\.p99Milliseconds)), peer: "epoll backend",
            Sample(epollRuns.map(\.p99Milliseconds))))
        report.remark(1, "The portable backend (libmicrohttpd on poll(), the scheduler on poll() and a pipe: what macOS runs) is a second `bench serve --backend portable`, measured against the first (epoll) in alternation.")
    }

    /// The 50-tweet page ending at today's newest tweet, so later tweets do not change it.
    static func pinnedPage(_ server: ServedMockServer) throws -> String {
        let newest = try fetch(server.url(jsonPage), header: authorization)
        guard let object = try JSONSerialization.jsonObject(with: newest) as? [String: Any],
              let statuses = object["statuses"] as? [[String: Any]], statuses.count == 50,
              let id = statuses.first?["id_str"] as? String
        else { throw ChildError("the mock server's search page does not hold 50 tweets") }
        return jsonPage + "&max_id=\(id)"
    }

    /// Holds the stalled connections, samples the server's idle CPU, then measures PNG
    /// throughput beside them.
    private func stalled(
        name: String, port: Int, request: String, cpu: () -> Double, url: URL, unloaded: Sample,
        report: inout Report
    ) throws -> (cpu: Sample, ratio: Sample) {
        let held = try HeldConnections(port: port, count: settings.stalledConnections, request: request)
        defer { held.closeAll() }
        usleep(1_000_000)  // let the server take them all in and settle
        var usage: [Double] = []
        for _ in 0..<settings.repetitions {
            let before = cpu()
            let elapsed = seconds { usleep(UInt32(settings.idleSeconds) * 1_000_000) }
            usage.append((cpu() - before) / elapsed * 100)
        }
        var rates: [Double] = []
        for _ in 0..<settings.repetitions {
            rates.append(try wrk(url, seconds: settings.wrkSeconds).requestsPerSecond / unloaded.median)
        }
        let closed = held.closedCount()
        progress("case 2 \(name): idle CPU \(Format.number(Sample(usage).median))% of a core, throughput beside them \(Format.ratio(Sample(rates).median))× unloaded, \(closed) of \(settings.stalledConnections) closed by the server")
        if closed > 0 {
            report.remark(2, "\(name) closed \(closed) of the \(settings.stalledConnections) held connections during the case.")
        }
        return (Sample(usage), Sample(rates))
    }
}

/// GETs `url` with the curl CLI (the peers must not depend on our client) and returns the body;
/// an https URL's certificate must chain to `caFile`.
func fetch(_ url: URL, header: String? = nil, caFile: URL? = nil) throws -> Data {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fetch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    var arguments = ["-sSf", "-m", "30", "-o", file.path]
    if let header { arguments += ["-H", header] }
    if let caFile { arguments += ["--cacert", caFile.path] }
    arguments.append(url.absoluteString)
    let finished = try runCommand("/usr/bin/curl", arguments, timeout: 40)
    guard finished.status == 0 else { throw ChildError("curl \(url) failed (\(finished.status)): \(finished.errorOutput)") }
    return try Data(contentsOf: file)
}
