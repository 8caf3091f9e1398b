import Foundation

/// Polls `condition` every `interval` seconds until it holds or `timeout` seconds pass;
/// returns whether it held. For tests that wait on another thread or process, without sleeping
/// longer than needed.
public func waitUntil(timeout: Double = 5, interval: Double = 0.01, _ condition: () -> Bool) -> Bool {
    let deadline = ProcessStats.now() + timeout
    while ProcessStats.now() < deadline {
        if condition() { return true }
        usleep(UInt32(interval * 1_000_000))
    }
    return condition()
}
