import Foundation

/// How the PNG variants are made: rows in the variant's layout through libpng, and the files
/// assembled from libpng's chunks.
enum ZooPNGFiles {
    /// How a row of the picture is laid out for libpng.
    enum Layout {
        case rgb, rgb16, gray, grayAlpha, rgba
    }

    /// The picture drawn in `layout`, encoded with `options`.
    static func encode(_ picture: ZooPicture, _ options: ZooPNGEncoder.Options, layout: Layout) throws(ZooEncodingError) -> Data {
        let drawer = picture.rows()
        var rgb = [UInt8](repeating: 0, count: picture.width * 3)
        return try ZooPNGEncoder.encode(width: picture.width, height: picture.height, options: options) { y, row in
            if layout == .rgb {
                drawer.fill(row: y, into: row)
                return
            }
            rgb.withUnsafeMutableBufferPointer { drawer.fill(row: y, into: $0) }
            for x in 0..<picture.width {
                let (r, g, b) = (rgb[x * 3], rgb[x * 3 + 1], rgb[x * 3 + 2])
                switch layout {
                case .rgb:
                    break
                case .rgb16:
                    for channel in 0..<3 {
                        row[x * 6 + channel * 2] = rgb[x * 3 + channel]
                        row[x * 6 + channel * 2 + 1] = rgb[x * 3 + channel]
                    }
                case .gray:
                    row[x] = ZooColor.luma(r, g, b)
                case .grayAlpha:
                    row[x * 2] = ZooColor.luma(r, g, b)
                    row[x * 2 + 1] = picture.alpha(x: x, y: y)
                case .rgba:
                    (row[x * 4], row[x * 4 + 1], row[x * 4 + 2]) = (r, g, b)
                    row[x * 4 + 3] = picture.alpha(x: x, y: y)
                }
            }
        }
    }

    /// An 8-bit palette image. With `transparent`, entry 0 is fully transparent (tRNS) and takes
    /// the pixels whose ``ZooPicture/alpha(x:y:)`` is below 128; the colours get the other 255.
    static func palette(_ picture: ZooPicture, transparent: Bool) throws(ZooEncodingError) -> Data {
        let palette = ZooPalette(picture, entries: transparent ? 255 : 256)
        let offset: UInt8 = transparent ? 1 : 0
        var options = ZooPNGEncoder.Options(colorType: .palette, palette: (transparent ? [0, 0, 0] : []) + palette.colors)
        if transparent { options.transparency = [0] }
        let drawer = picture.rows()
        var rgb = [UInt8](repeating: 0, count: picture.width * 3)
        return try ZooPNGEncoder.encode(width: picture.width, height: picture.height, options: options) { y, row in
            rgb.withUnsafeMutableBufferPointer { drawer.fill(row: y, into: $0) }
            for x in 0..<picture.width {
                if transparent, picture.alpha(x: x, y: y) < 128 {
                    row[x] = 0
                } else {
                    row[x] = offset + palette.index(rgb[x * 3], rgb[x * 3 + 1], rgb[x * 3 + 2])
                }
            }
        }
    }

    /// An APNG: frame 0 is the PNG's own image (its IDAT), later frames are fdAT chunks; each
    /// frame is libpng's compressed RGB of ``ZooPicture/frame(_:)``. `delays` are
    /// (numerator, denominator) seconds, one a frame; it loops forever.
    static func animated(_ picture: ZooPicture, delays: [(UInt16, UInt16)]) throws(ZooEncodingError) -> Data {
        var frames: [ZooPNGChunks] = []
        for index in delays.indices {
            frames.append(try ZooPNGChunks(parsing: try encode(picture.frame(index), ZooPNGEncoder.Options(), layout: .rgb)))
        }
        typealias Chunk = ZooPNGChunks.Chunk
        var sequence: UInt32 = 0
        func control(_ delay: (UInt16, UInt16)) -> Chunk {
            defer { sequence += 1 }
            let be32 = ZooPNGChunks.be32
            let data = be32(sequence) + be32(UInt32(picture.width)) + be32(UInt32(picture.height)) + be32(0) + be32(0)
                + ZooPNGChunks.be16(delay.0) + ZooPNGChunks.be16(delay.1) + [0, 0]  // dispose none, blend source
            return Chunk(type: "fcTL", data: data)
        }
        let first = frames[0]
        var chunks = [Chunk(type: "IHDR", data: first.data(of: "IHDR")[0])]
        chunks.append(Chunk(type: "acTL", data: ZooPNGChunks.be32(UInt32(delays.count)) + ZooPNGChunks.be32(0)))
        chunks.append(control(delays[0]))
        chunks += first.data(of: "IDAT").map { Chunk(type: "IDAT", data: $0) }
        for (frame, delay) in zip(frames.dropFirst(), delays.dropFirst()) {
            chunks.append(control(delay))
            for data in frame.data(of: "IDAT") {
                chunks.append(Chunk(type: "fdAT", data: ZooPNGChunks.be32(sequence) + data))
                sequence += 1
            }
        }
        chunks.append(Chunk(type: "IEND", data: []))
        var file = first
        file.chunks = chunks
        return file.bytes
    }

    /// The signature, the picture's IHDR (8-bit RGB), then a tEXt chunk whose length field says
    /// 1 GiB followed by 16 bytes of it ("Comment", NUL, "zoo text"): 57 bytes in all.
    static func hugeTextChunk(_ picture: ZooPicture) -> Data {
        let be32 = ZooPNGChunks.be32
        let header = be32(UInt32(picture.width)) + be32(UInt32(picture.height)) + [8, 2, 0, 0, 0]
        var bytes = ZooPNGChunks.signature + ZooPNGChunks.encoded(ZooPNGChunks.Chunk(type: "IHDR", data: header))
        bytes += be32(1 << 30) + Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array("zoo text".utf8)
        return Data(bytes)
    }

    /// The picture as 8-bit RGB with the first IDAT's CRC inverted.
    static func badCRC(_ picture: ZooPicture) throws(ZooEncodingError) -> Data {
        var bytes = [UInt8](try encode(picture, ZooPNGEncoder.Options(), layout: .rgb))
        var offset = ZooPNGChunks.signature.count
        while offset + 12 <= bytes.count {
            let length = Int(ZooPNGChunks.uint32(bytes, at: offset))
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) {
                for index in offset + 8 + length..<offset + 12 + length { bytes[index] ^= 0xFF }
                return Data(bytes)
            }
            offset += 12 + length
        }
        throw ZooEncodingError("libpng's output has no IDAT chunk")
    }

    /// A 64×48 RGB PNG of the picture whose IHDR claims 100,000 × 100,000, its CRC recomputed.
    static func bomb(_ picture: ZooPicture) throws(ZooEncodingError) -> Data {
        var file = try ZooPNGChunks(parsing: try encode(picture.resized(width: 64, height: 48), ZooPNGEncoder.Options(), layout: .rgb))
        guard let index = file.chunks.firstIndex(where: { $0.type == "IHDR" }) else { throw ZooEncodingError("libpng wrote no IHDR") }
        file.chunks[index].data.replaceSubrange(0..<8, with: ZooPNGChunks.be32(100_000) + ZooPNGChunks.be32(100_000))
        return file.bytes
    }
}
