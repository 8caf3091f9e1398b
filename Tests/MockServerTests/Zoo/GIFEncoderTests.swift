import CServerGIF
import Foundation
import XCTest

@testable import MockServer

/// giflib writes what the zoo asks for: read back with giflib's own decoder (`DGifSlurp`).
final class GIFEncoderTests: XCTestCase {
    func test_static_decodesToThePictureWithinTheQuantizersError() throws {
        let picture = try ZooEncoderFixtures.picture()
        let gif = try GIFReadBack(GIFEncoder.encode([.init(pixels: picture, delay: 0)]))

        XCTAssertEqual(gif.screen.width, 48)
        XCTAssertEqual(gif.screen.height, 32)
        XCTAssertEqual(gif.frames.count, 1)
        XCTAssertNil(gif.loopCount)
        XCTAssertFalse(gif.frames[0].interlaced)
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, gif.frames[0].rgba), 12)
        XCTAssertEqual(Array(gif.frames[0].rgba[0..<3]), [230, 20, 20], "the up marker is exact: its cell holds only its colour")
    }

    func test_animated_keepsFramesDelaysAndLoopCount() throws {
        let frames = try (0..<4).map { GIFEncoder.Frame(pixels: try ZooEncoderFixtures.picture(seed: $0), delay: 10 + $0) }
        let gif = try GIFReadBack(GIFEncoder.encode(frames, options: .init(loopCount: 0)))

        XCTAssertEqual(gif.frames.count, 4)
        XCTAssertEqual(gif.frames.map(\.delay), [10, 11, 12, 13])
        XCTAssertEqual(gif.loopCount, 0, "NETSCAPE2.0 with 0: loop forever")
        XCTAssertNotEqual(gif.frames[0].rgba, gif.frames[1].rgba)
    }

    func test_interlaced_setsTheFlagAndStillDecodesToThePicture() throws {
        let picture = try ZooEncoderFixtures.picture(width: 40, height: 37)
        let gif = try GIFReadBack(GIFEncoder.encode([.init(pixels: picture, delay: 0)], options: .init(interlaced: true)))

        XCTAssertTrue(gif.frames[0].interlaced)
        XCTAssertLessThan(ZooEncoderFixtures.meanDifference(picture, gif.frames[0].rgba), 12, "rows in pass order, not scrambled")
    }

    func test_rowOrder_isGIFsFourPasses() {
        XCTAssertEqual(GIFEncoder.rowOrder(height: 10, interlaced: true), [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        XCTAssertEqual(GIFEncoder.rowOrder(height: 3, interlaced: false), [0, 1, 2])
    }

    func test_transparent_mapsClearPixelsToTheTransparentIndex() throws {
        let picture = try ZooEncoderFixtures.picture(alpha: true)
        let gif = try GIFReadBack(GIFEncoder.encode([.init(pixels: picture, delay: 0)], options: .init(transparent: true)))

        XCTAssertEqual(gif.frames[0].transparentIndex, 255)
        let alphas = ZooEncoderFixtures.alphas(gif.frames[0].rgba)
        XCTAssertEqual(alphas[0], 255)
        XCTAssertEqual(alphas.last, 0, "the bottom band is clear")
        XCTAssertEqual(alphas.filter { $0 == 0 }.count, 48 * 8)
    }

    func test_bomb_declaresA65500ScreenAroundASmallImage() throws {
        let picture = try ZooEncoderFixtures.picture()
        let data = try GIFEncoder.encode([.init(pixels: picture, delay: 0)], options: .init(screen: (65_500, 65_500)))

        XCTAssertLessThan(data.count, 10_000)
        XCTAssertEqual(Array(data[6..<10]), [0xDC, 0xFF, 0xDC, 0xFF], "logical screen 65500×65500, little-endian")
        let gif = try GIFReadBack(data)
        XCTAssertEqual(gif.frames.first?.size.width, 48)
    }

    func test_encode_isDeterministic() throws {
        let frames = try (0..<3).map { GIFEncoder.Frame(pixels: try ZooEncoderFixtures.picture(alpha: true, seed: $0), delay: 5) }
        let options = GIFEncoder.Options(interlaced: true, transparent: true, loopCount: 2)
        XCTAssertEqual(try GIFEncoder.encode(frames, options: options), try GIFEncoder.encode(frames, options: options))
    }

    func test_encode_refusesWhatGIFCannotHold() throws {
        let picture = try ZooEncoderFixtures.picture()
        XCTAssertThrowsError(try GIFEncoder.encode([]))
        XCTAssertThrowsError(try GIFEncoder.encode([.init(pixels: picture, delay: 70_000)]))
        XCTAssertThrowsError(try GIFEncoder.encode([.init(pixels: picture, delay: 0)], options: .init(screen: (70_000, 10))))
        XCTAssertThrowsError(
            try GIFEncoder.encode([.init(pixels: picture, delay: 0), .init(pixels: try ZooEncoderFixtures.picture(width: 8), delay: 0)]))
    }
}

/// A GIF read back with `DGifSlurp`: the screen, the NETSCAPE2.0 loop count and each frame.
struct GIFReadBack {
    struct Frame {
        let size: (width: Int, height: Int)
        let interlaced: Bool
        let delay: Int
        let transparentIndex: Int?
        /// The frame's pixels as RGBA (transparent index: alpha 0).
        let rgba: [UInt8]
    }

    let screen: (width: Int, height: Int)
    let loopCount: Int?
    let frames: [Frame]

    init(_ data: Data) throws {
        let source = GIFSource(data)
        var error: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), GIFSource.read, &error)
        let gif = try XCTUnwrap(opened, "DGifOpen: \(error)")
        defer { DGifCloseFile(gif, &error) }
        XCTAssertEqual(DGifSlurp(gif), GIF_OK, "DGifSlurp: \(gif.pointee.Error)")
        screen = (Int(gif.pointee.SWidth), Int(gif.pointee.SHeight))
        var loops: Int?
        var frames: [Frame] = []
        for index in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[index]
            for block in 0..<Int(image.ExtensionBlockCount) {
                let ext = image.ExtensionBlocks[block]
                if ext.Function == CONTINUE_EXT_FUNC_CODE, ext.ByteCount == 3, ext.Bytes[0] == 1 {
                    loops = Int(ext.Bytes[1]) | Int(ext.Bytes[2]) << 8
                }
            }
            var control = GraphicsControlBlock()
            let hasControl = DGifSavedExtensionToGCB(gif, Int32(index), &control) == GIF_OK
            let desc = image.ImageDesc
            let map = try XCTUnwrap(desc.ColorMap ?? gif.pointee.SColorMap)
            let transparent = hasControl && control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil
            let count = Int(desc.Width * desc.Height)
            var rgba = [UInt8](repeating: 0, count: count * 4)
            for pixel in 0..<count {
                let index = Int(image.RasterBits[pixel])
                let color = map.pointee.Colors[index]
                rgba[pixel * 4] = color.Red
                rgba[pixel * 4 + 1] = color.Green
                rgba[pixel * 4 + 2] = color.Blue
                rgba[pixel * 4 + 3] = index == transparent ? 0 : 255
            }
            frames.append(
                Frame(
                    size: (Int(desc.Width), Int(desc.Height)), interlaced: desc.Interlace,
                    delay: hasControl ? Int(control.DelayTime) : 0, transparentIndex: transparent, rgba: rgba))
        }
        loopCount = loops
        self.frames = frames
    }
}

/// Feeds giflib's decoder from memory.
private final class GIFSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    static let read: InputFunc = { gif, buffer, count in
        guard let gif, let user = gif.pointee.UserData, let buffer else { return 0 }
        let source = Unmanaged<GIFSource>.fromOpaque(user).takeUnretainedValue()
        let available = min(Int(count), source.bytes.count - source.offset)
        for index in 0..<available { buffer[index] = source.bytes[source.offset + index] }
        source.offset += available
        return Int32(available)
    }
}
