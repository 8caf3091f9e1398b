import Foundation
import TestSupport

/// A server that reads WireMock mapping files, run as a child process on 127.0.0.1: real
/// WireMock (`java -jar wiremock-standalone.jar`) or our `mockserver`, both started with
/// `--root-dir` on a copy of the same fixtures, so each test class compares the two answers.
final class StubServerProcess: Sendable {
    /// Which implementation runs.
    enum Kind: String, Sendable {
        case wireMock = "WireMock"
        case mockServer = "mockserver"
    }

    /// Why a server could not be started.
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    let kind: Kind
    /// `http://127.0.0.1:PORT`, where both the stubs and the `/__admin` API answer.
    let base: URL
    private let child: ChildProcess
    /// The temporary copy of the fixtures this server reads (and WireMock may write into).
    private let rootDirectory: URL

    private init(kind: Kind, base: URL, child: ChildProcess, rootDirectory: URL) {
        self.kind = kind
        self.base = base
        self.child = child
        self.rootDirectory = rootDirectory
    }

    /// `base` + `pathAndQuery` (which starts with `/`).
    func url(_ pathAndQuery: String) -> URL {
        URL(string: base.absoluteString + pathAndQuery) ?? base
    }

    /// What the process printed, for failure messages.
    var output: String { child.standardOutput + child.standardError }

    /// Stops the process (SIGTERM, then SIGKILL after 5 s) and removes its fixture copy.
    func stop() {
        child.send(SIGTERM)
        _ = child.waitForExit(timeout: 5)
        try? FileManager.default.removeItem(at: rootDirectory)
    }

    // MARK: - Starting

    /// Starts `kind` on a fresh copy of `fixtures` (a folder with `mappings/` and `__files/`) and
    /// waits until its admin API answers.
    static func start(_ kind: Kind, fixtures: URL) throws -> StubServerProcess {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("wiremock-fixtures-\(kind.rawValue)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures, to: root)
        do {
            let (child, base) = try launch(kind, root: root)
            let server = StubServerProcess(kind: kind, base: base, child: child, rootDirectory: root)
            let ready = waitUntil(timeout: 30, interval: 0.05) {
                CurlClient().request(server.url("/__admin/mappings"), timeout: 2).status == 200
            }
            guard ready else {
                server.stop()
                throw StartError(description: "\(kind.rawValue) never answered GET /__admin/mappings:\n\(server.output)")
            }
            return server
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
    }

    private static func launch(_ kind: Kind, root: URL) throws -> (ChildProcess, URL) {
        switch kind {
        case .wireMock:
            let jar = try WireMockJar.locate()
            let java = try executable(named: "java")
            // --port 0: WireMock picks a free port and prints `port: N` among its options.
            // --local-response-templating: stubs naming the `response-template` transformer are
            // templated (WireMock 2.35 standalone ignores the name without it; mockserver's default).
            return try start(
                "WireMock", java,
                [
                    "-jar", jar.path, "--port", "0", "--bind-address", "127.0.0.1", "--root-dir", root.path, "--disable-banner",
                    "--local-response-templating",
                ],
                announcesPortAfter: "port:")
        case .mockServer:
            return try start(
                "mockserver", ChildProcess.product("mockserver"),
                ["--port", "0", "--admin-port", "0", "--root-dir", root.path, "--log-level", "warning"],
                announcesPortAfter: "listening on http://127.0.0.1:")
        }
    }

    /// Starts `binary` and waits up to 30 s for the port it prints after `marker`; a server that
    /// prints none is stopped and its output is the error.
    private static func start(_ name: String, _ binary: URL, _ arguments: [String], announcesPortAfter marker: String) throws -> (ChildProcess, URL) {
        let child = try ChildProcess(binary, arguments)
        guard waitUntil(timeout: 30, interval: 0.02, { port(in: child.standardOutput, after: marker) != nil }),
              let port = port(in: child.standardOutput, after: marker)
        else {
            _ = child.waitForExit(timeout: 0)
            throw StartError(description: "\(name) printed no port after \"\(marker)\":\n\(child.standardOutput)\(child.standardError)")
        }
        return (child, URL(string: "http://127.0.0.1:\(port)")!)
    }

    /// The decimal number after `marker` in `text`.
    private static func port(in text: String, after marker: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        let digits = text[range.upperBound...].drop(while: { $0 == " " }).prefix(while: \.isNumber)
        return Int(digits)
    }

    /// `name` found on PATH.
    private static func executable(named name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw StartError(description: "no '\(name)' on PATH; run ci/install-deps.sh")
    }
}
