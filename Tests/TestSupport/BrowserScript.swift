public import Foundation
import XCTest

/// A Playwright script of `Tests/Browser/` (Playwright for Python driving Debian's Chromium),
/// run with the venv `ci/browser-venv.sh` makes (`make test` does). Without the venv the test
/// fails and says how to make it: browser tests are never skipped.
public enum BrowserScript {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Tests/Browser/<name>` with `arguments`, prints its output, and fails the calling
    /// test unless it exits 0 having reported " 0 failed".
    public static func run(
        _ name: String, arguments: [String], timeout: Double = 300, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let python = root.appendingPathComponent(".build-browser/venv/bin/python")
        let script = root.appendingPathComponent("Tests/Browser/\(name)")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            XCTFail("no Playwright venv at \(python.path): run `bash ci/browser-venv.sh` (make test does)", file: file, line: line)
            return
        }
        let child = try ChildProcess(python, [script.path] + arguments)
        let status = child.waitForExit(timeout: timeout)
        let output = child.standardOutput + child.standardError
        print(output)
        XCTAssertEqual(status, 0, "the browser tests failed:\n\(output)", file: file, line: line)
        XCTAssertTrue(child.standardOutput.contains(" 0 failed"), child.standardOutput, file: file, line: line)
    }
}
