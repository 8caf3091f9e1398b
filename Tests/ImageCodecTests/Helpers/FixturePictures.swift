import Foundation
import ImageCodec
import XCTest

/// The pictures in `Fixtures/`, written by other encoders (`Fixtures/make_fixtures.py`), and
/// what each pixel should decode to.
enum FixturePictures {
    /// Side of one patch of the "patches" picture.
    static let patch = 16
    /// The "patches" picture: 48 × 32, top row red, green, blue; bottom row white, 50% gray, black.
    static let width = 48
    /// See ``width``.
    static let height = 32
    /// The colour of each patch, left to right, top to bottom.
    static let patchRGB: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255], [128, 128, 128], [0, 0, 0]]
    /// Each patch of the grayscale pictures: the luma of the colour patch.
    static let grayLevels: [UInt8] = [76, 150, 29, 255, 128, 0]
    /// Each patch of `gray-alpha.png`: gray level and alpha.
    static let grayAlpha: [(gray: UInt8, alpha: UInt8)] = [(0, 255), (64, 200), (128, 128), (192, 64), (255, 0), (32, 255)]

    /// The "pattern" picture of `interlaced.png`: 23 × 19, every pixel different.
    static let patternSize = (width: 23, height: 19)

    /// The RGBA of pixel (`x`, `y`) of the "pattern" picture.
    static func patternPixel(x: Int, y: Int) -> [UInt8] {
        [UInt8((x * 11) % 256), UInt8((y * 13) % 256), UInt8(((x ^ y) * 8) % 256), UInt8((255 - 4 * (x + y)) % 256)]
    }

    /// The bytes of `Fixtures/name`.
    static func data(_ name: String) throws -> Data {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"), "no fixture \(name)")
        return try Data(contentsOf: url)
    }

    /// Which patch pixel (`x`, `y`) of the "patches" picture is in.
    static func patchIndex(x: Int, y: Int) -> Int { (y / patch) * 3 + x / patch }

    /// The RGBA the "patches" picture has at pixel (`x`, `y`), for a lossless file whose
    /// patches are `colors` (RGBA).
    static func expected(_ colors: [[UInt8]], x: Int, y: Int) -> [UInt8] { colors[patchIndex(x: x, y: y)] }
}

/// The RGBA of pixel (`x`, `y`).
func rgba(_ image: DecodedImage, x: Int, y: Int) -> [UInt8] {
    let offset = (y * image.width + x) * 4
    return Array(image.pixels[offset..<offset + 4])
}

/// Asserts that the centre 8 × 8 pixels of each patch of a decoded "patches" picture are within
/// `tolerance` of `colors` (RGBA), channel by channel.
func assertPatches(
    _ image: DecodedImage, _ colors: [[UInt8]], tolerance: Int, _ name: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(image.width, FixturePictures.width, name, file: file, line: line)
    XCTAssertEqual(image.height, FixturePictures.height, name, file: file, line: line)
    guard image.width == FixturePictures.width, image.height == FixturePictures.height else { return }
    for (index, color) in colors.enumerated() {
        let left = (index % 3) * FixturePictures.patch + 4
        let top = (index / 3) * FixturePictures.patch + 4
        var worst = 0
        var worstPixel: [UInt8] = []
        for y in top..<top + 8 {
            for x in left..<left + 8 {
                let pixel = rgba(image, x: x, y: y)
                let error = zip(pixel, color).map { abs(Int($0) - Int($1)) }.max() ?? 0
                if error > worst { (worst, worstPixel) = (error, pixel) }
            }
        }
        XCTAssertLessThanOrEqual(
            worst, tolerance, "\(name): patch \(index) should be \(color), found \(worstPixel)", file: file, line: line)
    }
}
