import Foundation
import Synchronization

/// Samples this process's resident memory while an operation runs and reports the largest
/// growth over the level before it: how much an implementation held at its worst.
///
/// Resolution is coarse (pages, other threads, allocator caches), so checks allow several
/// megabytes; a client that buffers a 64 MB body still stands out by an order of magnitude.
/// Linux reads `/proc/self/statm`; elsewhere the peak resident size from `getrusage`.
package enum MemoryProbe {
    /// Runs `operation` while sampling every millisecond; returns its result and the peak growth in bytes.
    /// The sampler is a thread of its own, not a task: the cooperative pool can be starved by
    /// the very work being measured, and a missed peak would let a buffering client pass.
    ///
    /// The baseline is taken once the resident size has stopped moving (see ``waitUntilSteady()``):
    /// work an earlier check left running (a decode that outlived its watchdog) must not count.
    package static func peakGrowth<Value: Sendable>(during operation: @Sendable () async -> Value) async -> (Value, Int) {
        await waitUntilSteady()
        let baseline = residentBytes()
        let sampler = Sampler(baseline: baseline)
        let thread = Thread { sampler.run() }
        thread.start()
        let value = await operation()
        let peak = sampler.finish()
        return (value, peak - baseline)
    }

    /// Waits (at most `limit`) until the resident size moved by less than 8 MB over the last
    /// 200 ms: the process is not in the middle of someone else's allocation.
    static func waitUntilSteady(limit: Duration = .seconds(15)) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var window: [Int] = [residentBytes()]
        while clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            window.append(residentBytes())
            if window.count > 11 { window.removeFirst() }
            if window.count == 11, let low = window.min(), let high = window.max(), high - low < 8_000_000 { return }
        }
    }

    /// Samples on its own thread until `finish()`.
    private final class Sampler: Sendable {
        private let peak: Atomic<Int>
        private let stopped = Atomic<Bool>(false)
        private let done = DispatchSemaphore(value: 0)

        init(baseline: Int) {
            peak = Atomic(baseline)
        }

        func run() {
            while !stopped.load(ordering: .acquiring) {
                peak.max(MemoryProbe.residentBytes())
                usleep(1_000)
            }
            done.signal()
        }

        /// Stops the thread and returns the peak seen (including now).
        func finish() -> Int {
            peak.max(MemoryProbe.residentBytes())
            stopped.store(true, ordering: .releasing)
            done.wait()
            return peak.load(ordering: .relaxed)
        }
    }

    /// Bytes resident now.
    package static func residentBytes() -> Int {
        #if os(Linux)
            if let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
                let fields = text.split(separator: " ")
                if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
            }
            return 0
        #else
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }
}

extension Atomic where Value == Int {
    /// Raises the stored value to `candidate` if larger.
    fileprivate func max(_ candidate: Int) {
        var current = load(ordering: .relaxed)
        while candidate > current {
            let (exchanged, original) = compareExchange(expected: current, desired: candidate, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
