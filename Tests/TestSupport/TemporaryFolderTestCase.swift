public import Foundation
public import XCTest

/// A test case with a folder of its own under the temporary directory, named after the test
/// class and removed after each test. By default the folder exists when the test starts; a class
/// whose code under test must create the folder itself overrides ``createsFolder``.
open class TemporaryFolderTestCase: XCTestCase {
    /// This test's folder: a fresh name for every test.
    public var folder: URL!

    /// Whether `setUp` creates ``folder`` (true) or only names it (false).
    open var createsFolder: Bool { true }

    override open func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.self)-\(UUID().uuidString)")
        if createsFolder {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    override open func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }
}
