import Foundation

/// Case 8: the mock server's HTTPS port against nginx over TLS, both presenting a leaf from the
/// mock server's CA: the 1 MB PNG with keep-alive under wrk, then a new TLS connection for every
/// request (a small answer, `Connection: close`), which is what a handshake costs each side.
struct HTTPSCases {
    let settings: Settings
    /// The mock server of cases 1–7 (plain HTTP), whose PNG and health answer are the bytes nginx serves.
    let ours: ServedMockServer

    /// The small answer of the handshake runs: the body is a few bytes, so the handshake dominates.
    static let smallPath = "/health"

    func run(into report: inout Report) throws {
        let authority = try settings.folder("tls")
        let png = try fetch(ours.url(ServerCases.pngPath))
        let small = try fetch(ours.url(Self.smallPath))
        let root = try settings.folder("www-tls")
        try png.write(to: root.appendingPathComponent("image.png"))
        try small.write(to: root.appendingPathComponent("health"))

        // A mock server of its own with HTTPS (it creates the CA in `authority` as it starts),
        // then nginx with a leaf from that CA.
        let secure = try ServedMockServer.start(workDir: settings.workDir, options: ["--tls-dir", authority.path])
        defer { secure.stop() }
        guard let hosts = secure.tls?.hosts else { throw ChildError("the mock server started without HTTPS") }
        let leaf = try PeerCertificate.issue(authority: authority, hosts: hosts, into: try settings.folder("nginx-tls"))
        let nginx = try Nginx.start(serving: root, settings: settings, tls: leaf)
        defer { nginx.stop() }
        progress("case 8: mock server HTTPS on port \(secure.tls?.port ?? 0), nginx HTTPS on port \(nginx.tlsPort ?? 0)")

        // Both chains verify against the one CA, and both send the very bytes of the plain port.
        let caFile = authority.appendingPathComponent("ca.pem")
        let pairs = [
            ("mockserver", secure.httpsURL(ServerCases.pngPath), png), ("nginx", nginx.httpsURL("/image.png"), png),
            ("mockserver", secure.httpsURL(Self.smallPath), small), ("nginx", nginx.httpsURL("/health"), small),
        ]
        for (name, url, expected) in pairs {
            let body = try fetch(url, caFile: caFile)
            guard body == expected else {
                throw ChildError("\(name) sent \(body.count) bytes over HTTPS for \(url.path), not the \(expected.count) of the plain port")
            }
        }
        let oursTLS = try PeerCertificate.negotiated(port: secure.tls?.port ?? 0, authority: authority)
        let nginxTLS = try PeerCertificate.negotiated(port: nginx.tlsPort ?? 0, authority: authority)

        // Keep-alive: the 1 MB PNG, alternating the two as case 1 does.
        let pngKB = png.count / 1024
        let (oursURL, nginxURL) = (secure.httpsURL(ServerCases.pngPath), nginx.httpsURL("/image.png"))
        _ = try wrk(oursURL, seconds: 1)
        _ = try wrk(nginxURL, seconds: 1)
        let (oursRuns, nginxRuns) = try alternate(
            "case 8 PNG over HTTPS", (oursURL, { secure.cpuSeconds }), (nginxURL, { nginx.cpuSeconds }), seconds: settings.tlsSeconds)
        let keepAlive = "PNG \(pngKB) KB over HTTPS, keep-alive"
        report.rows.append(Self.row("\(keepAlive): requests/s", \.rate, oursRuns, nginxRuns, target: .ratioAtLeast(0.8)))
        report.rows.append(Self.row("\(keepAlive): p99 latency, ms", \.p99Milliseconds, oursRuns, nginxRuns))
        report.rows.append(Self.row("\(keepAlive): server CPU per request, ms", \.cpuMilliseconds, oursRuns, nginxRuns))

        // A new connection, so a full handshake, for every request.
        let close = "Connection: close"
        let (oursSmall, nginxSmall) = (secure.httpsURL(Self.smallPath), nginx.httpsURL("/health"))
        let (oursNew, nginxNew) = try alternate(
            "case 8 new TLS connection per request", (oursSmall, { secure.cpuSeconds }), (nginxSmall, { nginx.cpuSeconds }),
            seconds: settings.handshakeSeconds, header: close)
        report.rows.append(Self.row("new TLS connection per request (\(Self.smallPath), \(close)): requests/s", \.rate, oursNew, nginxNew))
        report.rows.append(Self.row("server CPU per new TLS connection (handshake and answer), ms", \.cpuMilliseconds, oursNew, nginxNew))

        report.remark(8, "A second `bench serve` with HTTPS (`--tls-dir` in the run's folder: it makes the CA there) against nginx with `listen … ssl`. The mock server keeps its leaf in memory, so nginx gets an equivalent one issued by the same CA with the openssl CLI: a new ECDSA P-256 key, ECDSA-SHA256, the same subject alternative names (\(hosts.joined(separator: ", "))), serverAuth; curl with `--cacert ca.pem` verified both chains and the bytes (the PNG is \(Format.grouped(png.count)) bytes, as in case 1) before the runs. An OpenSSL client with its defaults, as wrk is (`openssl s_client -brief`), negotiated \(oursTLS) with the mock server (GnuTLS through libmicrohttpd) and \(nginxTLS) with nginx (OpenSSL 3).")
        report.remark(8, "Keep-alive: `wrk -t2 -c32 -d\(settings.tlsSeconds)s`, nginx as in case 1 (sendfile cannot serve TLS: it reads the file and encrypts 16 KB records). New connections: `wrk -t2 -c32 -d\(settings.handshakeSeconds)s -H '\(close)'` on a \(small.count)-byte answer, so each request is a TCP connection and a full TLS handshake (nginx's session tickets and cache are off; libmicrohttpd keeps no session state), and the server's CPU (its whole process tree, /proc, 10 ms ticks) divided by the requests is the cost of one. Server CPU per request is the steadier figure on a shared machine: requests/s also depends on what else runs, wrk included, on the same 2 cores.")
    }

    /// One wrk run's rate and p99, and the server's CPU (its process tree) per request.
    struct Measured {
        let rate: Double
        let p99Milliseconds: Double
        let cpuMilliseconds: Double
    }

    /// Measures the mock server (`ours`), then nginx, `settings.repetitions` times, alternating
    /// so a noisy moment hurts both alike; prints each repetition's rates and CPU under `label`.
    private func alternate(
        _ label: String, _ ours: (url: URL, cpu: () -> Double), _ nginx: (url: URL, cpu: () -> Double), seconds: Int,
        header: String? = nil
    ) throws -> (ours: [Measured], nginx: [Measured]) {
        var oursRuns: [Measured] = [], nginxRuns: [Measured] = []
        for repetition in 1...settings.repetitions {
            oursRuns.append(try measure(ours.url, seconds: seconds, header: header, cpu: ours.cpu))
            nginxRuns.append(try measure(nginx.url, seconds: seconds, header: header, cpu: nginx.cpu))
            progress(
                "\(label) run \(repetition)/\(settings.repetitions): mockserver \(Format.number(oursRuns.last!.rate)) req/s "
                    + "(\(Format.number(oursRuns.last!.cpuMilliseconds)) ms server CPU each), nginx \(Format.number(nginxRuns.last!.rate)) req/s "
                    + "(\(Format.number(nginxRuns.last!.cpuMilliseconds)) ms each)")
        }
        return (oursRuns, nginxRuns)
    }

    /// One row of case 8: `value` of the mock server's runs against nginx's.
    private static func row(
        _ title: String, _ value: KeyPath<Measured, Double>, _ ours: [Measured], _ nginx: [Measured], target: Target? = nil
    ) -> Row {
        Row(8, title, ours: Sample(ours.map { $0[keyPath: value] }), peer: "nginx", Sample(nginx.map { $0[keyPath: value] }), target: target)
    }

    private func measure(_ url: URL, seconds: Int, header: String? = nil, cpu: () -> Double) throws -> Measured {
        let before = cpu()
        let result = try wrk(url, seconds: seconds, header: header)
        let used = cpu() - before
        let requests = result.requestsPerSecond * Double(seconds)
        return Measured(
            rate: result.requestsPerSecond, p99Milliseconds: result.p99Milliseconds,
            cpuMilliseconds: requests > 0 ? used / requests * 1000 : 0)
    }
}
