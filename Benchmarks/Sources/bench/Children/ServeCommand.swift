import ArgumentParser
import Foundation
import MockServer

/// `bench serve`: the mock server in a process of its own, so its CPU is measured apart from
/// the load generator and the clients. Prints `port N`, serves until standard input closes or
/// SIGTERM arrives (the parent's end closes the pipe, so it never outlives the run).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the mock server until stdin closes.", shouldDisplay: false)

    @Option(help: "The run's folder (only named so leftovers can be found by it).")
    var workDir: String?
    @Option(help: "The mock server's backend: epoll or portable (default: the platform's).")
    var backend: String?
    @Option(help: "Threads serving the main port (0: one per core).")
    var threads = 0

    func run() throws {
        raiseFileLimit()
        let server: MockServer
        do {
            // 60 tweets at start, so the 50-tweet page of case 1 is full from the first second.
            var configuration = MockServer.Configuration(adminPort: nil, initialTweetCount: 60)
            if let backend {
                guard let chosen = MockServer.Backend(rawValue: backend) else { throw ValidationError("--backend epoll|portable") }
                configuration.backend = chosen
            }
            configuration.servingThreads = threads
            server = try MockServer.start(configuration)
        } catch {
            throw ValidationError("cannot start the mock server: \(error)")
        }
        FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
        signal(SIGTERM, SIG_IGN)
        let termination = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        termination.setEventHandler {
            server.stop()
            Glibc.exit(0)
        }
        termination.resume()
        // Standard input is the parent's pipe: end of file means the parent is gone or done.
        _ = FileHandle.standardInput.readDataToEndOfFile()
        server.stop()
        withExtendedLifetime(termination) {}
    }
}

/// The serve child seen from the parent.
struct ServedMockServer: Sendable {
    let child: Child
    let port: Int

    /// Starts `bench serve` with `options` (`--backend portable`, `--threads 1`).
    static func start(workDir: URL, options: [String] = []) throws -> ServedMockServer {
        let child = try Child(
            "mock server", executable: ownExecutable(), arguments: ["serve", "--work-dir", workDir.path] + options,
            log: workDir.appendingPathComponent((["mockserver"] + options.filter { !$0.hasPrefix("-") }).joined(separator: "-") + ".log"))
        let line = try child.readLine(timeout: 30)
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            child.stop()
            throw ChildError("the mock server printed \(line.debugDescription) instead of its port")
        }
        return ServedMockServer(child: child, port: port)
    }

    func url(_ pathAndQuery: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")! }
    var cpuSeconds: Double { treeCPU(child.pid) }
    func stop() { child.stop() }
}
