import Foundation
import XCTest

@testable import MockServer

/// What the AVIF and HEIC encoder tests check alike: one ISOBMFF still-image encoder, read back
/// by its own library's decoder.
struct ISOBMFFStillChecks {
    /// A file read back: its size, whether it has alpha, and its RGBA pixels.
    typealias ReadBack = (width: Int, height: Int, hasAlpha: Bool, rgba: [UInt8])

    let encode: (RGBAPixels) throws -> Data
    let readBack: (Data) throws -> ReadBack

    /// `still`: the picture's size, no alpha, and its colours within a mean difference of 12.
    func still(file: StaticString = #filePath, line: UInt = #line) throws {
        let picture = try ZooEncoderFixtures.picture()
        let decoded = try readBack(encode(picture))

        XCTAssertEqual(decoded.width, 48, file: file, line: line)
        XCTAssertEqual(decoded.height, 32, file: file, line: line)
        XCTAssertFalse(decoded.hasAlpha, file: file, line: line)
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, decoded.rgba), 12, file: file, line: line)
    }

    /// `alpha`: an alpha channel, opaque (above `opaqueAtLeast`) at the top, clear at the bottom.
    func alpha(opaqueAtLeast: UInt8, file: StaticString = #filePath, line: UInt = #line) throws {
        let decoded = try readBack(encode(try ZooEncoderFixtures.picture(alpha: true)))

        XCTAssertTrue(decoded.hasAlpha, file: file, line: line)
        let alphas = ZooEncoderFixtures.alphas(decoded.rgba)
        XCTAssertGreaterThanOrEqual(alphas.first ?? 0, opaqueAtLeast, file: file, line: line)
        XCTAssertLessThan(Int(alphas.last ?? 255), 16, "the bottom band is (nearly) clear", file: file, line: line)
    }

    /// `bomb`: every `ispe` declares 100,000 × 100,000 after the rewrite; returns the file.
    @discardableResult
    func bomb(alpha: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> (data: Data, ispes: Int) {
        let data = try DeclaredSize.isobmff(encode(try ZooEncoderFixtures.picture(alpha: alpha)), width: 100_000, height: 100_000)

        let sizes = ISOBMFFProbe.ispeSizes(data)
        XCTAssertFalse(sizes.isEmpty, file: file, line: line)
        XCTAssertTrue(sizes.allSatisfy { $0 == [100_000, 100_000] }, "\(sizes)", file: file, line: line)
        return (data, sizes.count)
    }

    /// The same picture gives the same bytes.
    func deterministic(file: StaticString = #filePath, line: UInt = #line) throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        XCTAssertEqual(try encode(picture), try encode(picture), file: file, line: line)
    }
}

/// Finds `ispe` properties in an ISOBMFF file by their type bytes (a test's shortcut; the server
/// walks the boxes).
enum ISOBMFFProbe {
    /// Each `ispe`'s width and height, in file order.
    static func ispeSizes(_ data: Data) -> [[UInt32]] {
        let bytes = [UInt8](data)
        let marker = Array("ispe".utf8)
        return stride(from: 0, through: bytes.count - 12 - 4, by: 1).compactMap { offset in
            guard Array(bytes[offset..<(offset + 4)]) == marker else { return nil }
            let read = { (at: Int) in (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + $1]) } }
            return [read(offset + 8), read(offset + 12)]
        }
    }
}
