public import ArgumentParser
import Foundation
public import Logging
import MockServer

/// `mockserver`: the fault-injecting HTTP server for manual testing (`make run`).
@main
struct MockServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockserver",
        abstract: "Serves generated images and tweet JSON with network faults on demand.",
        discussion: """
            Every path takes fault parameters, combinable (?fault.delay=500&fault.drip=20000; the \
            catalog's routes also take the bare names, ?delay=500, which on a stub's path are the \
            app's); they apply in this order: \(Fault.Name.order). GET /__admin/catalog lists them \
            with examples. \
            POST /__admin/offline {"offline":true} closes the main port; the admin port turns it back.
            Stubs in WireMock's mapping format (--root-dir DIR, or POST /__admin/mappings) are matched \
            before the catalog; GET /__admin/mappings and /__admin/scenarios list them.
            HTTPS: --tls-port 8443 serves every route over TLS with a certificate from the server's own CA \
            (mockserver --print-ca, GET /__admin/ca.pem); the certificate faults listen on the next 7 ports.

            Faults:
            \(Fault.Name.textTable)

            Image zoo: GET /images/N.<ext>?variant=NAME (any N, w and h; every fault applies), and what a good loader does:
            \(ImageZoo.textTable)
            """)

    @Option(help: "Address to listen on (IPv4/IPv6 literal or localhost).")
    var host = "127.0.0.1"

    @Option(help: "Main port (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("admin-port"), help: "Admin port (default: main port + 1; 0 picks a free one).")
    var adminPort: Int?

    @Option(
        name: .customLong("admin-host"),
        help: """
            Address of the admin port (default: --host). With --host on the network and --admin-host 127.0.0.1, \
            the admin API is reachable from this machine only (the main port refuses it too).
            """)
    var adminHost: String?

    @Option(
        name: .customLong("blackhole-port"),
        help: "Port where connect() never completes, for connect timeouts (default: main port + 2; 0 picks a free one).")
    var blackholePort: Int?

    @Option(help: "Bearer token the /1.1/ and /2/ endpoints require.")
    var token = "testbed-token"

    @Flag(help: "Start with the main port closed (switch on with the admin endpoint).")
    var offline = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info (one line per request), notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(
        name: .customLong("connection-limit"),
        help: "Connections served at once per port; past it, requests get a 503 (at least 1).")
    var connectionLimit = 10_000

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may go without traffic before it is closed (0: never; stalled and delayed requests are exempt).")
    var idleTimeout = 60

    @Option(
        help: "How to wait on sockets: epoll (Linux only, its default) or portable (poll(); any system).")
    var backend: MockServer.Backend = .platformDefault

    @Option(help: "Threads serving the main port (0: one per core).")
    var threads = 0

    @Option(
        name: .customLong("root-dir"),
        help: """
            A WireMock root directory: stubs from DIR/mappings/**/*.json (matched before the catalog), \
            bodyFileName from DIR/__files/, fault rules from DIR/faults/*.json. A bad mapping or rule refuses \
            the start, naming the file and the field.
            """)
    var rootDirectory: String?

    @Flag(
        name: .customLong("global-response-templating"),
        help: "Render every stub's answer as a template (WireMock's Handlebars dialect), as WireMock's flag of the same name does.")
    var globalResponseTemplating = false

    @Flag(
        name: .customLong("local-response-templating"),
        help: "Render only the answers of stubs naming the response-template transformer (the default).")
    var localResponseTemplating = false

    @Option(
        name: .customLong("stub-seed"),
        help: "The seed of the stubs' random delays and template random helpers (a stub's metadata.testbed.seed wins), so runs repeat.")
    var stubSeed: UInt64?

    @Option(
        name: .customLong("tls-port"),
        help: """
            Serve every route over HTTPS too, on this port (0 picks a free one), with a certificate from the \
            server's own CA, plus one listener per certificate fault (expired, wrong host, handshake stall…).
            """)
    var tlsPort: Int?

    @Option(
        name: .customLong("tls-dir"),
        help: "Where the CA is kept (created at the first start; trust its ca.pem once). Default: the user's cache folder.")
    var tlsDirectory: String?

    @Option(
        name: .customLong("tls-host"),
        help: "A host name or address the HTTPS certificate covers besides localhost, 127.0.0.1, ::1 and --host (repeatable).")
    var tlsHosts: [String] = []

    @Option(
        name: .customLong("tls-fault-port"),
        help: "First of the 7 consecutive ports of the certificate faults (default: --tls-port + 1; 0 picks free ones).")
    var tlsFaultPort: Int?

    @OptionGroup var recording: RecordingOptions
    @OptionGroup(title: "Proxying")
    var proxy: ProxyCommandOptions

    @Flag(name: .customLong("print-ca"), help: "Print the CA certificate (PEM; creating the CA in --tls-dir if needed) and exit.")
    var printCA = false

    /// The CA folder asked for, or the default.
    private var tlsFolder: URL {
        tlsDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? MockServer.TLSOptions.defaultDirectory
    }

    func validate() throws {
        guard !(globalResponseTemplating && localResponseTemplating) else {
            throw ValidationError("--global-response-templating and --local-response-templating exclude each other; pass one")
        }
        guard backend.isAvailable else { throw ValidationError("--backend \(backend.rawValue) does not run on this system; use portable") }
        guard (0...64).contains(threads) else { throw ValidationError("--threads must be 0...64, not \(threads)") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        if let adminPort, !(0...65_535).contains(adminPort) {
            throw ValidationError("--admin-port must be 0...65535, not \(adminPort)")
        }
        if adminPort == nil, port == 65_535 {
            throw ValidationError("--port 65535 leaves no room for the admin port; pass --admin-port")
        }
        if let adminPort, adminPort != 0, adminPort == port {
            throw ValidationError("--admin-port must differ from --port")
        }
        if let blackholePort, !(0...65_535).contains(blackholePort) {
            throw ValidationError("--blackhole-port must be 0...65535, not \(blackholePort)")
        }
        if blackholePort == nil, port >= 65_534 {
            throw ValidationError("--port \(port) leaves no room for the blackhole port; pass --blackhole-port")
        }
        if let blackholePort, blackholePort != 0, blackholePort == port || blackholePort == adminPort ?? port + 1 {
            throw ValidationError("--blackhole-port must differ from --port and --admin-port")
        }
        guard (1...1_000_000).contains(connectionLimit) else {
            throw ValidationError("--connection-limit must be 1...1000000, not \(connectionLimit)")
        }
        if let tlsPort, !(0...65_535).contains(tlsPort) {
            throw ValidationError("--tls-port must be 0...65535, not \(tlsPort)")
        }
        if let tlsPort, tlsPort != 0, [port, adminPort ?? port + 1, blackholePort ?? port + 2].contains(tlsPort) {
            throw ValidationError("--tls-port must differ from --port, --admin-port and --blackhole-port")
        }
        if tlsPort == nil, tlsDirectory != nil || !tlsHosts.isEmpty || tlsFaultPort != nil, !printCA {
            throw ValidationError("--tls-dir, --tls-host and --tls-fault-port need --tls-port")
        }
        if let tlsPort {
            let first = tlsFaultPort ?? (tlsPort == 0 ? 0 : tlsPort + 1)
            let faults = first == 0 ? [] : Array(first..<(first + MockServer.TLSFault.allCases.count))
            guard first >= 0, faults.last ?? 0 <= 65_535 else {
                throw ValidationError("the certificate faults need 7 ports from \(first) up to 65535; pass --tls-fault-port")
            }
            let others = [port, adminPort ?? port + 1, blackholePort ?? port + 2, tlsPort].filter { $0 != 0 }
            if let clash = faults.first(where: others.contains) {
                throw ValidationError("the certificate faults' ports \(first)-\(first + 6) include \(clash), taken by another option; pass --tls-fault-port")
            }
        }
        guard idleTimeout >= 0 else { throw ValidationError("--idle-timeout must be 0 or more seconds, not \(idleTimeout)") }
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw ValidationError("--token must be non-empty and contain no spaces")
        }
    }

    func run() async throws {
        if printCA {
            do throws(MockServerError) {
                FileHandle.standardOutput.write(Data(try MockServer.certificateAuthorityPEM(in: tlsFolder).utf8))
                sayError("mockserver: the CA is kept in \(tlsFolder.path)")
                return
            } catch {
                sayError("mockserver: \(error)")
                throw ExitCode.failure
            }
        }
        // Caught from now on: a signal sent as soon as the address is printed must not be lost.
        let signals = Signals([SIGINT, SIGTERM])
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        FileDescriptorLimit.raiseToMaximum()
        var logger = Logger(label: "mockserver")
        logger.logLevel = level
        let requestedAdminPort = adminPort ?? (port == 0 ? 0 : port + 1)
        var configuration = MockServer.Configuration(
            host: host, port: port, adminPort: requestedAdminPort, adminHost: adminHost, token: token,
            startOffline: offline, logger: logger, connectionLimit: connectionLimit,
            idleTimeout: idleTimeout == 0 ? nil : .seconds(idleTimeout),
            rootDirectory: rootDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
        configuration.blackholePort = blackholePort ?? (port == 0 ? 0 : port + 2)
        configuration.backend = backend
        configuration.servingThreads = threads
        configuration.responseTemplating = globalResponseTemplating ? .global : .local
        if let stubSeed { configuration.stubSeed = stubSeed }
        try recording.prepare(rootDirectory: rootDirectory)
        configuration.recordMappings = recording.recordMappings
        configuration.proxy = proxy.options
        if let tlsPort {
            configuration.tls = MockServer.TLSOptions(
                port: tlsPort, directory: tlsFolder, extraHosts: tlsHosts, firstFaultPort: tlsFaultPort)
        }
        let server: MockServer
        do throws(MockServerError) {
            server = try MockServer.start(configuration)
        } catch .invalidHost(let bad) {
            throw ValidationError("mockserver: \(MockServerError.invalidHost(bad))")
        } catch .invalidCertificateHost(let bad, let reason) {
            throw ValidationError("--tls-host: \(MockServerError.invalidCertificateHost(bad, reason: reason))")
        } catch {
            // A runtime failure, not a usage error: one line, exit status 1.
            var line = "mockserver: \(error)"
            if case .addressInUse(_, let busy) = error {
                let option =
                    busy == port && port != 0 ? "--port"
                    : busy == configuration.blackholePort ? "--blackhole-port"
                    : busy == tlsPort ? "--tls-port"
                    : busy == configuration.adminPort ? "--admin-port" : "--tls-fault-port"
                line += "; pick another with \(option)"
            }
            sayError(line)
            throw ExitCode.failure
        }
        say("mockserver listening on \(server.baseURL) (admin \(server.adminURL), blackhole \(server.blackholeURL))\(offline ? ", main port OFFLINE" : "")")
        say("dashboard: \(server.adminURL)/ (open it in a browser)")
        say("backend: \(server.backend.rawValue), \(server.servingThreads) threads on the main port")
        if let https = server.httpsBaseURL {
            say("https: \(https) (CA: \(tlsFolder.path)/ca.pem, also \(server.adminURL)/__admin/ca.pem; trust it once, see docs/HTTPS.md)")
        }
        if let warning = server.exposureWarning { say("WARNING: \(warning)") }
        if let rootDirectory { say("stubs: \(server.stubs.count) from \(rootDirectory)/mappings (GET /__admin/mappings lists them)") }
        if let rootDirectory, !server.faultRules.isEmpty {
            say("fault rules: \(server.faultRules.count) from \(rootDirectory)/faults (GET /__admin/faults lists them)")
        }
        for warning in server.stubWarnings { say("WARNING: \(warning)") }
        if let upstream = proxy.proxyAll {
            // No token line: the catalog's Twitter routes that take it are off while proxying.
            say("proxying: what no stub answers goes to \(upstream); the built-in catalog is off")
        } else {
            say("token: Authorization: Bearer \(token)")
            say(server.catalogDescription)
        }
        say("Ctrl-C stops.")
        let signal = await signals.next()
        say("\nmockserver: signal \(signal), stopping…")
        server.stop()
        say("mockserver: stopped")
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension MockServer.Backend: ExpressibleByArgument {}

/// Writes a line to standard error at once.
func sayError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes a line to standard output at once (unbuffered, so a piped log shows it immediately).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
