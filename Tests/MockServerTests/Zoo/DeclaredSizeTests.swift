import Foundation
import XCTest

@testable import MockServer

/// The bombs' header rewriting walks containers it did not write itself: bounded, and a typed
/// error (never a trap) on anything odd.
final class DeclaredSizeTests: XCTestCase {
    /// A box: 32-bit big-endian size, type, body.
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [24, 16, 8, 0].map { UInt8((size >> $0) & 0xFF) } + Array(type.utf8) + body
    }

    private var ispe: [UInt8] { box("ispe", [0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 5]) }

    func test_isobmff_rewritesEveryIspeInsideMetaIprpIpco() throws {
        let file = box("ftyp", Array("avif".utf8)) + box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe + ispe)))
        let data = try DeclaredSize.isobmff(Data(file), width: 100_000, height: 90_000)

        XCTAssertEqual(data.count, file.count)
        XCTAssertEqual(ISOBMFFProbe.ispeSizes(data), [[100_000, 90_000], [100_000, 90_000]])
    }

    func test_isobmff_leavesAnIspeOutsideThePropertiesAlone() {
        let file = box("ftyp", Array("avif".utf8)) + box("free", ispe)
        XCTAssertThrowsError(try DeclaredSize.isobmff(Data(file), width: 1, height: 1)) { error in
            XCTAssertEqual("\(error)", "the file has no ispe box to declare a size in")
        }
    }

    func test_isobmff_throwsOnOddInputInsteadOfTrapping() {
        let meta = box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
        var overrun = meta
        overrun[3] = 0xFF  // The meta box claims more bytes than the file has.
        var largeSize = box("meta", [0, 0, 0, 0])
        largeSize[3] = 1  // A 64-bit size that is missing.
        let shortIspe = box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", box("ispe", [0, 0]))))
        let tooSmall: [UInt8] = [0, 0, 0, 4] + Array("meta".utf8)
        for bytes in [overrun, largeSize, shortIspe, tooSmall, [], [1, 2, 3], Array(meta.prefix(20))] {
            XCTAssertThrowsError(try DeclaredSize.isobmff(Data(bytes), width: 1, height: 1), "\(bytes)")
        }
    }

    func test_isobmff_sizeZeroMeansToTheEnd() throws {
        var meta = box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", ispe)))
        meta[0...3] = [0, 0, 0, 0]
        XCTAssertEqual(ISOBMFFProbe.ispeSizes(try DeclaredSize.isobmff(Data(meta), width: 3, height: 4)), [[3, 4]])
    }

    func test_isobmff_survivesDamagedEncoderOutput() throws {
        let heic = [UInt8](try HEICEncoder.encode(try ZooEncoderFixtures.picture(width: 16, height: 16)))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // A fixed xorshift seed: the same damage every run.
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var rewritten = 0
        for _ in 0..<2_000 {
            var damaged = heic
            for _ in 0..<4 {
                let random = next()
                damaged[Int(random % UInt64(min(damaged.count, 400)))] = UInt8(truncatingIfNeeded: random >> 32)
            }
            let cut = damaged.prefix(Int(next() % UInt64(damaged.count + 1)))
            if let data = try? DeclaredSize.isobmff(Data(cut), width: 9, height: 9) {
                XCTAssertEqual(data.count, cut.count, "the walk changes bytes in place, never the length")
                rewritten += 1
            }
        }
        XCTAssertGreaterThan(rewritten, 0, "some damaged files still have a reachable ispe")
    }

    func test_webp_refusesAFileWithoutVP8XAndImpossibleSizes() throws {
        let still = try WebPEncoder.encode(try ZooEncoderFixtures.picture(), compression: .lossless)
        XCTAssertThrowsError(try DeclaredSize.webp(still, width: 10, height: 10))
        XCTAssertThrowsError(try DeclaredSize.webp(Data("RIFF".utf8), width: 10, height: 10))
        let alpha = try WebPEncoder.encode(try ZooEncoderFixtures.picture(alpha: true), compression: .lossless)
        XCTAssertThrowsError(try DeclaredSize.webp(alpha, width: 1 << 24 + 1, height: 10))
        XCTAssertThrowsError(try DeclaredSize.webp(alpha, width: 0, height: 10))
    }
}
