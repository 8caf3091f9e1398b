import DequeModule
import Foundation
import Synchronization

/// Runs image renderings on threads of its own, in two lanes, so that rendering never blocks a
/// shared (Dispatch or Swift concurrency) thread and a small image never waits behind a huge one.
///
/// Each lane is a bounded FIFO drained by at most a fixed number of dedicated threads. A thread
/// is started when work arrives and no more than the lane's number are running; it takes jobs
/// until the FIFO is empty, waits ``idleLinger`` for more, and then ends, so an idle server holds
/// no rendering thread at all, while a stream of small renderings reuses its threads instead of
/// starting one per image (a thread start maps a stack, which waits for the address space's
/// lock whenever a large rendering, preempted at nice 19, holds it while it maps or unmaps
/// its frame: milliseconds for a 64×48 image).
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

    private struct Job {
        let ticket: RenderTicket
        let work: @Sendable () -> Void
    }

    private struct LaneState {
        var jobs = Deque<Job>()
        /// Threads alive for the lane.
        var running = 0
        /// Of those, threads waiting for work (``RenderQueue/idleLinger`` at most).
        var idle = 0
        /// Of those, threads inside a job.
        var busy = 0
    }

    private struct State {
        var lanes = Array(repeating: LaneState(), count: Lane.allCases.count)
        var stopped = false
    }

    private let state = Mutex(State())
    /// One per lane: signalled once for each idle thread given a job (or told to stop).
    private let wakeUps = Lane.allCases.map { _ in DispatchSemaphore(value: 0) }
    /// How long a lane's thread waits for more work before it ends.
    let idleLinger: Duration

    /// A queue whose threads wait `idleLinger` for more work before they end.
    init(idleLinger: Duration = .seconds(2)) {
        self.idleLinger = idleLinger
    }

    /// The result of looking for a lane's next job.
    private enum Next {
        case job(Job)
        case wait
        case end
    }

    /// Queues `work` on `lane`, starting a thread for it if the lane has fewer than its number.
    func enqueue(_ ticket: RenderTicket, lane: Lane, work: @escaping @Sendable () -> Void) throws(Refusal) {
        enum Start { case none, wake, thread }
        let start = try state.withLock { (state) throws(Refusal) -> Start in
            guard !state.stopped else { throw .stopped }
            guard state.lanes[lane.rawValue].jobs.count < lane.capacity else { throw .full(lane) }
            state.lanes[lane.rawValue].jobs.append(Job(ticket: ticket, work: work))
            if state.lanes[lane.rawValue].idle > 0 {
                state.lanes[lane.rawValue].idle -= 1
                return .wake
            }
            guard state.lanes[lane.rawValue].running < lane.threads else { return .none }
            state.lanes[lane.rawValue].running += 1
            return .thread
        }
        switch start {
        case .none:
            return
        case .wake:
            wakeUps[lane.rawValue].signal()
        case .thread:
            let thread = Thread { [self] in drain(lane) }
            thread.name = "mockserver-render-\(lane)"
            thread.start()
        }
    }

    /// Withdraws the job of `ticket` if it has not started; returns whether it was withdrawn.
    @discardableResult
    func withdraw(_ ticket: RenderTicket) -> Bool {
        state.withLock { state in
            for lane in Lane.allCases {
                if let index = state.lanes[lane.rawValue].jobs.firstIndex(where: { $0.ticket === ticket }) {
                    state.lanes[lane.rawValue].jobs.remove(at: index)
                    return true
                }
            }
            return false
        }
    }

    /// Jobs waiting (not started) in `lane`.
    func queued(_ lane: Lane) -> Int { state.withLock { $0.lanes[lane.rawValue].jobs.count } }

    /// Jobs running in `lane`.
    func running(_ lane: Lane) -> Int { state.withLock { $0.lanes[lane.rawValue].busy } }

    /// Drops every job not started and refuses new ones; running jobs finish on their threads.
    func stop() {
        let idle = state.withLock { state in
            state.stopped = true
            for lane in Lane.allCases { state.lanes[lane.rawValue].jobs.removeAll() }
            defer { for lane in Lane.allCases { state.lanes[lane.rawValue].idle = 0 } }
            return state.lanes.map(\.idle)
        }
        for lane in Lane.allCases {
            for _ in 0..<idle[lane.rawValue] { wakeUps[lane.rawValue].signal() }
        }
    }

    /// Threads alive for `lane`, busy or waiting for work.
    func threads(_ lane: Lane) -> Int { state.withLock { $0.lanes[lane.rawValue].running } }

    // MARK: - Threads

    private func drain(_ lane: Lane) {
        if lane.niceness != 0 {
            // A huge rendering yields the CPU to the polling threads and the small lane (Linux
            // only: elsewhere the nice value is the whole process's, so it is left alone).
            #if os(Linux)
            LinuxThread.setBackground(niceness: lane.niceness)
            #endif
        }
        var finished = false
        while true {
            switch next(lane, finished: finished) {
            case .job(let job):
                job.work()
                finished = true
            case .wait:
                finished = false
                guard waitForWork(lane) else { return }
            case .end:
                return
            }
        }
    }

    /// Waits up to ``idleLinger`` for ``enqueue(_:lane:work:)`` to hand this idle thread a job;
    /// false if none came (the thread has then left the lane's count and ends).
    private func waitForWork(_ lane: Lane) -> Bool {
        let seconds = Double(idleLinger.components.seconds) + Double(idleLinger.components.attoseconds) / 1e18
        if wakeUps[lane.rawValue].wait(timeout: .now() + seconds) == .success { return true }
        let gaveUp = state.withLock { state in
            // Still counted idle: nobody picked this thread, so it leaves. Otherwise an enqueue
            // (or stop) took it and signals right after its lock: take that signal and go on.
            guard state.lanes[lane.rawValue].idle > 0 else { return false }
            state.lanes[lane.rawValue].idle -= 1
            state.lanes[lane.rawValue].running -= 1
            return true
        }
        if gaveUp { return false }
        wakeUps[lane.rawValue].wait()
        return true
    }

    /// The next job, counting the previous one as `finished`: `.wait` when the lane is empty
    /// (the thread is then counted idle), `.end` once stopped.
    private func next(_ lane: Lane, finished: Bool) -> Next {
        state.withLock { state in
            if finished { state.lanes[lane.rawValue].busy -= 1 }
            if state.stopped {
                state.lanes[lane.rawValue].running -= 1
                return .end
            }
            guard let job = state.lanes[lane.rawValue].jobs.popFirst() else {
                state.lanes[lane.rawValue].idle += 1
                return .wait
            }
            state.lanes[lane.rawValue].busy += 1
            return .job(job)
        }
    }
}

/// One rendering's identity and cancellation flag, shared by the store and the queue.
final class RenderTicket: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Marks the rendering abandoned: nobody waits for it any more.
    func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether the rendering was abandoned.
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
