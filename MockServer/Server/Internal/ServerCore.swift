import CMicroHTTPD
import Foundation
import Logging
import Synchronization

/// The server behind ``MockServer``: the daemon's lifecycle (start, stop, its ports, the offline
/// switch) and the services the request stages use (scheduler, journal, images, timeline, stubs).
/// The request path itself is in `Stages/`; the daemons' start and stop in `ServerCore+Daemons`.
final class ServerCore: Sendable {
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
    /// Answers handed over but not journalled yet (``settleJournal(limit:)`` waits for them).
    let handOvers = HandOvers()
    /// The `offline-first` scenario's count of images served.
    let offlineFirst = OfflineFirstWatch()
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
    /// The fault rules (`/__admin/faults`, `--root-dir`'s `faults/`).
    let faultRules = FaultRuleStore()
    /// The recorder of proxied exchanges (`/__admin/recordings/…`, `--record-mappings`).
    let recorder = Recorder()
    /// The newest proxied exchanges, for `POST /__admin/recordings/snapshot`.
    let proxyJournal = ProxyJournal()
    /// The root directory's `__files/` (for `bodyFileName`), when one was given.
    let stubFiles: StubFiles?
    /// Response templating for the stubs (which stubs, and their answers rendered).
    let templating: StubTemplating
    let endpoints: Mutex<Endpoints>
    /// The CA and certificates of the HTTPS listeners; `nil` without ``MockServer/Configuration/tls``.
    let tls: TLSMaterial?
    /// `--proxy-all`'s upstream: what no stub answers goes there, and the catalog is off.
    let proxyAll: ProxyTarget?
    /// The proxy's transfer threads and trusted CAs.
    let proxyTransfers: ProxyTransfers

    let listeners = Mutex(Listeners())
    /// The next connection id (``makeConnectionID()``).
    let nextConnectionID = Atomic<Int>(1)
    /// The next daemon id.
    let nextDaemonID = Atomic<Int>(1)
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
        templating = StubTemplating(
            mode: configuration.responseTemplating, seed: configuration.stubSeed, clock: configuration.clock, logger: configuration.logger)
        let directory = configuration.rootDirectory.map(StubRootDirectory.init)
        stubFiles = directory?.files
        if let directory {
            do { try stubs.add(try directory.loadStubs(), fromRootDirectory: true) } catch { throw .invalidStubs(error) }
            do { try faultRules.add(try directory.loadFaultRules()) } catch { throw .invalidFaultRules(error) }
        }
        proxyAll = try configuration.proxy.proxyAll.map { (base) throws(MockServerError) in try ProxyTarget(proxyAll: base) }
        proxyTransfers = try ProxyTransfers(caFile: configuration.proxy.caFile)
        platform = try ServingPlatform(configuration.backend)
        scheduler = ConnectionScheduler(watcher: try platform.makeWatcher())
    }

    /// Binds the main port (learning the port when 0 was asked), then the admin port; closes the
    /// main port again when configured to start offline.
    func start() throws(MockServerError) {
        do throws(MockServerError) {
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
            if let proxyAll, let reason = selfTargetReason(proxyAll.upstreamURL(for: "/")) {
                throw MockServerError.invalidProxy("--proxy-all \(proxyAll.base): \(reason)")
            }
            try startConfiguredRecording()
            if configuration.startOffline { try setOffline(true) }
        } catch {
            stop()
            throw error
        }
    }

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
        finishConfiguredRecording()
        scheduler.shutdown()
    }
}
