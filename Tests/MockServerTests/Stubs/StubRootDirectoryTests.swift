import Foundation
import XCTest

@testable import MockServer

/// `--root-dir`: mappings/**/*.json and __files/.
final class StubRootDirectoryTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings/nested/deeper"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files/sub"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }

    private func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    func test_loadsNestedFiles_andMappingsDocuments_skippingOtherFiles() throws {
        try write("mappings/one.json", #"{"request": {"urlPath": "/one"}}"#)
        try write("mappings/nested/deeper/two.json", #"{"mappings": [{"request": {"urlPath": "/two"}}, {"request": {"urlPath": "/three"}}]}"#)
        try write("mappings/nested/notes.txt", "not a mapping")
        let stubs = try StubRootDirectory(root).loadStubs()
        XCTAssertEqual(Set(stubs.map(\.request.url)), [.urlPath("/one"), .urlPath("/two"), .urlPath("/three")])
    }

    func test_filesLoad_inTheOrderTheFileSystemListsThem_asWireMockLoadsThem() throws {
        // Given many mapping files and a folder of them, whose listing order the file system picks
        for index in 0..<24 { try write("mappings/m\(index).json", "{\"request\": {\"urlPath\": \"/m\(index)\"}}") }
        try write("mappings/nested/deeper/d.json", #"{"request": {"urlPath": "/d"}}"#)
        try write("mappings/nested/c.json", #"{"request": {"urlPath": "/c"}}"#)

        // When they are loaded
        let loaded = try StubRootDirectory(root).loadStubs().map { $0.request.url.field?.value ?? "?" }

        // Then in readdir order, depth first, where each folder is listed (Java's File.listFiles)
        func expected(_ folder: URL) -> [String] {
            (StubRootDirectory.entries(of: folder.path) ?? []).flatMap { name -> [String] in
                if name.hasSuffix(".json") { return ["/" + String(name.dropLast(5))] }
                return expected(folder.appendingPathComponent(name))
            }
        }
        let order = expected(root.appendingPathComponent("mappings"))
        XCTAssertEqual(order.count, 26)
        XCTAssertEqual(loaded, order)
    }

    func test_badFile_namesTheFileAndTheField() throws {
        try write("mappings/good.json", #"{"request": {"urlPath": "/one"}}"#)
        try write("mappings/nested/bad.json", #"{"request": {"urlPathPattern": "/items/(["}}"#)
        XCTAssertThrowsError(try StubRootDirectory(root).loadStubs()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("mappings/nested/bad.json: request.urlPathPattern: invalid regular expression"), text)
        }
    }

    func test_duplicateIDsAcrossFiles_areRefused() throws {
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        try write("mappings/a.json", "{\"id\": \"\(id)\", \"request\": {\"urlPath\": \"/a\"}}")
        try write("mappings/b.json", "{\"id\": \"\(id)\", \"request\": {\"urlPath\": \"/b\"}}")
        XCTAssertThrowsError(try StubRootDirectory(root).loadStubs()) { error in
            XCTAssertTrue("\(error)".contains("mappings/b.json: id:"), "\(error)")
        }
    }

    func test_missingMappingsFolder_isRefused() throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent("mappings"))
        XCTAssertThrowsError(try StubRootDirectory(root).loadStubs()) { error in
            XCTAssertTrue("\(error)".contains("no mappings/ folder"), "\(error)")
        }
    }

    func test_files_servesInsideOnly_refusingTraversalAndSymlinksOut() throws {
        try write("__files/sub/body.json", #"{"ok": true}"#)
        let files = StubFiles(root: root)
        XCTAssertEqual(try files.read("sub/body.json").get(), Data(#"{"ok": true}"#.utf8))
        XCTAssertEqual(files.read("../mappings/x.json"), .failure(.outside))
        XCTAssertEqual(files.read("/etc/passwd"), .failure(.outside))
        XCTAssertEqual(files.read("sub/missing.json"), .failure(.missing))
        XCTAssertEqual(files.read("sub"), .failure(.missing))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("__files/escape").path, withDestinationPath: "/etc")
        XCTAssertEqual(files.read("escape/hostname"), .failure(.outside))
        XCTAssertFalse(StubFiles.isContained("a/../../b"))
        XCTAssertTrue(StubFiles.isContained("a/b..c"))
    }
}
