public import Foundation
public import Logging

extension MockServer {
    /// How a mock server listens and what it serves.
    public struct Configuration: Sendable {
        /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`. Default `127.0.0.1`.
        public var host: String
        /// The main port; 0 picks a free one (read it back from ``MockServer/baseURL``).
        public var port: Int
        /// The admin port (`/__admin/…` and `/health` only); 0 picks a free one; `nil` serves admin
        /// on the main port only. The admin port stays open while the server is offline.
        public var adminPort: Int?
        /// The address the admin port listens on; `nil` (the default) means ``host``. Keep it on
        /// loopback (`127.0.0.1`) while ``host`` serves the network: the main port then refuses
        /// the admin API too, so it cannot be reached from other machines.
        public var adminHost: String?
        /// The bearer token `/1.1/` and `/2/` endpoints require. Default `testbed-token`.
        public var token: String
        /// Start with the main port closed (as after `setOffline(true)`).
        public var startOffline: Bool
        /// The clock behind the tweet timeline and rate-limit headers.
        public var clock: any ServerClock
        /// Where the server logs: one `info` line per request, `warning` for trouble.
        public var logger: Logger
        /// How many finished requests the journal keeps (oldest dropped first).
        public var journalCapacity: Int
        /// Most request-body bytes the journal holds across its records (each keeps at most
        /// 64 KB): the newest records keep theirs, older ones lose it (``RequestRecord/bodyDropped``).
        /// Default 16 MB; 0 keeps no bodies.
        public var journalBodyBudget = Configuration.defaultJournalBodyBudget
        /// Most simultaneous connections per port (libmicrohttpd's default of 1,020 is too low
        /// for stall tests), at least 1. Past the limit a new connection's request is answered
        /// with a 503 and the connection closed; when 64 such connections are open too, new
        /// ones are closed as soon as they are accepted. They never hang.
        public var connectionLimit: Int
        /// How long a connection may go without traffic either way (a half-sent request, an idle
        /// keep-alive, a client that stopped reading) before it is closed, in whole seconds
        /// (rounded up); `nil` or zero: never. Suspended connections (`delay`, `drip` between
        /// steps, `stall_after`, images being generated) are exempt while suspended. Default 60 s.
        public var idleTimeout: Duration?
        /// Tweets already on the timeline when the server starts.
        public var initialTweetCount: Int
        /// How the server waits on its sockets: ``Backend/platformDefault`` (`.epoll` on Linux,
        /// `.portable` elsewhere) unless set. Starting with a backend this system lacks throws
        /// ``MockServerError/backendUnavailable(_:)``.
        public var backend: Backend = .platformDefault
        /// libmicrohttpd threads serving the main port (a thread pool when above 1; a connection
        /// stays on the thread that accepted it); 0 means one per core. The admin port has one
        /// thread. Default 1: with one thread, requests that follow one another are journalled
        /// in the order they were sent even on different connections; with several, two such
        /// requests may finish, and be journalled, out of order by microseconds. `mockserver`
        /// and `make bench` use one per core.
        public var servingThreads: Int = 1
        /// The port of the blackhole (an address on ``host`` where `connect()` never completes;
        /// see ``MockServer/blackholeURL``); 0, the default, picks a free one.
        public var blackholePort: Int = 0
        /// A WireMock root directory: its `mappings/**/*.json` are loaded as stubs at start (a bad
        /// one refuses the start with ``MockServerError/invalidStubs(_:)``) and `bodyFileName`
        /// is read from its `__files/`. `nil`: no stubs until some are added.
        public var rootDirectory: URL?
        /// The seed of the stubs' random delays (`delayDistribution`) and of their templates'
        /// random helpers (unless a stub sets `metadata.testbed.seed`), so runs repeat.
        public var stubSeed: UInt64
        /// Which stubs' answers are rendered as templates: those naming the `response-template`
        /// transformer (``ResponseTemplating/local``, the default) or all (``ResponseTemplating/global``).
        public var responseTemplating: ResponseTemplating = .local
        /// HTTPS: a TLS port serving what the main port serves, a CA of the server's own and the
        /// certificate faults' listeners (see ``MockServer/TLSOptions``). `nil`, the default: none.
        public var tls: TLSOptions?
        /// Records every proxied exchange from the start (`mockserver --record-mappings`) and writes
        /// the mappings under ``rootDirectory`` (bodies in `__files/`, as WireMock's command-line
        /// recorder writes them) when the server stops. Needs a ``rootDirectory``: starting without
        /// one throws ``MockServerError/invalidStubs(_:)`` saying so. Default `false`.
        public var recordMappings = false
        /// Proxying: `--proxy-all`, the CAs of HTTPS upstreams, the `Host` sent (see
        /// ``MockServer/ProxyOptions``). By default only stubs with `proxyBaseUrl` proxy.
        public var proxy = ProxyOptions()

        /// A configuration for tests: 127.0.0.1, port 0 for both ports, the default token, quiet.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            adminPort: Int? = 0,
            adminHost: String? = nil,
            token: String = "testbed-token",
            startOffline: Bool = false,
            clock: any ServerClock = SystemServerClock(),
            logger: Logger = MockServer.quietLogger,
            journalCapacity: Int = 10_000,
            connectionLimit: Int = 10_000,
            idleTimeout: Duration? = .seconds(60),
            initialTweetCount: Int = 40,
            rootDirectory: URL? = nil,
            stubSeed: UInt64 = 0x7E57_BED
        ) {
            self.host = host
            self.port = port
            self.adminPort = adminPort
            self.adminHost = adminHost
            self.token = token
            self.startOffline = startOffline
            self.clock = clock
            self.logger = logger
            self.journalCapacity = journalCapacity
            self.connectionLimit = connectionLimit
            self.idleTimeout = idleTimeout
            self.initialTweetCount = initialTweetCount
            self.rootDirectory = rootDirectory
            self.stubSeed = stubSeed
        }

        /// The journal's default body budget: 16 MB, the bodies of the newest 256 requests at least.
        public static let defaultJournalBodyBudget = 16 * 1024 * 1024
    }

    /// A logger that only reports warnings and errors: the default in-process.
    public static var quietLogger: Logger {
        var logger = Logger(label: "mockserver")
        logger.logLevel = .warning
        return logger
    }
}
