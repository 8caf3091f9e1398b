import Foundation
import XCTest

@testable import MockServer

/// ``RecordedGzip``: file to file, every member, and nothing left behind when the body is not
/// whole, valid gzip.
final class RecordedGzipTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gunzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// Gunzips `bytes` from a file; the result, or the failure's text.
    private func gunzip(_ bytes: Data, limit: Int = RecordedGzip.largestDecodedBody) throws -> Result<Data, RecordedGzip.Failure> {
        let source = folder.appendingPathComponent(UUID().uuidString)
        try bytes.write(to: source)
        let destination = source.appendingPathExtension("out")
        let size: Int
        do throws(RecordedGzip.Failure) {
            size = try RecordedGzip.gunzip(source, to: destination, limit: limit)
        } catch {
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), "nothing left behind: \(error)")
            return .failure(error)
        }
        let data = try Data(contentsOf: destination)
        XCTAssertEqual(size, data.count)
        return .success(data)
    }

    func test_realAndStoredGzip_andSeveralMembers_gunzip() throws {
        XCTAssertEqual(try gunzip(GzipFixture.compressedItems).get(), Data(GzipFixture.itemsJSON.utf8))
        let big = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        XCTAssertEqual(try gunzip(GzipFixture.stored(big)).get(), big)
        XCTAssertEqual(try gunzip(GzipFixture.stored(Data("one ".utf8)) + GzipFixture.compressedItems).get(), Data(("one " + GzipFixture.itemsJSON).utf8))
        XCTAssertEqual(try gunzip(GzipFixture.stored(Data())).get(), Data(), "an empty member is an empty body")
    }

    func test_notWholeValidGzip_fails() throws {
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("not gzip", Data("{\"plain\":true}".utf8)),
            ("bad method", Data([0x1F, 0x8B, 0x63, 0, 0, 0, 0, 0, 0, 0xFF, 1, 2, 3])),
            ("cut", GzipFixture.compressedItems.prefix(400)),
            ("no trailer", GzipFixture.compressedItems.dropLast(8)),
            ("bytes after the member", GzipFixture.compressedItems + Data([0, 0, 0, 0])),
        ]
        var corruptCRC = GzipFixture.stored(Data("abc".utf8))
        corruptCRC[corruptCRC.count - 8] ^= 0xFF
        for (name, bytes) in cases + [("wrong CRC", corruptCRC)] {
            XCTAssertThrowsError(try gunzip(bytes).get(), name)
        }
    }

    func test_bodyGunzippingPastTheLimit_fails() throws {
        let data = Data(count: 100_000)
        XCTAssertEqual(try gunzip(GzipFixture.stored(data), limit: 100_000).get().count, 100_000)
        XCTAssertThrowsError(try gunzip(GzipFixture.stored(data), limit: 99_999).get()) { error in
            XCTAssertTrue("\(error)".contains("more than 99999 bytes"), "\(error)")
        }
    }
}
