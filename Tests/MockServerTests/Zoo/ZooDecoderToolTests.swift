import Foundation
import XCTest

@testable import MockServer

/// Every GIF, WebP, AVIF and HEIC variant, checked by another decoder: gifsicle, libwebp's
/// webpmux and dwebp, libavif's avifdec, libheif's heif-info and heif-convert.
final class ZooDecoderToolTests: XCTestCase {
    private let picture = ZooPicture(number: 7, width: 160, height: 120)

    /// The variant's bytes for the test picture.
    private func bytes(_ format: ImageFileFormat, _ name: String) throws -> Data {
        let variant = try XCTUnwrap(ZooVariants.named(name, of: format), "no \(format) variant \(name)")
        return try variant.make(picture)
    }

    /// Runs `tool` on the variant and asserts its output contains every one of `expected`.
    private func check(
        _ tool: ZooDecoderTool, _ arguments: [String], _ format: ImageFileFormat, _ name: String, succeeds: Bool = true,
        contains expected: [String], lacks unexpected: [String] = [], line: UInt = #line
    ) throws {
        let data = try bytes(format, name)
        guard let run = try tool.run(arguments, on: data, named: "\(name).\(format.fileExtension)", line: line) else { return }
        XCTAssertEqual(run.status == 0, succeeds, "\(tool.name) on \(name): exit \(run.status): \(run.output)", line: line)
        for text in expected {
            XCTAssertTrue(run.output.contains(text), "\(tool.name) on \(name) lacks \"\(text)\": \(run.output)", line: line)
        }
        for text in unexpected {
            XCTAssertFalse(run.output.contains(text), "\(tool.name) on \(name) says \"\(text)\": \(run.output)", line: line)
        }
    }

    func test_gif_gifsicleReadsFramesLoopInterlaceTransparencyAndTheBombsScreen() throws {
        let info = ["--info", "{}"]
        try check(.gifsicle, info, .gif, "static", contains: ["1 image", "logical screen 160x120", "+ image #0 160x120"], lacks: ["loop"])
        try check(
            .gifsicle, info, .gif, "animated",
            contains: ["3 images", "loop forever", "+ image #2 160x120", "delay 0.50s"])
        try check(.gifsicle, info, .gif, "interlaced", contains: ["+ image #0 160x120 interlaced"])
        try check(.gifsicle, info, .gif, "transparent", contains: ["transparent 255"], lacks: ["interlaced"])
        try check(.gifsicle, info, .gif, "bomb", contains: ["logical screen 65500x65500", "+ image #0 64x64"])
    }

    func test_webp_webpmuxAndDwebpReadTheKindFramesAlphaAndTheBombsCanvas() throws {
        let info = ["-info", "{}"]
        let decode = ["{}", "-o", "{}.png"]
        try check(.webpmux, info, .webp, "lossy", contains: ["Canvas size: 160 x 120", "No features present."])
        try check(.dwebp, decode, .webp, "lossy", contains: ["Dimensions: 160 x 120", "Format: lossy"], lacks: ["with alpha"])
        try check(.dwebp, decode, .webp, "lossless", contains: ["Dimensions: 160 x 120", "Format: lossless"])
        try check(.webpmux, info, .webp, "alpha", contains: ["Features present: transparency"])
        try check(.dwebp, decode, .webp, "alpha", contains: ["(with alpha)", "Format: lossy"])
        try check(
            .webpmux, info, .webp, "animated",
            contains: ["Canvas size: 160 x 120", "Features present: animation", "Loop Count : 0", "Number of frames: 3"])
        // libwebp refuses a canvas over 2^32 pixels from the header, before decoding anything.
        try check(.dwebp, decode, .webp, "bomb", succeeds: false, contains: ["BITSTREAM_ERROR"])
        let canvas = try WebPChunks(bytes(.webp, "bomb")).payload("VP8X").map { Array($0[4..<10]) }
        XCTAssertEqual(canvas, [0x9F, 0x86, 0x01, 0x9F, 0x86, 0x01], "99,999 (canvas minus one), 24-bit little-endian, twice")
    }

    func test_avif_avifdecReadsSizeDepthAlphaAndRefusesTheBomb() throws {
        let info = ["--info", "{}"]
        try check(
            .avifdec, info, .avif, "still",
            contains: ["Resolution : 160x120", "Bit Depth : 8", "Format : YUV444", "Alpha : Absent", "Decoded frame [0]"])
        try check(.avifdec, info, .avif, "alpha", contains: ["Resolution : 160x120", "Alpha : Not premultiplied"])
        try check(.avifdec, info, .avif, "bomb", succeeds: false, contains: ["dimensions are too large [100000x100000]"])
    }

    func test_heic_heifInfoAndHeifConvertReadSizeAlphaAndRefuseTheBomb() throws {
        let info = ["{}"]
        try check(.heifInfo, info, .heic, "still", contains: ["main brand: heic", "image: 160x120", "alpha channel: no"])
        try check(.heifInfo, info, .heic, "alpha", contains: ["image: 160x120", "alpha channel: yes"])
        try check(.heifConvert, ["{}", "{}.png"], .heic, "alpha", contains: [])
        try check(.heifInfo, info, .heic, "bomb", succeeds: false, contains: ["Image size 100000x100000 exceeds"])
    }
}
