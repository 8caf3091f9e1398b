import Foundation
import XCTest

/// Waits (polling every 5 ms, letting the main actor run) until `condition` holds or `timeout`
/// seconds pass; fails the test at the caller's line when it never holds.
@MainActor
@discardableResult
public func eventually(
    timeout: Double = 10, _ message: @autoclosure () -> String = "condition never held",
    file: StaticString = #filePath, line: UInt = #line, _ condition: @MainActor () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    if condition() { return true }
    XCTFail(message(), file: file, line: line)
    return false
}
