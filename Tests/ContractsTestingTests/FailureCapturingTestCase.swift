import XCTest

/// A test case that can capture the failures a block records instead of recording them, to
/// check what an assertion helper reports.
class FailureCapturingTestCase: XCTestCase {
    /// Failure descriptions recorded while `capturing`, without XCTFail's `failed - ` prefix.
    private var captured: [String] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append(description.hasPrefix("failed - ") ? String(description.dropFirst("failed - ".count)) : description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `body` records.
    func failures(_ body: () async -> Void) async -> [String] {
        captured = []
        capturing = true
        await body()
        capturing = false
        return captured
    }
}
