public import Foundation
import Synchronization

/// The wall clock the mock server reads for time-dependent content: the generated tweet
/// timeline (one new tweet every 20 s) and the `x-rate-limit-reset` header.
///
/// Wire behaviour (`delay`, `drip`, stalls) always runs on the real monotonic clock; only the
/// content follows this clock, so tests can move server time forward without waiting.
public protocol ServerClock: Sendable {
    /// The current server time.
    func now() -> Date
}

/// The system wall clock.
public struct SystemServerClock: ServerClock {
    /// Creates a clock that reads `Date()`.
    public init() {}
    /// The current system time.
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to; for tests.
public final class ManualServerClock: ServerClock {
    private let current: Mutex<Date>

    /// Creates a clock standing at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock stands at.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
