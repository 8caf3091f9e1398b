import Foundation
import TestSupport
import XCTest

@testable import MockServer

/// Cached images of 64 to 128 KiB keep a second copy in an in-memory file, which plain
/// connections are sent with `sendfile`: the bytes on the wire must be exactly the cached ones,
/// with the same header and the same behaviour for HEAD and for faults, however often asked.
final class CachedImageFileTests: ServerTestCase {
    /// A JPEG of about 110 KB: two loopback segments, the size band the file path is for.
    private let largePath = "/images/5.jpg?variant=baseline&w=1100&h=1100"

    func test_sharedBytes_getAFile_onlyWhenAskedAndLargeEnough() throws {
        let large = Data((0..<(SharedBytes.fileThreshold + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let small = large.prefix(SharedBytes.fileThreshold - 1)

        let cached = SharedBytes(large, sendsFromFile: true)
        XCTAssertEqual(SharedBytes(Data(small), sendsFromFile: true).file, -1, "below the threshold: sent from the buffer")
        XCTAssertEqual(SharedBytes(large).file, -1, "not asked for: no file")
        let huge = Data(count: SharedBytes.fileCeiling)
        XCTAssertEqual(SharedBytes(huge, sendsFromFile: true).file, -1, "from 128 KiB: sent from the buffer again")
        #if os(Linux)
        XCTAssertGreaterThanOrEqual(cached.file, 0)
        var copy = Data(count: large.count + 10)
        let read = copy.withUnsafeMutableBytes { pread(cached.file, $0.baseAddress, $0.count, 0) }
        XCTAssertEqual(read, large.count, "the file holds exactly the bytes")
        XCTAssertEqual(copy.prefix(read), large)
        #else
        XCTAssertEqual(cached.file, -1, "no memfd here: sent from the buffer")
        #endif
    }

    func test_openFiles_areCapped_andGivenBackWhenReleased() throws {
        #if os(Linux)
        let bytes = Data(count: SharedBytes.fileThreshold)
        var held = (0..<(SharedBytes.maxOpenFiles + 8)).map { _ in SharedBytes(bytes, sendsFromFile: true) }
        XCTAssertLessThanOrEqual(SharedBytes.openFileCount, SharedBytes.maxOpenFiles, "never more files than the cap")
        XCTAssertGreaterThanOrEqual(held.filter { $0.file == -1 }.count, 8, "past the cap, images are sent from their buffer")
        XCTAssertGreaterThan(held.filter { $0.file >= 0 }.count, SharedBytes.maxOpenFiles / 2, "below the cap, they get files")
        held.removeAll()
        let after = SharedBytes(bytes, sendsFromFile: true)
        XCTAssertGreaterThanOrEqual(after.file, 0, "released files are counted back, so a new image gets one again")
        XCTAssertLessThan(SharedBytes.openFileCount, SharedBytes.maxOpenFiles / 2)
        #else
        XCTAssertEqual(SharedBytes(Data(count: SharedBytes.fileThreshold), sendsFromFile: true).file, -1, "no memfd here")
        #endif
    }

    func test_aLargeCachedImage_arrivesWholeAndTheSame_onEveryRequestOfAKeptAliveConnection() throws {
        let client = CurlClient()
        let first = client.request(server.url(largePath))
        XCTAssertEqual(first.status, 200, first.message)
        XCTAssertGreaterThan(first.body.count, SharedBytes.fileThreshold, "the file path needs at least 64 KiB")
        XCTAssertEqual(first.headers["content-length"], String(first.body.count))
        XCTAssertEqual(Array(first.body.prefix(2)), [0xFF, 0xD8])
        XCTAssertEqual(Array(first.body.suffix(2)), [0xFF, 0xD9], "the JPEG ends with its end marker: nothing cut")
        for round in 1...4 {
            let again = client.request(server.url(largePath))
            XCTAssertEqual(again.status, 200, again.message)
            XCTAssertEqual(again.newConnections, 0, "round \(round): the connection is kept alive after a file answer")
            XCTAssertEqual(again.body, first.body, "round \(round): byte for byte the cached image")
            XCTAssertEqual(again.headers["content-type"], "image/jpeg")
            XCTAssertEqual(again.headers["cache-control"], first.headers["cache-control"])
        }
        // A small answer right after on the same connection: the file answer ended where it said.
        let health = client.request(server.url("/health"))
        XCTAssertEqual(health.newConnections, 0)
        XCTAssertEqual(String(decoding: health.body, as: UTF8.self), "ok")
    }

    func test_headAndFaults_onALargeCachedImage_behaveAsFromTheBuffer() throws {
        let client = CurlClient()
        let whole = client.request(server.url(largePath))
        XCTAssertEqual(whole.status, 200, whole.message)

        let head = client.request(server.url(largePath), method: "HEAD")
        XCTAssertEqual(head.status, 200, head.message)
        XCTAssertEqual(head.headers["content-length"], String(whole.body.count), "HEAD declares the file's length")
        XCTAssertTrue(head.body.isEmpty)

        let truncated = client.request(server.url(largePath + "&truncate=1000"))
        XCTAssertEqual(truncated.code, CurlCode.partialFile, truncated.message)
        XCTAssertEqual(truncated.body, whole.body.prefix(1000), "a shaped body still goes through the reader")

        let corrupted = client.request(server.url(largePath + "&corrupt=1"))
        XCTAssertEqual(corrupted.status, 200, corrupted.message)
        XCTAssertNotEqual(corrupted.body, whole.body, "corrupt= changes the bytes, not the cached file")

        let after = client.request(server.url(largePath))
        XCTAssertEqual(after.body, whole.body, "the cached bytes are untouched by the fault before")
    }
}
