import Foundation
import XCTest

/// A test with a temporary folder of its own, `root`, made before each test and deleted after;
/// `folder` (the cache's folder) is inside it and is not made, so a cache makes it itself.
class CacheFolderTestCase: XCTestCase {
    /// The test's temporary folder.
    private(set) var root: URL!
    /// The cache's folder, `root/cache`.
    var folder: URL { root.appendingPathComponent("cache") }

    override func setUp() async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: root)
    }
}
