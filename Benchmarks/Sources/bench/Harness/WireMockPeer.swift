import Foundation

/// Real WireMock (the standalone jar the PyPI package `wiremock` ships; ci/wiremock-venv.sh
/// installs it) as the peer of the stub case, in a JVM of its own on 127.0.0.1.
struct WireMockPeer: Sendable {
    let child: Child
    let port: Int

    /// `$WIREMOCK_JAR`, or the link ci/wiremock-venv.sh makes (ci/bench.sh runs from the root).
    static var jar: String {
        ProcessInfo.processInfo.environment["WIREMOCK_JAR"] ?? ".build-wiremock/wiremock-standalone.jar"
    }

    /// Starts WireMock with an empty root folder in the run's scratch folder and waits until its
    /// admin API answers. `--no-request-journal` and `--disable-request-logging`: under load the
    /// journal would grow without bound, and the mock server's log runs at `warning`.
    /// `--local-response-templating`: stubs naming `response-template` are rendered, as the mock
    /// server renders them by default (and WireMock 3 does; 2.35 needs the flag).
    static func start(settings: Settings) throws -> WireMockPeer {
        guard FileManager.default.fileExists(atPath: jar) else {
            throw ChildError("no WireMock jar at \(jar) (ci/bench.sh runs ci/wiremock-venv.sh)")
        }
        guard let java = executable(named: "java") else { throw ChildError("no 'java' on PATH (ci/install-deps.sh installs one)") }
        let root = try settings.folder("wiremock")
        for folder in ["mappings", "__files"] { _ = try settings.folder("wiremock/\(folder)") }
        let child = try Child(
            "WireMock", executable: java,
            arguments: [
                "-jar", jar, "--port", "0", "--bind-address", "127.0.0.1", "--root-dir", root.path, "--disable-banner",
                "--no-request-journal", "--disable-request-logging", "--local-response-templating",
            ],
            log: root.appendingPathComponent("stderr.log"))
        // With --port 0 WireMock picks the port and prints it among its options: `port:   41823`.
        let deadline = ContinuousClock.now + .seconds(60)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline {
            let line = try child.readLine(timeout: max(1, (deadline - ContinuousClock.now).seconds))
            if line.hasPrefix("port:") { port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) }
        }
        guard let port else {
            child.stop()
            throw ChildError("WireMock printed no port within 60 s")
        }
        let peer = WireMockPeer(child: child, port: port)
        while ContinuousClock.now < deadline {
            if (try? fetch(peer.url("/__admin/mappings"))) != nil { return peer }
            usleep(50_000)
        }
        child.stop()
        throw ChildError("WireMock's admin API did not answer within 60 s")
    }

    func url(_ pathAndQuery: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")! }
    var cpuSeconds: Double { treeCPU(child.pid) }
    func stop() { child.stop() }

    private static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Adds stubs through WireMock's admin API (`POST /__admin/mappings`), which the mock server
/// answers too, with the curl CLI: the same requests load both servers.
enum StubLoader {
    /// Posts each mapping (a JSON object) to `base`; fails on any answer but 201.
    static func add(_ mappings: [[String: Any]], to base: URL) throws {
        for mapping in mappings {
            let answer = try post(mapping, to: base)
            guard answer.status == "201" else { throw ChildError("POST \(base)/__admin/mappings answered \(answer.status): \(answer.body)") }
        }
    }

    /// Why the server at `base` refuses `mapping` (its answer), or `nil` when it takes it; a
    /// mapping taken is removed again. How a case finds out whether a server reads a field yet.
    static func refusal(of mapping: [String: Any], at base: URL) throws -> String? {
        let id = UUID().uuidString.lowercased()
        var probe = mapping
        probe["id"] = id
        let answer = try post(probe, to: base)
        guard answer.status == "201" else { return answer.body }
        let deleted = try runCommand(
            "/usr/bin/curl", ["-sS", "-m", "30", "-o", "/dev/null", "-w", "%{http_code}", "-X", "DELETE", base.absoluteString + "/__admin/mappings/" + id],
            timeout: 40)
        guard deleted.status == 0, deleted.output == "200" else {
            throw ChildError("DELETE of probe mapping \(id) answered \(deleted.output) (\(deleted.errorOutput))")
        }
        return nil
    }

    /// `POST /__admin/mappings` of one mapping with the curl CLI: the answer's status code and body.
    private static func post(_ mapping: [String: Any], to base: URL) throws -> (status: String, body: String) {
        let url = base.absoluteString + "/__admin/mappings"
        let body = try JSONSerialization.data(withJSONObject: mapping)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-stub-\(UUID().uuidString).json")
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let finished = try runCommand(
            "/usr/bin/curl",
            ["-sS", "-m", "30", "-w", "\n%{http_code}", "-H", "Content-Type: application/json", "--data-binary", "@\(file.path)", url],
            timeout: 40)
        guard finished.status == 0 else { throw ChildError("POST \(url) failed (\(finished.status)): \(finished.errorOutput)") }
        let lines = finished.output.split(separator: "\n", omittingEmptySubsequences: false)
        return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }
}
