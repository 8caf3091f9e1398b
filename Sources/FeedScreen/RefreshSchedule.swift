/// The feed's timer: a refresh at once, then one every interval, with a countdown each second.
///
/// Deadlines are absolute instants of the injected clock (start + k s), so a clock that jumps
/// ahead (a `TestClock` advanced by a minute) catches up tick by tick instead of drifting.
/// Refreshes never overlap: when the next one is due while the previous is still running, the
/// countdown shows 0 and the due refresh starts as soon as the previous one ends; the interval
/// is then counted from that start.
///
/// Each round runs the refresh and the countdown to the next due time as two child tasks;
/// which of them ends first says whether the refresh was late, so they share no state.
enum RefreshSchedule {
    /// How one child task of a round ended.
    private enum Lap: Sendable {
        /// The refresh ended.
        case refreshed
        /// The countdown reached the due time.
        case due
        /// The countdown was cancelled.
        case cancelled
    }

    /// Runs until the calling task is cancelled (cancelling a running refresh too). `refresh`
    /// and `countdown` run on the main actor, where the interactor keeps its state.
    static func run<C: Clock<Duration>>(
        clock: C, interval: Duration,
        refresh: @escaping @MainActor @Sendable () async -> Void,
        countdown: @escaping @MainActor @Sendable (Int) -> Void
    ) async {
        let interval = max(interval, .seconds(1))
        await withTaskGroup(of: Lap.self) { group in
            var start = clock.now
            while !Task.isCancelled {
                let roundStart = start
                group.addTask {
                    await refresh()
                    return .refreshed
                }
                group.addTask { await countDown(clock: clock, from: roundStart, interval: interval, countdown: countdown) }
                guard let first = await group.next(), first != .cancelled else { break }
                let late = first == .due
                if late { await countdown(0) }  // the due refresh waits for the running one
                guard let second = await group.next(), second != .cancelled else { break }
                start = late ? clock.now : roundStart.advanced(by: interval)
            }
            group.cancelAll()
        }
    }

    /// Shows the seconds left once a second from `start` until `start + interval`; `.due` then,
    /// `.cancelled` when the task is cancelled first.
    private static func countDown<C: Clock<Duration>>(
        clock: C, from start: C.Instant, interval: Duration, countdown: @MainActor @Sendable (Int) -> Void
    ) async -> Lap {
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
            return .due
        } catch {
            return .cancelled
        }
    }
}
