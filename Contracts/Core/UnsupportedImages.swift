package import Foundation

/// Small files in formats ImageCodec recognises by their first bytes but nobody here decodes, each whole and valid
/// as far as its first bytes go.
package enum UnsupportedImages {
    /// A file: its format's name, URL extension, `Content-Type` and bytes.
    package struct Sample: Sendable {
        package let name: String
        package let ext: String
        package let type: String
        package let bytes: Data
    }

    /// TIFF, BMP, JPEG XL and SVG.
    package static let all: [Sample] = [
        Sample(name: "TIFF", ext: "tiff", type: "image/tiff", bytes: tiff),
        Sample(name: "BMP", ext: "bmp", type: "image/bmp", bytes: bmp),
        Sample(name: "JPEG XL", ext: "jxl", type: "image/jxl", bytes: Data([0xFF, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])),
        Sample(
            name: "SVG", ext: "svg", type: "image/svg+xml",
            bytes: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"2\"><rect width=\"2\" height=\"2\"/></svg>".utf8)),
    ]

    /// A 1×1 black 24-bit BMP: file header, a 40-byte BITMAPINFOHEADER, one padded row.
    package static let bmp: Data = {
        var bytes: [UInt8] = Array("BM".utf8) + le32(58) + le32(0) + le32(54)
        bytes += le32(40) + le32(1) + le32(1) + [1, 0, 24, 0] + le32(0) + le32(4) + le32(2835) + le32(2835) + le32(0) + le32(0)
        return Data(bytes + [0, 0, 0, 0])
    }()

    /// A 1×1 gray little-endian TIFF: the header, an IFD of the baseline tags, one pixel.
    package static let tiff: Data = {
        // Tag, type (3 SHORT, 4 LONG), count 1, value.
        // The pixel follows the header (8 bytes), the entry count (2), 7 entries (12 each) and the next-IFD offset (4).
        let entries: [(UInt16, UInt16, UInt32)] = [(256, 3, 1), (257, 3, 1), (258, 3, 8), (262, 3, 1), (273, 4, 98), (278, 3, 1), (279, 4, 1)]
        var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(UInt16(entries.count))
        for (tag, type, value) in entries {
            // A SHORT value sits in the first two of the four value bytes.
            bytes += le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(UInt16(value)) + [0, 0] : le32(value))
        }
        bytes += le32(0)
        return Data(bytes + [0x80])
    }()

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
