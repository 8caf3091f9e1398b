import Foundation

/// A PNG file as its chunks, for the variants assembled around libpng's output (APNG, a bad CRC,
/// a bomb's IHDR, a huge text chunk).
struct ZooPNGChunks {
    /// One chunk: its four-letter type and data (the length and CRC are derived).
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var chunks: [Chunk]

    /// The chunks of libpng's output.
    init(parsing data: Data) throws(ZooEncodingError) {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.signature) else { throw ZooEncodingError("libpng's output has no PNG signature") }
        var offset = Self.signature.count
        var chunks: [Chunk] = []
        while offset + 12 <= bytes.count {
            let length = Int(Self.uint32(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw ZooEncodingError("libpng's output ends inside a chunk") }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    /// The chunks of `type`, in file order.
    func data(of type: String) -> [[UInt8]] { chunks.filter { $0.type == type }.map(\.data) }

    /// The file: the signature and every chunk with its length and CRC.
    var bytes: Data {
        var output = Data(Self.signature)
        for chunk in chunks { output.append(contentsOf: Self.encoded(chunk)) }
        return output
    }

    /// One chunk as stored: length, type, data, CRC over type and data.
    static func encoded(_ chunk: Chunk) -> [UInt8] {
        let typeAndData = Array(chunk.type.utf8) + chunk.data
        return be32(UInt32(chunk.data.count)) + typeAndData + be32(ZooPNGEncoder.crc32(typeAndData))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func be16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
