import Foundation
import Synchronization

/// Samples this process's resident memory while an operation runs and reports the largest
/// growth over the level before it: how much an implementation held at its worst.
///
/// Resolution is coarse (pages, other threads, allocator caches), so checks allow several
/// megabytes; a client that buffers a 64 MB body still stands out by an order of magnitude.
/// Linux reads `/proc/self/statm`; Darwin asks `task_info` for the resident size now (not
/// `getrusage`'s `ru_maxrss`: the lifetime peak, which stops moving once the process has peaked,
/// so growth would read about 0 and a client that buffers whole bodies would pass).
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
        #elseif canImport(Darwin)
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            // `mach_task_self_` is marked nonisolated(unsafe) from the macOS 15.4 SDK on (Xcode 26 is required).
            let status = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            return status == KERN_SUCCESS ? Int(info.resident_size) : 0
        #else
            return 0
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
