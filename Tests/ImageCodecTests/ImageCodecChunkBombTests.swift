import Foundation
import ImageCodec
import Synchronization
import XCTest

/// PNG chunks that declare more than the data holds, or ancillary chunks over 8 MB, are refused
/// before libpng allocates what they claim.
final class ImageCodecChunkBombTests: XCTestCase {
    /// The chunks Debian's libpng 1.6.39 allocates at their declared length.
    private let bombTypes = ["tEXt", "zTXt", "iTXt", "sPLT", "pCAL", "sCAL"]

    func test_decode_57ByteChunkBombs_areRefusedWithoutTheirMemory() throws {
        guard let baseline = ResidentMemory.current() else { throw XCTSkip("Linux only: resident memory is read from procfs") }
        // Given six 57-byte files, each declaring a 1 GB ancillary chunk
        let bombs = bombTypes.map { PNGSurgery.chunkBomb($0) }
        XCTAssertEqual(bombs.map(\.count), Array(repeating: 57, count: 6))

        // When each is decoded, probed and decoded at a target size, with resident memory sampled
        let peak = ResidentMemory.peak {
            for (type, bomb) in zip(bombTypes, bombs) {
                // Then each is refused as damaged, naming its chunk
                let message = assertThrowsCorrupt { () throws(ImageCodecError) in try ImageCodec.decode(bomb) }
                XCTAssertTrue(message?.contains(type) == true, "\(type): \(message ?? "")")
                XCTAssertNotNil(codecError { () throws(ImageCodecError) in try ImageCodec.probe(bomb) }, type)
                XCTAssertNotNil(
                    codecError { () throws(ImageCodecError) in try ImageCodec.decode(bomb, covering: PixelSize(side: 8)) },
                    type)
            }
        }

        // And resident memory grew by less than 64 MB (libpng 1.6.39 alone takes 1 GB per file)
        XCTAssertLessThan(peak - baseline, 64 << 20, "peak \(peak >> 20) MB, baseline \(baseline >> 20) MB")
    }

    func test_decode_ancillaryChunkOver8MB_isRefusedEvenWhenItIsAllThere() throws {
        // Given a real PNG with a 9 MB tEXt chunk that is all there
        let text = [UInt8]("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: 9 << 20)
        let png = PNGSurgery.insertAfterHeader(PNGSurgery.chunk("tEXt", text), in: try TestImages.png())

        // Then
        let message = assertThrowsCorrupt { () throws(ImageCodecError) in try ImageCodec.decode(png) }
        XCTAssertTrue(message?.contains("8 MB") == true, message ?? "")
    }

    func test_decode_ancillaryChunkUnder8MB_isRead() throws {
        // Given a 1 MB tEXt chunk, and an unknown private chunk
        let text = [UInt8]("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: 1 << 20)
        var png = PNGSurgery.insertAfterHeader(PNGSurgery.chunk("tEXt", text), in: try TestImages.png())
        png = PNGSurgery.insertAfterHeader(PNGSurgery.chunk("prVt", [1, 2, 3]), in: png)

        // Then the image decodes as without them
        XCTAssertEqual(try ImageCodec.decode(png), try TestImages.gradient())
    }

    func test_decode_criticalChunkPastTheEnd_isCorruptOrTruncated() throws {
        // Given a PLTE chunk that claims more than the file holds, with and without IEND
        let png = [UInt8](try TestImages.png())
        let lying = PNGSurgery.chunk("PLTE", [0, 0, 0], declaredLength: 300)
        let complete = Data(png[..<33] + lying + PNGSurgery.end)
        let cut = Data(png[..<33] + lying)

        // Then
        let message = assertThrowsCorrupt { () throws(ImageCodecError) in try ImageCodec.decode(complete) }
        XCTAssertTrue(message?.contains("PLTE chunk declares 300 bytes, past the end") == true, message ?? "")
        assertThrows(.truncated) { () throws(ImageCodecError) in try ImageCodec.decode(cut) }
    }
}

/// The process's resident memory, read from `statm` in procfs (Linux).
enum ResidentMemory {
    /// Resident bytes now, or nil off Linux.
    static func current() -> Int? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// The most resident bytes seen while `body` ran, sampled every millisecond on another
    /// thread (a libpng allocation that is zero-filled and freed again takes far longer).
    /// The sampler's state: a named type, not a tuple (the sanitizer's Mutex suppression
    /// recognises lock bodies over named states only).
    private struct Sampling {
        var running: Bool
        var peak: Int
    }

    static func peak(_ body: () -> Void) -> Int {
        let state = Mutex(Sampling(running: true, peak: current() ?? 0))
        let sampler = Thread {
            while state.withLock({ $0.running }) {
                let now = current() ?? 0
                state.withLock { $0.peak = max($0.peak, now) }
                usleep(1000)
            }
        }
        sampler.start()
        body()
        let now = current() ?? 0
        return state.withLock {
            $0.running = false
            return max($0.peak, now)
        }
    }
}
