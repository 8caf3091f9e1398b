import Foundation
import ImageCodec
import XCTest

/// HEIC decoded by libheif, its size checked before decoding, hostile files refused.
final class ImageCodecHEICTests: XCTestCase {
    func test_decode_encodedPicture_comesBackClose() throws {
        let image = try TestImages.opaqueGradient(width: 64, height: 48)
        let data = try HEICPictures.encode(image)

        let decoded = try ImageCodec.decode(data)

        XCTAssertEqual([decoded.width, decoded.height, decoded.frameCount], [64, 48, 1])
        let total = zip(decoded.pixels, image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(total) / Double(image.pixels.count), 8, "mean difference per channel")
        assertInfo(try ImageCodec.probe(data), .heic, 64, 48)
        let scaled = try ImageCodec.decode(data, covering: PixelSize(side: 12))
        XCTAssertEqual([scaled.width, scaled.height], [16, 12])
    }

    func test_decode_hugeSpatialExtents_isRefusedBeforeDecoding() throws {
        let data = try HEICPictures.encode(try TestImages.opaqueGradient(width: 64, height: 48))
        let bomb = try AVIFPictures.withSpatialExtents(data, width: 100_000, height: 100_000)

        let error = codecError { () throws(ImageCodecError) in try ImageCodec.decode(bomb) }

        guard case .tooLarge = error else { return XCTFail("expected tooLarge, got \(String(describing: error))") }
    }

    func test_decode_cutFile_isRefused() throws {
        let data = try HEICPictures.encode(try TestImages.opaqueGradient(width: 64, height: 48))

        for bad in [data.prefix(data.count / 2), data.prefix(40)] {
            XCTAssertNotNil(codecError { () throws(ImageCodecError) in try ImageCodec.decode(bad) })
        }
    }
}
