import Foundation

/// Rewrites the size a file's header declares, after the real encoder made it, for the zoo's
/// `bomb` variants: a small valid file whose header claims a huge picture. Each function walks
/// the container with bounds checks and throws (never traps) on input it does not understand.
enum DeclaredSize {
    /// A WebP whose VP8X chunk declares a `width`×`height` canvas (each 1...16,777,216). The file
    /// must be an extended one (VP8X first, as every animated WebP is).
    static func webp(_ data: Data, width: Int, height: Int) throws(ZooEncodingError) -> Data {
        var bytes = [UInt8](data)
        guard bytes.count >= 30, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46][...], bytes[8..<16] == Array("WEBPVP8X".utf8)[...] else {
            throw ZooEncodingError("the WebP has no VP8X chunk to declare a canvas size in")
        }
        guard (1...(1 << 24)).contains(width), (1...(1 << 24)).contains(height) else {
            throw ZooEncodingError("a VP8X canvas is 1...16777216 pixels a side, not \(width)×\(height)")
        }
        for (offset, value) in [(24, width - 1), (27, height - 1)] {
            bytes[offset] = UInt8(value & 0xFF)
            bytes[offset + 1] = UInt8((value >> 8) & 0xFF)
            bytes[offset + 2] = UInt8((value >> 16) & 0xFF)
        }
        return Data(bytes)
    }

    /// An ISOBMFF image (AVIF, HEIC) whose every `ispe` property (in `meta` › `iprp` › `ipco`)
    /// declares `width`×`height`. Throws when there is no `ispe` at all.
    static func isobmff(_ data: Data, width: UInt32, height: UInt32) throws(ZooEncodingError) -> Data {
        var bytes = [UInt8](data)
        var rewritten = 0
        try rewrite(&bytes, in: 0..<bytes.count, depth: 0, width: width, height: height, count: &rewritten)
        guard rewritten > 0 else { throw ZooEncodingError("the file has no ispe box to declare a size in") }
        return Data(bytes)
    }

    /// Boxes whose children are boxes, and how many header bytes (a full box's version and flags)
    /// come before the first child.
    private static let containers: [String: Int] = ["meta": 4, "iprp": 0, "ipco": 0]

    /// Walks the boxes in `range` (at most 4 deep), rewriting each `ispe`.
    private static func rewrite(
        _ bytes: inout [UInt8], in range: Range<Int>, depth: Int, width: UInt32, height: UInt32, count: inout Int
    ) throws(ZooEncodingError) {
        guard depth < 4 else { return }
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = Int(readUInt32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var header = 8
            if size == 1 {
                guard offset + 16 <= range.upperBound else { throw ZooEncodingError("a truncated box at byte \(offset)") }
                let large = UInt64(readUInt32(bytes, at: offset + 8)) << 32 | UInt64(readUInt32(bytes, at: offset + 12))
                guard large <= UInt64(range.upperBound - offset) else { throw ZooEncodingError("box \(type) overruns the file") }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset  // To the end of the enclosing box.
            }
            guard size >= header, offset + size <= range.upperBound else {
                throw ZooEncodingError("box \(type) at byte \(offset) has an invalid size \(size)")
            }
            let body = (offset + header)..<(offset + size)
            if type == "ispe" {
                // A full box: version and flags (4 bytes), then width and height, 32 bits each.
                guard body.count >= 12 else { throw ZooEncodingError("an ispe box is too short") }
                writeUInt32(&bytes, width, at: body.lowerBound + 4)
                writeUInt32(&bytes, height, at: body.lowerBound + 8)
                count += 1
            } else if let skip = containers[type], body.count >= skip {
                let children = (body.lowerBound + skip)..<body.upperBound
                try rewrite(&bytes, in: children, depth: depth + 1, width: width, height: height, count: &count)
            }
            offset += size
        }
    }

    /// The big-endian 32-bit value at `offset` (the caller checked the bounds).
    private static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// Stores `value` big-endian at `offset` (the caller checked the bounds).
    private static func writeUInt32(_ bytes: inout [UInt8], _ value: UInt32, at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
    }
}
