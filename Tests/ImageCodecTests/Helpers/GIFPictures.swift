import Foundation

/// GIF files written in the test by the format's specification: a four-colour global palette,
/// frames whose LZW data clears the code table every two pixels (so the code size stays 3 bits
/// and the encoder stays a few lines), a NETSCAPE loop extension when asked.
enum GIFPictures {
    /// One frame: where it sits on the screen, its palette indices row by row, its delay in
    /// hundredths of a second and its transparent index.
    struct Frame {
        var left = 0
        var top = 0
        var width: Int
        var height: Int
        var indices: [UInt8]
        var delay = 0
        var transparent: UInt8?
    }

    /// Red, green, blue, white.
    static let palette: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    /// A GIF89a of a `width` × `height` screen holding `frames`, looping `loops` times when given.
    static func gif(width: Int, height: Int, frames: [Frame], loops: Int? = nil, lzw: (([UInt8]) -> [UInt8])? = nil) -> Data {
        var bytes = Array("GIF89a".utf8) + u16(width) + u16(height) + [0x91, 0, 0] + palette.flatMap { $0 }
        if let loops {
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + u16(loops) + [0]
        }
        for frame in frames {
            bytes += [0x21, 0xF9, 4, frame.transparent == nil ? 0 : 1] + u16(frame.delay) + [frame.transparent ?? 0, 0]
            bytes += [0x2C] + u16(frame.left) + u16(frame.top) + u16(frame.width) + u16(frame.height) + [0]
            bytes += [2] + blocks((lzw ?? encode)(frame.indices))
        }
        return Data(bytes + [0x3B])
    }

    /// LZW codes for `indices` (minimum code size 2: clear 4, end 5), a clear code before every
    /// two pixels, packed least significant bit first.
    static func encode(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = []
        for (offset, index) in indices.enumerated() {
            if offset % 2 == 0 { codes.append(4) }
            codes.append(Int(index))
        }
        return pack(codes + [5], bits: 3)
    }

    /// `codes`, each `bits` wide, least significant bit first.
    static func pack(_ codes: [Int], bits: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var accumulator = 0
        var count = 0
        for code in codes {
            accumulator |= code << count
            count += bits
            while count >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                count -= 8
            }
        }
        return count > 0 ? bytes + [UInt8(accumulator & 0xFF)] : bytes
    }

    /// Data sub-blocks of at most 255 bytes, then the zero-length terminator.
    static func blocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start -> [UInt8] in
            let end = min(start + 255, data.count)
            return [UInt8(end - start)] + data[start..<end]
        } + [0]
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
