import Foundation
import Synchronization

/// Runs image renderings on threads of its own, in two lanes, so that rendering never blocks a
/// shared (Dispatch or Swift concurrency) thread and a small image never waits behind a huge one.
///
/// Each lane is a ``StandingThreads`` pool: a bounded FIFO drained by at most a fixed number of
/// dedicated threads. A thread is started when work arrives and no more than the lane's number
/// are running; it takes jobs until the FIFO is empty, waits ``idleLinger`` for more, and then
/// ends, so an idle server holds no rendering thread at all, while a stream of small renderings
/// reuses its threads instead of starting one per image (a thread start maps a stack, which waits
/// for the address space's lock whenever a large rendering, preempted at nice 19, holds it while
/// it maps or unmaps its frame: milliseconds for a 64×48 image).
/// Jobs not started yet can be withdrawn (their clients all left) and ``stop()`` drops them all.
final class RenderQueue: Sendable {
    /// Which FIFO a rendering goes to.
    enum Lane: Int, CaseIterable, Sendable {
        /// Images up to ``ImageStore/largeImagePixels``: two threads.
        case small
        /// Larger images: one thread at a time (a 20000×20000 rendering takes seconds and,
        /// for JPEG, a whole frame of memory), as background work: `SCHED_BATCH` at the lowest
        /// CPU priority (nice 19), so a polling thread that wakes for a small request always
        /// gets the core first.
        case large

        /// Threads that drain the lane at most.
        var threads: Int { self == .small ? 2 : 1 }
        /// Jobs the lane queues at most (beyond, ``RenderQueue/enqueue(_:lane:work:)`` refuses).
        var capacity: Int { self == .small ? 1_024 : 16 }
        /// The `nice` increment of the lane's threads (19, the lowest priority, for the large lane:
        /// at 10 the polling threads' small requests still waited behind it on 2 busy cores).
        var niceness: Int32 { self == .small ? 0 : 19 }
    }

    /// Why a job was not queued.
    enum Refusal: Error, Sendable {
        /// The lane's FIFO holds ``Lane/capacity`` jobs already.
        case full(Lane)
        /// ``RenderQueue/stop()`` was called.
        case stopped
    }

    /// One pool of standing threads per lane, in ``Lane`` order.
    private let lanes: [StandingThreads]
    /// How long a lane's thread waits for more work before it ends.
    let idleLinger: Duration

    /// A queue whose threads wait `idleLinger` for more work before they end.
    init(idleLinger: Duration = .seconds(2)) {
        self.idleLinger = idleLinger
        lanes = Lane.allCases.map { lane in
            StandingThreads(
                name: "mockserver-render-\(lane)", limit: lane.threads, linger: idleLinger,
                capacity: lane.capacity, niceness: lane.niceness)
        }
    }

    /// Queues `work` on `lane`, starting a thread for it if the lane has fewer than its number.
    func enqueue(_ ticket: RenderTicket, lane: Lane, work: @escaping @Sendable () -> Void) throws(Refusal) {
        do throws(StandingThreads.Refusal) {
            try lanes[lane.rawValue].submit(withdrawable: ticket) { _ in work() }
        } catch {
            switch error {
            case .full: throw .full(lane)
            case .stopped: throw .stopped
            }
        }
    }

    /// Withdraws the job of `ticket` if it has not started; returns whether it was withdrawn.
    @discardableResult
    func withdraw(_ ticket: RenderTicket) -> Bool {
        lanes.contains { $0.withdraw(ticket) }
    }

    /// Jobs waiting (not started) in `lane`.
    func queued(_ lane: Lane) -> Int { lanes[lane.rawValue].queuedCount }

    /// Jobs running in `lane`.
    func running(_ lane: Lane) -> Int { lanes[lane.rawValue].runningCount }

    /// Drops every job not started and refuses new ones; running jobs finish on their threads.
    func stop() {
        for lane in lanes { lane.stop() }
    }

    /// Threads alive for `lane`, busy or waiting for work.
    func threads(_ lane: Lane) -> Int { lanes[lane.rawValue].threadCount }
}

/// One rendering's identity and cancellation flag, shared by the store and the queue.
final class RenderTicket: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Marks the rendering abandoned: nobody waits for it any more.
    func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether the rendering was abandoned.
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
