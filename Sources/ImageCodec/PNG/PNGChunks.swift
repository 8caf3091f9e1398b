internal import CPNG

/// Walks the chunks of a PNG file: 4-byte big-endian length, 4-byte type, data, 4-byte CRC.
///
/// Decoding uses it to check chunk lengths before libpng sees the data
/// (``checkLengths(in:)``), and to find the `eXIf` chunk; error and test paths use it to
/// tell a cut file and to make corrupt test data.
enum PNGChunks {
    /// The `IEND` chunk type as a big-endian integer.
    static let iend: UInt32 = 0x4945_4E44
    /// The `IDAT` chunk type as a big-endian integer.
    static let idat: UInt32 = 0x4944_4154
    /// A complete `IEND` chunk: zero length, type, and its fixed CRC.
    static let iendChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Where one chunk lies in the file. `dataEnd` and `crcEnd` may exceed the file's size
    /// when the file is cut inside the chunk.
    struct Chunk {
        /// The chunk type, big-endian (`IDAT` is `0x49444154`).
        let type: UInt32
        /// The offset of the type field, where the CRC's coverage starts.
        let typeOffset: Int
        /// The offset of the first data byte.
        var dataStart: Int { typeOffset + 4 }
        /// The offset just past the data, where the CRC starts.
        let dataEnd: Int
        /// The offset just past the CRC.
        var crcEnd: Int { dataEnd + 4 }
    }

    /// Calls `body` for each chunk whose length and type fit in `bytes`, in file order,
    /// stopping after the first chunk that runs past the end or after `IEND`.
    static func forEach(in bytes: UnsafeRawBufferPointer, _ body: (Chunk) -> Void) {
        var offset = FormatSniffer.pngSignature.count
        while offset + 8 <= bytes.count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian)
            let type = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).bigEndian
            let chunk = Chunk(type: type, typeOffset: offset + 4, dataEnd: offset + 8 + length)
            body(chunk)
            if type == iend { return }
            offset = chunk.crcEnd
        }
    }

    /// Whether the file has its `IEND` chunk, meaning it was not cut short.
    ///
    /// Falls back to looking at the last 12 bytes, so a damaged chunk length earlier in the
    /// file does not make complete data look truncated.
    static func containsEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var found = false
        forEach(in: bytes) { chunk in
            if chunk.type == iend { found = true }
        }
        return found || bytes.suffix(iendChunk.count).elementsEqual(iendChunk)
    }

    /// Overwrites the payload of every `IDAT` chunk with `0xFF` and recomputes its CRC.
    ///
    /// `0xFF` as a zlib CMF byte names compression method 15, which does not exist, so zlib
    /// rejects the stream; the fresh CRCs make that the only fault. A chunk cut short by the
    /// end of the data is filled as far as it goes and keeps no CRC.
    static func destroyImageData(in bytes: UnsafeMutableRawBufferPointer) {
        forEach(in: UnsafeRawBufferPointer(bytes)) { chunk in
            guard chunk.type == idat else { return }
            let dataEnd = min(chunk.dataEnd, bytes.count)
            bytes[chunk.dataStart..<dataEnd].initializeMemory(as: UInt8.self, repeating: 0xFF)
            guard chunk.crcEnd <= bytes.count, let base = bytes.baseAddress else { return }
            let covered = (base + chunk.typeOffset).assumingMemoryBound(to: UInt8.self)
            let crc = cpng_crc32(0, covered, chunk.dataEnd - chunk.typeOffset)
            bytes.storeBytes(of: crc.bigEndian, toByteOffset: chunk.dataEnd, as: UInt32.self)
        }
    }
}
