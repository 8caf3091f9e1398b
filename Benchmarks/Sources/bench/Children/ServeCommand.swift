import ArgumentParser
import Foundation
import MockServer

/// `bench serve`: the mock server in a process of its own, so its CPU is measured apart from
/// the load generator and the clients. Prints `port N` (with `--tls-dir`, then `tls-port M HOSTS`),
/// serves until standard input closes or SIGTERM arrives (the parent's end closes the pipe, so
/// it never outlives the run).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the mock server until stdin closes.", shouldDisplay: false)

    @Option(help: "The run's folder (only named so leftovers can be found by it).")
    var workDir: String?
    @Option(help: "The mock server's backend: epoll or portable (default: the platform's).")
    var backend: String?
    @Option(help: "Threads serving the main port (0: one per core).")
    var threads = 0
    @Option(help: "Serve HTTPS too, on a free port, with the CA kept in this folder.")
    var tlsDir: String?
    @Option(help: "Proxy every request to this upstream (mockserver --proxy-all).")
    var proxyAll: String?

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
            configuration.proxy.proxyAll = proxyAll
            if let tlsDir {
                configuration.tls = MockServer.TLSOptions(port: 0, directory: URL(fileURLWithPath: tlsDir))
            }
            server = try MockServer.start(configuration)
        } catch {
            throw ValidationError("cannot start the mock server: \(error)")
        }
        FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
        if let https = server.httpsBaseURL, let tlsPort = https.port {
            // The names its certificate covers, so the peer's certificate can cover the same.
            FileHandle.standardOutput.write(Data("tls-port \(tlsPort) \(server.certificateHosts.joined(separator: ","))\n".utf8))
        }
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
    /// The HTTPS port and the names its certificate covers, when started with `--tls-dir`.
    var tls: (port: Int, hosts: [String])? = nil

    /// Starts `bench serve` with `options` (`--backend portable`, `--threads 1`, `--tls-dir DIR`).
    static func start(workDir: URL, options: [String] = []) throws -> ServedMockServer {
        // The log is named after the options' values ("mockserver-portable.log"); a folder's path is no name.
        let words = options.filter { !$0.hasPrefix("-") && !$0.contains("/") } + (options.contains("--tls-dir") ? ["https"] : [])
            + (options.contains("--proxy-all") ? ["proxy"] : [])
        let child = try Child(
            "mock server", executable: ownExecutable(), arguments: ["serve", "--work-dir", workDir.path] + options,
            log: workDir.appendingPathComponent((["mockserver"] + words).joined(separator: "-") + ".log"))
        let line = try child.readLine(timeout: 30)
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5)) else {
            child.stop()
            throw ChildError("the mock server printed \(line.debugDescription) instead of its port")
        }
        var served = ServedMockServer(child: child, port: port)
        if options.contains("--tls-dir") {
            let tlsLine = try child.readLine(timeout: 30)
            let fields = tlsLine.split(separator: " ")
            guard fields.count == 3, fields[0] == "tls-port", let tlsPort = Int(fields[1]) else {
                child.stop()
                throw ChildError("the mock server printed \(tlsLine.debugDescription) instead of its HTTPS port")
            }
            served.tls = (tlsPort, fields[2].split(separator: ",").map(String.init))
        }
        return served
    }

    func url(_ pathAndQuery: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")! }
    /// `https://127.0.0.1:<tls port><pathAndQuery>` (the server must have been started with `--tls-dir`).
    func httpsURL(_ pathAndQuery: String) -> URL { URL(string: "https://127.0.0.1:\(tls?.port ?? 0)\(pathAndQuery)")! }
    var cpuSeconds: Double { treeCPU(child.pid) }
    func stop() { child.stop() }
}
