public import Foundation

/// An in-process HTTP server (libmicrohttpd) that serves generated images, avatars, a gallery
/// list and tweet JSON, with faults on demand: slow, dripping, stalled, cut, reset, corrupt,
/// oversized, flaky, wrong status or type, malformed JSON — and an offline switch that closes
/// the port so clients meet a refused connection.
///
/// ```swift
/// let server = try MockServer.start()
/// defer { server.stop() }
/// let url = server.url("/images/1.png?delay=500&drip=20000")
/// ```
///
/// Every wait happens with the connection suspended, never with a thread asleep: thousands of
/// stalled connections cost no CPU and do not slow ordinary requests, and ``stop()`` returns
/// promptly whatever is open. The server shares no code with the clients it tests.
public final class MockServer: Sendable {
    /// The server itself (internal: tests reach its parts, such as the journal and the image
    /// store, through `@testable import`).
    let core: ServerCore

    private init(core: ServerCore) {
        self.core = core
    }

    deinit {
        core.stop()
        core.journal.waiters.stop()
    }

    /// Starts a server (by default on 127.0.0.1, free ports for main and admin).
    /// Logs a warning when the admin API answers beyond this machine (see ``exposureWarning``).
    public static func start(_ configuration: Configuration = Configuration()) throws(MockServerError) -> MockServer {
        try start(configuration) { _ in }
    }

    /// Starts a server after `prepare` has set test hooks on its core.
    static func start(_ configuration: Configuration, prepare: (ServerCore) -> Void) throws(MockServerError) -> MockServer {
        let core = try ServerCore(configuration: configuration)
        prepare(core)
        do throws(MockServerError) {
            try core.start()
        } catch {
            // libmicrohttpd does not say why it could not listen; a bind of our own tells.
            if case .cannotListen(let host, let port) = error, let address = SocketAddress(host: host, port: port),
                address.bindError() == EADDRINUSE
            {
                throw .addressInUse(host: host, port: port)
            }
            throw error
        }
        let server = MockServer(core: core)
        if let warning = server.exposureWarning { core.logger.warning("\(warning)") }
        return server
    }

    /// A warning when the admin API (no authentication) answers on an address other machines can
    /// reach — `host` is not loopback and no loopback `adminHost` keeps it in — else `nil`.
    /// ``start(_:)`` logs it; the `mockserver` command prints it too.
    public var exposureWarning: String? {
        core.adminGuard.exposureWarning(core.endpoints.withLock { $0 })
    }

    /// `http://host:port` of the main port (stays the same across the offline switch).
    public var baseURL: URL {
        URL(string: "http://\(core.endpoints.withLock { $0.main.authority })")!
    }

    /// `http://host:port` of the admin port, or the main port's when there is none.
    public var adminURL: URL {
        guard let admin = core.endpoints.withLock({ $0.admin }) else { return baseURL }
        return URL(string: "http://\(admin.authority)")!
    }

    /// `http://host:port` of the blackhole: an address on the server's host where `connect()`
    /// never completes (its listen queue is full and never accepted), so a client meets its own
    /// connect timeout — unlike the offline switch, whose refusal is immediate. Open from start
    /// to ``stop()``, whatever the offline switch; no thread and no CPU behind it.
    public var blackholeURL: URL {
        let address = core.blackhole.withLock { $0?.address } ?? core.endpoints.withLock { $0.main }
        return URL(string: "http://\(address.authority)")!
    }

    /// The main port.
    public var port: Int { core.endpoints.withLock { $0.main.port } }

    /// An absolute URL on the main port for `pathAndQuery` (e.g. `/images/1.png?delay=500`).
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    /// The bearer token the tweet endpoints require.
    public var token: String { core.configuration.token }

    /// Whether the main port is closed.
    public var isOffline: Bool { core.offline.load(ordering: .sequentiallyConsistent) }

    /// Closes the main port (`true`: new connections are refused, open ones are dropped, stalled
    /// ones ended) or reopens it on the same port (`false`). Returns once the switch is done.
    public func setOffline(_ offline: Bool) throws(MockServerError) {
        try core.setOffline(offline)
    }

    /// The finished requests, oldest first (admin calls excluded). A request whose whole answer
    /// the client has already read is included: this waits (at most a second) for responses
    /// already handed to the socket to be journalled. A request still in progress (stalled,
    /// dripping, delayed) appears once it ends.
    public var requests: [RequestRecord] {
        core.settleJournal()
        return core.journal.records
    }

    /// Waits for a request matching `matcher` to be journalled and returns its record: the
    /// first matching one already in the journal (oldest first), else the first to arrive within
    /// `timeout`. A request is journalled when it ends (a stalled one once its client leaves); one
    /// whose answer the client has already read is found even with a zero timeout (as with
    /// ``requests``, the wait ends only once such answers are journalled, at most a second later).
    ///
    /// It never blocks a thread and never outlives `timeout`: it throws
    /// ``RequestWaitError/timedOut(waitingFor:timeout:arrived:)`` naming what it waited for and
    /// what arrived instead, ``RequestWaitError/cancelled(waitingFor:)`` when its task is
    /// cancelled, ``RequestWaitError/serverStopped(waitingFor:arrived:)`` when the server stops.
    ///
    /// ```swift
    /// let record = try await server.waitForRequest(matching: .path("/images/1.png") && .outcome(.clientClosed),
    ///                                              timeout: .seconds(2))
    /// ```
    public func waitForRequest(
        matching matcher: RequestMatcher = .any, timeout: Duration
    ) async throws(RequestWaitError) -> RequestRecord {
        try await core.journal.first(matching: matcher, timeout: timeout, settled: core.isJournalSettled)
    }

    /// ``waitForRequest(matching:timeout:)`` with a predicate; `description` names it in errors.
    public func waitForRequest(
        matching predicate: @escaping @Sendable (RequestRecord) -> Bool, timeout: Duration,
        description: String = "a predicate"
    ) async throws(RequestWaitError) -> RequestRecord {
        try await waitForRequest(matching: RequestMatcher(description, where: predicate), timeout: timeout)
    }

    /// Clears the journal and the `flaky` counters.
    public func resetJournal() {
        core.resetState()
    }

    /// Connections suspended right now (delayed, dripping between steps, stalled, or waiting
    /// for an image to be generated).
    public var suspendedConnections: Int { core.scheduler.suspendedCount }

    /// Stops listening and ends every connection; idempotent. Returns within a second even with
    /// thousands of stalled connections open. Pending ``waitForRequest(matching:timeout:)`` calls
    /// end with ``RequestWaitError/serverStopped(waitingFor:arrived:)``.
    public func stop() {
        core.stop()
        core.journal.waiters.stop()
    }

    /// The catalog of endpoints, faults and scenarios as readable lines (the CLI prints it).
    public var catalogDescription: String {
        let https = core.tlsCatalog(core.endpoints.withLock { $0 }, adminBase: adminURL.absoluteString) { "https://\($0.authority)" }
        return Catalog.text(
            base: baseURL.absoluteString, adminBase: adminURL.absoluteString, blackhole: blackholeURL.absoluteString, https: https)
    }
}
