import Foundation
import ImageCodec

/// Builds PNG files chunk by chunk, for the oddities a encoder would not write.
enum PNGSurgery {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: big-endian length (`declaredLength`, else the true one), type, data, and a CRC
    /// over type and data.
    static func chunk(_ type: String, _ data: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(declaredLength ?? data.count)) + typeBytes + data
            + bigEndian(crc32(typeBytes + data))
    }

    /// An `IHDR` chunk for an 8-bit RGBA image of `width` × `height`.
    static func header(width: Int, height: Int) -> [UInt8] {
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
    }

    /// The empty `IEND` chunk.
    static let end = chunk("IEND", [])

    /// `png`'s bytes with `chunk` inserted right after `IHDR` (offset 33).
    static func insertAfterHeader(_ chunk: [UInt8], in png: Data) -> Data {
        let bytes = [UInt8](png)
        return Data(bytes[..<33] + chunk + bytes[33...])
    }

    /// A 57-byte PNG as the public crashers are: a 1×1 header, then a `type` chunk that declares
    /// `declaredLength` bytes but holds 4, then `IEND`.
    static func chunkBomb(_ type: String, declaredLength: Int = 1_000_000_000) -> Data {
        Data(signature + header(width: 1, height: 1) + chunk(type, [0x41, 0x42, 0x43, 0x44], declaredLength: declaredLength).dropLast(4) + end)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309), as PNG chunks use it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
