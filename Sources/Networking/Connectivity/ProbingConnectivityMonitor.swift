public import Foundation
import Synchronization

/// A ``ConnectivityMonitor`` that asks a known URL (e.g. the server's `/health`) through an
/// ``HTTPClient``, at once on ``start()`` and then every `interval`.
///
/// Online means the probe got an HTTP answer, whatever its status (a 500 still proves the
/// network works); offline means ``NetworkError/offline``, ``NetworkError/timedOut`` or
/// ``NetworkError/connectionLost`` (``NetworkError/isTransient``). A cancelled probe decides
/// nothing. Time goes through the injected clock, so tests drive the interval with a test clock;
/// the probe itself is a real request bounded by `probeTimeouts`.
///
/// ```swift
/// let monitor = ProbingConnectivityMonitor(client: client, probeURL: base.appending(path: "health"))
/// monitor.start()
/// for await online in monitor.changes() { banner.isHidden = online }
/// ```
public final class ProbingConnectivityMonitor: ConnectivityMonitor {
    /// Five seconds between probes.
    public static let defaultInterval: Duration = .seconds(5)
    /// A probe gives up after 2 s without an answer, 3 s in all.
    public static let defaultProbeTimeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(2), total: .seconds(3))

    private let client: any HTTPClient
    private let probeRequest: HTTPRequest
    private let interval: Duration
    private let clock: any Clock<Duration>
    private let state = ConnectivityState()
    private let loop = Mutex<Task<Void, Never>?>(nil)

    /// Creates a stopped monitor; call ``start()``.
    /// - Parameters:
    ///   - client: sends the probes.
    ///   - probeURL: any URL of the host that answers quickly (its `/health`).
    ///   - interval: time between the starts of two probes; must be positive.
    ///   - probeTimeouts: deadlines of one probe.
    ///   - clock: measures the interval (a `TestClock` in tests).
    public init(
        client: any HTTPClient, probeURL: URL, interval: Duration = defaultInterval,
        probeTimeouts: RequestTimeouts = defaultProbeTimeouts, clock: any Clock<Duration> = ContinuousClock()
    ) {
        precondition(interval > .zero, "the probe interval must be positive")
        self.client = client
        // Any status is an answer; a long body is an answer too, so keep it short.
        probeRequest = HTTPRequest(
            url: probeURL, method: "GET", timeouts: probeTimeouts, maxBytes: 64 * 1024, acceptableStatus: 100...599)
        self.interval = interval
        self.clock = clock
    }

    deinit {
        loop.withLock { $0?.cancel() }
        state.finishSubscribers()
    }

    // MARK: ConnectivityMonitor

    /// The last probe's verdict; if no probe has finished yet, runs one and returns its verdict.
    public var isOnline: Bool {
        get async {
            if let current = state.current { return current }
            // Not known yet: find out now. A cancelled check leaves it unknown; assume online.
            return await Self.probe(client: client, request: probeRequest, publishingTo: state) ?? true
        }
    }

    /// A stream that yields the current state first (once known), then every change; it ends
    /// when the monitor stops. Any number of subscribers.
    public func changes() -> AsyncStream<Bool> {
        state.subscribe()
    }

    // MARK: Lifecycle

    /// Starts probing: once now, then every interval. Does nothing when already started.
    public func start() {
        // Locals, not a capture list: the loop must not keep the monitor alive, and the
        // compiler opens `any Clock` only for a plain local (not a capture-list entry).
        let (client, probeRequest, interval, clock, state) = (client, probeRequest, interval, clock, state)
        loop.withLock { loop in
            guard loop == nil else { return }
            loop = Task {
                await Self.run(clock: clock, interval: interval) {
                    _ = await Self.probe(client: client, request: probeRequest, publishingTo: state)
                }
            }
        }
    }

    /// Stops probing: cancels a probe in flight, returns once the loop has ended, and ends the
    /// streams handed out so far. The last known state stays; ``start()`` starts again.
    public func stop() async {
        let running = loop.withLock { loop in
            defer { loop = nil }
            return loop
        }
        running?.cancel()
        await running?.value
        state.finishSubscribers()
    }

    // MARK: Internals

    /// Probes finished since creation (test hook: lets a test know a probe happened).
    var completedProbes: Int { state.completedProbes }

    /// Calls `probe` at once and then on every tick of `interval`, until cancelled. Ticks are
    /// counted from the first probe, not from the end of the last one; ticks missed while a slow
    /// probe ran are skipped, and a tick that is due already runs without sleeping.
    private static func run(clock: some Clock<Duration>, interval: Duration, probe: () async -> Void) async {
        var next = clock.now
        while !Task.isCancelled {
            await probe()
            next = next.advanced(by: interval)
            let now = clock.now
            while next < now { next = next.advanced(by: interval) }
            guard now < next else { continue }
            do {
                try await clock.sleep(until: next, tolerance: nil)
            } catch {
                return  // Cancelled.
            }
        }
    }

    /// Sends one probe and publishes what it found: `true` online, `false` offline, `nil` when it
    /// was cancelled (nothing published).
    @discardableResult
    private static func probe(client: any HTTPClient, request: HTTPRequest, publishingTo state: ConnectivityState) async -> Bool? {
        let online: Bool
        do {
            _ = try await client.send(request)
            online = true
        } catch .cancelled {
            return nil
        } catch {
            online = !error.isTransient
        }
        guard !Task.isCancelled else { return nil }
        state.publish(online)
        return online
    }
}
