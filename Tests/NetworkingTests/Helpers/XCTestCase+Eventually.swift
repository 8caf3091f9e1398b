import XCTest

extension XCTestCase {
    /// Waits (polling every 10 ms, at most 3 s) until `condition` holds, else records a failure.
    func eventually(
        file: StaticString = #filePath, line: UInt = #line, _ condition: @escaping () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertTrue(condition(), "condition not met within 3 s", file: file, line: line)
    }
}
