import Foundation

/// nginx started by the run in the foreground (`daemon off`), on 127.0.0.1 and a free port,
/// serving one folder; its whole configuration lives in the run's folder.
struct Nginx: Sendable {
    static let executable = "/usr/sbin/nginx"
    let child: Child
    let port: Int
    /// The HTTPS port, when started with a certificate.
    var tlsPort: Int?

    /// Starts nginx serving `root` on a free port, and with `tls` (a certificate and its key, PEM)
    /// the same folder over HTTPS on a second free port. With `proxyPass` it serves no files but
    /// passes every request to that upstream (`proxy_pass`, HTTP/1.1 with 32 kept-alive upstream
    /// connections per worker), from a folder of its own named `name`.
    static func start(
        serving root: URL, settings: Settings, tls: (certificate: URL, key: URL)? = nil, proxyPass: URL? = nil, name: String = "nginx"
    ) throws -> Nginx {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ChildError("nginx is not installed (ci/bench.sh installs nginx-light)")
        }
        let prefix = try settings.folder(name)
        for folder in ["logs", "tmp"] { _ = try settings.folder("\(name)/\(folder)") }
        let port = try freePort()
        let tlsPort = try tls.map { _ in try freePort() }
        var tlsLines = ""
        if let tls, let tlsPort {
            // TLS 1.3 as the mock server speaks it (Debian's nginx 1.22 stops at 1.2 unless told).
            // Session tickets and the session cache off: every new connection is a full handshake,
            // as with libmicrohttpd's GnuTLS (which keeps no session state), and as case 8 measures.
            tlsLines = """
                        listen 127.0.0.1:\(tlsPort) ssl;
                        ssl_certificate \(tls.certificate.path);
                        ssl_certificate_key \(tls.key.path);
                        ssl_protocols TLSv1.2 TLSv1.3;
                        ssl_session_tickets off;
                        ssl_session_cache off;
                """
        }
        // worker_processes auto: what a deployment uses (one per core). Temp paths in the run's
        // folder because nginx-light's compiled-in ones need /var/lib/nginx. send_timeout is
        // and client_header_timeout are raised so the stalled clients of case 2 stay for the whole case.
        let user = geteuid() == 0 ? "user root;\n" : ""
        var upstreamBlock = ""
        var content = """
                    root \(root.path);
                    add_header Cache-Control no-store;
            """
        if let proxyPass, let host = proxyPass.host, let upstreamPort = proxyPass.port {
            upstreamBlock = "upstream proxied { server \(host):\(upstreamPort); keepalive 32; }"
            content = """
                        location / { proxy_pass http://proxied; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_buffering on; }
                """
        }
        let configuration = """
            \(user)worker_processes auto;
            daemon off;
            pid \(prefix.path)/nginx.pid;
            error_log \(prefix.path)/logs/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
                keepalive_requests 1000000;
                send_timeout 600s;
                client_header_timeout 600s;
                client_body_temp_path \(prefix.path)/tmp/body;
                proxy_temp_path \(prefix.path)/tmp/proxy;
                fastcgi_temp_path \(prefix.path)/tmp/fastcgi;
                types { image/png png; image/jpeg jpg; image/gif gif; image/webp webp; image/avif avif; image/heic heic; application/json json; }
                \(upstreamBlock)
                server {
                    listen 127.0.0.1:\(port);
            \(tlsLines)
            \(content)
                }
            }
            """
        let file = prefix.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let child = try Child(
            "nginx", executable: executable, arguments: ["-p", prefix.path, "-c", file.path, "-e", prefix.path + "/logs/error.log"],
            log: prefix.appendingPathComponent("logs/stderr.log"))
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let socket = try? Socket.connect(port: port) {
                close(socket)
                return Nginx(child: child, port: port, tlsPort: tlsPort)
            }
            usleep(20_000)
        }
        child.stop()
        let log = (try? String(contentsOf: prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
        throw ChildError("nginx did not start listening on \(port) within 10 s: \(log)")
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
    /// `https://127.0.0.1:<tls port><path>` (nginx must have been started with a certificate).
    func httpsURL(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(tlsPort ?? 0)\(path)")! }
    var cpuSeconds: Double { treeCPU(child.pid) }
    func stop() { child.stop() }
}

/// One wrk run's figures.
struct WrkResult: Sendable {
    let requestsPerSecond: Double
    let p99Milliseconds: Double
}

/// A request body wrk sends with every request, as a POST.
struct PostBody: Sendable {
    let contentType: String
    let text: String
}

/// Runs wrk (2 threads, 32 connections by default) against `url` for `seconds`; with `post`,
/// every request is a POST of that body (through a wrk script in the temporary folder).
func wrk(
    _ url: URL, seconds: Int, header: String? = nil, post: PostBody? = nil, threads: Int = 2, connections: Int = 32
) throws -> WrkResult {
    let executable = "/usr/bin/wrk"
    guard FileManager.default.isExecutableFile(atPath: executable) else {
        throw ChildError("wrk is not installed (ci/bench.sh installs it)")
    }
    var arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency"]
    if let header { arguments += ["-H", header] }
    var script: URL?
    if let post {
        // A Lua long string takes the body as it is; the level of `=` signs keeps it unambiguous.
        var level = "="
        while post.text.contains("]\(level)]") { level += "=" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-post-\(UUID().uuidString).lua")
        try """
            wrk.method = "POST"
            wrk.headers["Content-Type"] = "\(post.contentType)"
            wrk.body = [\(level)[\(post.text)]\(level)]
            """.write(to: file, atomically: true, encoding: .utf8)
        arguments += ["-s", file.path]
        script = file
    }
    defer { if let script { try? FileManager.default.removeItem(at: script) } }
    arguments.append(url.absoluteString)
    let finished = try runCommand(executable, arguments, timeout: Double(seconds) + 30)
    guard finished.status == 0 else { throw ChildError("wrk failed (\(finished.status)): \(finished.errorOutput)\(finished.output)") }
    return try WrkResult.parse(finished.output, url: url)
}

extension WrkResult {
    /// Reads requests/s and the 99th percentile from `wrk --latency` output; any non-2xx
    /// answer or socket error makes the run worthless, so it throws.
    static func parse(_ text: String, url: URL) throws -> WrkResult {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if let bad = lines.first(where: { $0.hasPrefix("Non-2xx") || $0.hasPrefix("Socket errors") }) {
            throw ChildError("wrk against \(url.path): \(bad)")
        }
        guard let rate = lines.first(where: { $0.hasPrefix("Requests/sec:") })
            .flatMap({ Double($0.split(separator: " ").last ?? "") }),
              let p99Line = lines.first(where: { $0.hasPrefix("99%") }),
              let p99 = milliseconds(String(p99Line.split(separator: " ").last ?? ""))
        else { throw ChildError("cannot read wrk's output: \(text)") }
        return WrkResult(requestsPerSecond: rate, p99Milliseconds: p99)
    }
}

/// "812.00us", "12.34ms", "1.02s" → milliseconds.
private func milliseconds(_ text: String) -> Double? {
    for (suffix, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
        return Double(text.dropLast(suffix.count)).map { $0 * factor }
    }
    return nil
}

/// Plain blocking sockets on 127.0.0.1 (the held connections of case 2).
enum Socket {
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ChildError("socket(): \(String(cString: strerror(errno)))") }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ChildError("connect to 127.0.0.1:\(port): \(reason)")
        }
        return fd
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }
}

/// A free TCP port on 127.0.0.1 (bound to port 0, read back, released) for peers that cannot
/// take port 0 themselves.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = Socket.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw ChildError("cannot find a free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Connections opened, a request sent on each, and then left alone: the server has to hold them.
final class HeldConnections {
    private(set) var sockets: [Int32] = []

    /// Opens `count` connections to `port` and sends `request` (a whole request, or a part of
    /// one the server then waits on) on each.
    init(port: Int, count: Int, request: String) throws {
        let bytes = Array(request.utf8)
        for _ in 0..<count {
            let fd = try Socket.connect(port: port)
            sockets.append(fd)
            guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
                closeAll()
                throw ChildError("could not send the request on a held connection")
            }
        }
    }

    /// How many of them the server has closed (a read sees end of file or an error).
    func closedCount() -> Int {
        var buffer = [UInt8](repeating: 0, count: 1)
        return sockets.filter { fd in
            let got = recv(fd, &buffer, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }.count
    }

    func closeAll() {
        for fd in sockets { close(fd) }
        sockets = []
    }

    deinit { closeAll() }
}
