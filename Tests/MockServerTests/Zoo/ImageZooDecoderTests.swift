import Foundation
import TestSupport
import XCTest

/// The zoo checked by another decoder: runs Tests/ImageZoo/zoo_check.py (Pillow, in the venv
/// `ci/image-venv.sh` makes; `make test` makes it) against the `mockserver` product built beside
/// this bundle. Without the venv the test fails and says how to make it: never skipped.
final class ImageZooDecoderTests: XCTestCase {
    func test_everyVariant_isWhatItsNameSays_toPillow() throws {
        let mockserver = ChildProcess.product("mockserver")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: mockserver.path), "build the mockserver product first")
        let python = BrowserScript.root.appendingPathComponent(".build-images/venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            XCTFail("no Pillow venv at \(python.path): run `bash ci/image-venv.sh` (make test does)")
            return
        }
        let script = BrowserScript.root.appendingPathComponent("Tests/ImageZoo/zoo_check.py")
        let child = try ChildProcess(python, [script.path, "--mockserver", mockserver.path])
        let status = child.waitForExit(timeout: 300)
        let output = child.standardOutput + child.standardError
        print(output)
        XCTAssertEqual(status, 0, "the zoo's decoder checks failed:\n\(output)")
        XCTAssertTrue(child.standardOutput.contains(" 0 failed"), child.standardOutput)
    }
}
