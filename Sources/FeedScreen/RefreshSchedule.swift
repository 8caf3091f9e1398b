/// The feed's timer: a refresh at once, then one every interval, with a countdown each second.
///
/// Deadlines are absolute instants of the injected clock (start + k s), so a clock that jumps
/// ahead (a `TestClock` advanced by a minute) catches up tick by tick instead of drifting.
/// Refreshes never overlap: when the next one is due while the previous is still running, the
/// countdown shows 0 and the due refresh starts as soon as the previous one ends; the interval
/// is then counted from that start.
enum RefreshSchedule {
    /// Runs until the calling task is cancelled (cancelling a running refresh too).
    static func run<C: Clock<Duration>>(
        clock: C, interval: Duration,
        refresh: @escaping @Sendable () async -> Void,
        countdown: @escaping @Sendable (Int) async -> Void
    ) async {
        let interval = max(interval, .seconds(1))
        let running = SharedFlag()
        await withTaskGroup(of: Void.self) { group in
            var start = clock.now
            schedule: while !Task.isCancelled {
                running.set(true)
                group.addTask {
                    await refresh()
                    running.set(false)
                }
                let due = start.advanced(by: interval)
                var tick = start
                var secondsLeft = Int((interval / .seconds(1)).rounded(.up))
                do {
                    while tick < due {
                        await countdown(secondsLeft)
                        tick = min(tick.advanced(by: .seconds(1)), due)
                        try await clock.sleep(until: tick, tolerance: nil)
                        secondsLeft -= 1
                    }
                } catch {
                    break schedule  // cancelled
                }
                let waited = running.isSet
                if waited { await countdown(0) }
                _ = await group.next()
                start = waited ? clock.now : due
            }
            group.cancelAll()
        }
    }
}
