import CMicroHTTPD
import Foundation
import Logging
import Synchronization

/// One running libmicrohttpd daemon: what its callbacks need to know about it.
final class DaemonHandle: Sendable {
    let id: Int
    let role: DaemonRole
    unowned let core: ServerCore
    /// Connections served at once; the next ``ServerCore/overflowReserve`` get a 503, later ones
    /// are closed as soon as they are accepted.
    let limit: Int
    /// Connections open right now (counted by the connection-notification callback).
    let open = Atomic<Int>(0)

    init(id: Int, role: DaemonRole, core: ServerCore, limit: Int) {
        self.id = id
        self.role = role
        self.core = core
        self.limit = limit
    }
}

/// The server behind ``MockServer``: listeners, scheduler, journal, images, timeline.
final class ServerCore: Sendable {
    /// A started daemon and the retained handle its callbacks receive.
    struct Running: @unchecked Sendable {
        // `@unchecked`: the daemon pointer is only used once, to stop it, under `listeners`' lock.
        let handle: DaemonHandle
        let daemon: OpaquePointer
        let retainedHandle: UnsafeMutableRawPointer
    }

    struct Listeners {
        var main: Running?
        var admin: Running?
        /// The TLS port: open and closed with the main port by the offline switch.
        var tls: Running?
        /// The certificate faults' listeners: open from start to stop, like the blackhole.
        var faults: [Running] = []
        var stall: HandshakeStallListener?
        var stopped = false
    }

    /// Where the server listens, once bound.
    struct Endpoints: Sendable {
        var main: SocketAddress
        /// The admin listener (its port is the configured one until bound); `nil` without one.
        var admin: SocketAddress?
        /// The TLS port (its configured port until bound); `nil` without HTTPS.
        var tls: SocketAddress?
        /// Each certificate fault's listener, once bound.
        var faults: [MockServer.TLSFault: SocketAddress] = [:]
    }

    let configuration: MockServer.Configuration
    let logger: Logger
    let scheduler: ConnectionScheduler
    /// The backend's system calls (polling flags, the scheduler's watcher, the `reset` fault).
    let platform: ServingPlatform
    let journal: Journal
    let images = ImageStore()
    let timeline: TweetTimeline
    /// Tweet answers already built, per request, host and timeline state.
    let tweetAnswers = TweetAnswerCache()
    /// Monotonic ns at start; journal times are relative to it.
    let started = monotonicNanoseconds()
    /// Read by request handlers, which must never take `listeners`' lock (stopping a daemon
    /// waits for its polling thread, which may be inside a handler).
    let offline = Atomic<Bool>(false)
    /// Responses whose last byte has been handed over but whose request is not journalled yet
    /// (the request-completed callback runs a moment after the client may have read the
    /// answer). ``settleJournal()`` waits for these.
    let handedOver = Atomic<Int>(0)
    /// The image URLs the `offline-first` scenario still waits for, when armed.
    let offlineFirst = Mutex<Set<String>?>(nil)
    /// Orders the offline switches: the last command wins.
    let offlineSwitches = OfflineSwitchOrder()
    /// The `flaky` counts per URL, bounded.
    let flakyCounters = FlakyCounters()
    /// The `fail_rate` request counts per URL, bounded the same way (a URL's failure sequence
    /// starts over when it is forgotten or reset).
    let failRateCounters = FlakyCounters()
    /// The address where `connect()` never completes, while the server runs.
    let blackhole = Mutex<Blackhole?>(nil)
    /// Who may use the admin API.
    let adminGuard = AdminGuard()
    /// The journal as the event streams see it (`GET /__admin/events`).
    let events = EventFeed()
    /// `POST /__admin/try` probes running now.
    let probesRunning = Atomic<Int>(0)
    /// The WireMock-format stubs, matched before the catalog.
    let stubs: StubStore
    /// The root directory's `__files/` (for `bodyFileName`), when one was given.
    let stubFiles: StubFiles?
    let endpoints: Mutex<Endpoints>
    /// The CA and certificates of the HTTPS listeners; `nil` without ``MockServer/Configuration/tls``.
    let tls: TLSMaterial?

    let listeners = Mutex(Listeners())
    private let nextConnectionID = Atomic<Int>(1)
    private let nextDaemonID = Atomic<Int>(1)
    /// Encodes the journal for `GET /__admin/requests`, off the polling threads.
    let journalEncoder = DispatchQueue(label: "mockserver.journal")

    /// Prepares a server; nothing listens until ``start()``.
    init(configuration: MockServer.Configuration) throws(MockServerError) {
        guard let address = SocketAddress(host: configuration.host, port: configuration.port) else {
            throw .invalidHost(configuration.host)
        }
        let adminHost = configuration.adminHost ?? configuration.host
        guard let adminAddress = SocketAddress(host: adminHost, port: 0) else { throw .invalidHost(adminHost) }
        if let port = configuration.adminPort, !(0...65_535).contains(port) { throw .cannotListen(host: adminHost, port: port) }
        guard (0...65_535).contains(configuration.blackholePort) else {
            throw .cannotListen(host: configuration.host, port: configuration.blackholePort)
        }
        self.configuration = configuration
        logger = configuration.logger
        journal = Journal(capacity: configuration.journalCapacity, bodyBudget: configuration.journalBodyBudget)
        timeline = TweetTimeline(epoch: configuration.clock.now(), initialCount: configuration.initialTweetCount)
        var tlsAddress: SocketAddress?
        if let options = configuration.tls {
            guard cmhd_supports_tls() != 0 else { throw .tlsUnavailable }
            guard let bound = SocketAddress(host: configuration.host, port: options.port) else {
                throw .cannotListen(host: configuration.host, port: options.port)
            }
            tlsAddress = bound
            tls = try TLSMaterial.make(options: options, listening: configuration.host)
        } else {
            tls = nil
        }
        endpoints = Mutex(
            Endpoints(main: address, admin: configuration.adminPort.map { adminAddress.with(port: $0) }, tls: tlsAddress))
        stubs = StubStore(seed: configuration.stubSeed)
        if let root = configuration.rootDirectory {
            let directory = StubRootDirectory(root)
            stubFiles = directory.files
            do {
                try stubs.add(try directory.loadStubs(), fromRootDirectory: true)
            } catch {
                throw .invalidStubs(error)
            }
        } else {
            stubFiles = nil
        }
        platform = try ServingPlatform(configuration.backend)
        scheduler = ConnectionScheduler(watcher: try platform.makeWatcher())
    }

    /// Binds the main port (learning the port when 0 was asked), then the admin port; closes the
    /// main port again when configured to start offline.
    func start() throws(MockServerError) {
        do {
            let requested = endpoints.withLock { $0.main }
            let main = try listen(role: .main, on: requested, limit: configuration.connectionLimit, threads: servingThreads)
            listeners.withLock { $0.main = main }
            let bound = requested.with(port: Int(cmhd_bind_port(main.daemon)))
            endpoints.withLock { $0.main = bound }
            if let requestedAdmin = endpoints.withLock({ $0.admin }) {
                let admin = try listen(role: .admin, on: requestedAdmin, limit: 1_000, threads: 1)
                listeners.withLock { $0.admin = admin }
                let adminPort = Int(cmhd_bind_port(admin.daemon))
                endpoints.withLock { $0.admin = requestedAdmin.with(port: adminPort) }
            }
            let hole = try Blackhole(host: requested.with(port: configuration.blackholePort))
            blackhole.withLock { $0 = hole }
            try startTLS(on: requested)
            if configuration.startOffline { try setOffline(true) }
        } catch {
            stop()
            throw error
        }
    }

    // MARK: - Lifecycle

    /// Closes or reopens the main port. Closing resumes every suspended connection, drops open
    /// keep-alive connections and makes new ones refused; reopening binds the same port.
    /// A command older than one already applied is dropped (see ``OfflineSwitchOrder``).
    func setOffline(_ goOffline: Bool, ticket: UInt64? = nil) throws(MockServerError) {
        let ticket = ticket ?? offlineSwitches.issue()
        defer { offlineSwitches.markDone() }
        let (address, tlsAddress) = endpoints.withLock { ($0.main, $0.tls) }
        let changed = try listeners.withLock { (listeners) throws(MockServerError) -> Bool in
            guard !listeners.stopped else { throw .stopped }
            guard offlineSwitches.admit(ticket) else { return false }
            if goOffline {
                guard let main = listeners.main else { return false }
                listeners.main = nil
                stopDaemon(main)
                if let tls = listeners.tls {
                    listeners.tls = nil
                    stopDaemon(tls)
                }
                // Only now: whoever sees `isOffline` must find the port refusing.
                offline.store(true, ordering: .sequentiallyConsistent)
            } else {
                guard listeners.main == nil else { return false }
                let main = try listen(
                    role: .main, on: address, limit: configuration.connectionLimit, threads: servingThreads)
                if let tls, let tlsAddress {
                    // Both ports open, or neither: a TLS port taken meanwhile leaves the server
                    // offline, as it says, not half open.
                    do throws(MockServerError) {
                        listeners.tls = try listen(
                            role: .main, on: tlsAddress, limit: configuration.connectionLimit, threads: servingThreads,
                            credential: tls.main)
                    } catch {
                        stopDaemon(main)
                        throw error
                    }
                }
                listeners.main = main
                offline.store(false, ordering: .sequentiallyConsistent)
            }
            return true
        }
        if changed {
            logger.info("main port \(address.port) \(goOffline ? "closed: offline" : "open again: online")")
            announceOfflineState()
        }
    }

    /// Switches later, from the switch queue (for requests handled on a polling thread); the
    /// command's place in line is taken now, or was taken when `ticket` was issued.
    func setOfflineSoon(_ goOffline: Bool, ticket: UInt64? = nil) {
        let ticket = ticket ?? offlineSwitches.issue()
        offlineSwitches.later { [self] in
            do { try setOffline(goOffline, ticket: ticket) } catch { logger.warning("offline switch failed: \(error)") }
        }
    }

    /// Stops both listeners and the scheduler; idempotent.
    func stop() {
        let stopping = listeners.withLock { listeners in
            defer { listeners = Listeners(stopped: true) }
            return listeners
        }
        let (main, admin) = (stopping.main, stopping.admin)
        stopping.stall?.stop()
        for running in [stopping.tls].compactMap({ $0 }) + stopping.faults { stopDaemon(running) }
        images.stop()
        blackhole.withLock { hole in
            hole?.close()
            hole = nil
        }
        if let main { stopDaemon(main) }
        if let admin { stopDaemon(admin) }
        scheduler.shutdown()
    }

    /// Waits (at most `limit`) until every response already handed over has been journalled,
    /// so a client that has read its answer finds its request in the journal. Never call it on
    /// a polling thread: the journalling happens there.
    func settleJournal(limit: Duration = .seconds(1)) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while handedOver.load(ordering: .acquiring) > 0, clock.now < deadline {
            usleep(500)
        }
    }

    /// Arms the `reset` fault on `connection`: once the handler returns `MHD_NO`, the client
    /// gets a RST, never a FIN (curl 56, not 52), on either backend (see ``ServingPlatform/reset(_:)``).
    func resetConnection(_ connection: OpaquePointer) {
        if !platform.reset(connection) { logger.warning("could not arm the reset of a connection (errno \(errno))") }
    }

    /// The flags libmicrohttpd runs the main port with (its polling mechanism resolved), or
    /// `nil` while offline.
    var mainDaemonFlags: UInt32? {
        listeners.withLock { listeners in listeners.main.map { cmhd_daemon_flags($0.daemon) } }
    }

    /// A fresh connection id.
    func makeConnectionID() -> Int { nextConnectionID.add(1, ordering: .relaxed).oldValue }

    /// Milliseconds from the server's start to a monotonic instant.
    func milliseconds(at instant: UInt64) -> Int { Int((instant &- started) / 1_000_000) }

    // MARK: - Daemons

    /// The main port's libmicrohttpd threads: as configured, or one per core.
    var servingThreads: Int {
        let configured = configuration.servingThreads
        return min(max(1, configured > 0 ? configured : ProcessInfo.processInfo.activeProcessorCount), 64)
    }

    /// Starts a daemon; with `credential`, a TLS one presenting it (with `priorities`, GnuTLS's).
    /// `tlsListener` names it in ``MockServerError/tlsListenerRefused(host:port:listener:)``.
    func listen(
        role: DaemonRole, on address: SocketAddress, limit: Int, threads: Int, credential: TLSCredential? = nil,
        priorities: String = "NORMAL", tlsListener: String = "HTTPS port's"
    ) throws(MockServerError) -> Running {
        let limit = min(max(1, limit), Self.maximumConnectionLimit)
        let handle = DaemonHandle(id: nextDaemonID.add(1, ordering: .relaxed).oldValue, role: role, core: self, limit: limit)
        let retained = Unmanaged.passRetained(handle).toOpaque()
        // libmicrohttpd stops accepting (connections hang in the backlog) once its own limit is
        // reached, so its limit stays above ours: the accept policy refuses before it is reached.
        // A thread pool splits libmicrohttpd's limit among its threads, and one thread may end
        // up with most connections, so each thread's share is the whole.
        // Its idle timeout does not run while a connection is suspended (delay, drip, stall,
        // image or journal being built) and restarts when it is resumed.
        let ownLimit = UInt32(clamping: (limit + Self.overflowReserve + 1) * threads)
        // One start for both: the TLS options (key, certificate, priorities) go in only with a
        // credential, since a plain daemon refuses them.
        let daemon = address.withSockaddr { sockaddr in
            cmhd_start(
                platform.daemonFlags | (credential == nil ? 0 : MHD_USE_TLS.rawValue), sockaddr, Callbacks.accept,
                Callbacks.access, retained, Callbacks.completed, Callbacks.connection, ownLimit, idleTimeoutSeconds,
                UInt32(threads), credential?.keyPEM, credential?.certificatePEM, credential == nil ? nil : priorities)
        }
        guard let daemon else {
            Unmanaged<DaemonHandle>.fromOpaque(retained).release()
            // libmicrohttpd says no more than "no daemon"; with TLS, a port we can bind means
            // GnuTLS refused the credential or the priorities, which "port in use" would hide.
            if credential != nil, address.bindError() == nil {
                throw .tlsListenerRefused(host: address.host, port: address.port, listener: tlsListener)
            }
            throw .cannotListen(host: address.host, port: address.port)
        }
        return Running(handle: handle, daemon: daemon, retainedHandle: retained)
    }

    func stopDaemon(_ running: Running) {
        scheduler.beginStopping(daemon: running.handle.id)
        MHD_stop_daemon(running.daemon)
        scheduler.endStopping(daemon: running.handle.id)
        Unmanaged<DaemonHandle>.fromOpaque(running.retainedHandle).release()
    }
}
