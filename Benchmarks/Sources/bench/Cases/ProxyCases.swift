import Foundation

/// Case 10: proxying. The same upstream (nginx serving case 1's PNG and JSON as files) behind
/// three proxies: the mock server with `--proxy-all`, WireMock with one `proxyBaseUrl` mapping
/// for every path, and nginx with `proxy_pass` (HTTP/1.1, kept-alive upstream connections).
/// Targets: at least 0.8× nginx's requests/s and 5× WireMock's.
struct ProxyCases {
    let settings: Settings
    /// The mock server of cases 1–6, which serves the bytes the upstream then serves as files.
    let ours: ServedMockServer

    func run(into report: inout Report) throws {
        let png = try fetch(ours.url(ServerCases.pngPath))
        let json = try fetch(ours.url(try ServerCases.pinnedPage(ours)), header: ServerCases.authorization)
        let root = try settings.folder("www-proxied")
        try png.write(to: root.appendingPathComponent("image.png"))
        try json.write(to: root.appendingPathComponent("tweets.json"))

        let upstream = try Nginx.start(serving: root, settings: settings, name: "nginx-upstream")
        defer { upstream.stop() }
        let base = upstream.url("")
        let proxy = try ServedMockServer.start(workDir: settings.workDir, options: ["--proxy-all", base.absoluteString])
        defer { proxy.stop() }
        let wireMock = try WireMockPeer.start(settings: settings)
        defer { wireMock.stop() }
        try StubLoader.add([["request": ["urlPattern": "/.*"], "response": ["proxyBaseUrl": base.absoluteString]]], to: wireMock.url(""))
        let nginx = try Nginx.start(serving: root, settings: settings, proxyPass: base, name: "nginx-proxy")
        defer { nginx.stop() }
        progress("case 10: upstream nginx on \(upstream.port); mock server on \(proxy.port), WireMock on \(wireMock.port), nginx on \(nginx.port)")

        for (name, path, bytes) in [("PNG", "/image.png", png), ("JSON", "/tweets.json", json)] {
            for (peer, url) in [("mockserver", proxy.url(path)), ("WireMock", wireMock.url(path)), ("nginx", nginx.url(path))] {
                let body = try fetch(url)
                guard body == bytes else { throw ChildError("\(peer) proxied \(body.count) bytes of \(path), not \(bytes.count)") }
            }
            let targets = [("mockserver", proxy.url(path)), ("WireMock", wireMock.url(path)), ("nginx", nginx.url(path))]
            for (_, url) in targets { _ = try wrk(url, seconds: 3) }
            var runs: [String: [WrkResult]] = [:]
            for repetition in 1...settings.repetitions {
                var line: [String] = []
                for (peer, url) in targets {
                    let result = try wrk(url, seconds: settings.wrkSeconds)
                    runs[peer, default: []].append(result)
                    line.append("\(peer) \(Format.number(result.requestsPerSecond)) req/s")
                }
                progress("case 10 \(name) run \(repetition)/\(settings.repetitions): " + line.joined(separator: ", "))
            }
            let label = "proxied \(name) \(Format.grouped(bytes.count / 1024)) KB: requests/s"
            let oursRate = Sample(runs["mockserver"]!.map(\.requestsPerSecond))
            report.rows.append(Row(
                10, label, ours: oursRate, peer: "nginx", Sample(runs["nginx"]!.map(\.requestsPerSecond)), target: .ratioAtLeast(0.8)))
            report.rows.append(Row(
                10, label, ours: oursRate, peer: "WireMock", Sample(runs["WireMock"]!.map(\.requestsPerSecond)), target: .ratioAtLeast(5)))
        }
        report.remark(10, "wrk -t2 -c32 -d\(settings.wrkSeconds)s with keep-alive through each proxy to one upstream, nginx serving case 1's PNG (\(Format.grouped(png.count)) bytes) and JSON (\(Format.grouped(json.count)) bytes) as files. The mock server runs `--proxy-all` (libcurl on a standing pool of transfer threads, answers up to 256 KB sent whole, idle handles kept so upstream connections are reused); WireMock \(StubCases.wireMockVersion) one mapping `{\"urlPattern\": \"/.*\"}` → `proxyBaseUrl`; nginx `proxy_pass` with HTTP/1.1 and `keepalive 32`. Every proxy, the upstream and wrk share the same 2 cores.")
    }
}
