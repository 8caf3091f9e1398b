/// An EXIF orientation (1...8) and the pixels a camera stores for it: turned or flipped so that a
/// loader applying the tag shows the upright ``ZooPicture``.
struct ZooOrientation: Sendable, Hashable {
    /// The tag's value, 1...8.
    let value: Int

    /// Whether the stored image is the upright one with width and height swapped (5...8).
    var swapsSides: Bool { value >= 5 }

    /// The stored image's size for an upright `width`×`height`.
    func storedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// The upright pixel shown at stored pixel (`x`, `y`) of a `storedWidth`×`storedHeight` image,
    /// following the tag's meaning (2 mirrors, 3 turns 180°, 4 flips, 5 transposes, 6 turns 90°
    /// clockwise, 7 transverses, 8 turns 90° counter-clockwise).
    func upright(x: Int, y: Int, storedWidth: Int, storedHeight: Int) -> (x: Int, y: Int) {
        switch value {
        case 2: (storedWidth - 1 - x, y)
        case 3: (storedWidth - 1 - x, storedHeight - 1 - y)
        case 4: (x, storedHeight - 1 - y)
        case 5: (y, x)
        case 6: (storedHeight - 1 - y, x)
        case 7: (storedHeight - 1 - y, storedWidth - 1 - x)
        case 8: (y, storedWidth - 1 - x)
        default: (x, y)
        }
    }

    /// The payload of an EXIF APP1 marker holding only this orientation: `Exif\0\0`, a
    /// big-endian TIFF header and IFD0 with one entry (tag 0x0112, SHORT).
    var exifPayload: [UInt8] {
        var bytes: [UInt8] = Array("Exif".utf8) + [0, 0]
        bytes += Array("MM".utf8) + [0, 42] + [0, 0, 0, 8]  // TIFF header, IFD0 at offset 8
        bytes += [0, 1]  // one entry
        bytes += [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(value), 0, 0]  // Orientation, SHORT, 1 value
        bytes += [0, 0, 0, 0]  // no next IFD
        return bytes
    }

    /// Encodes `picture` stored for this orientation, calling `encode` with the stored size and
    /// a row drawer. Orientations 1...4 draw row by row; 5...8 draw the upright picture once,
    /// keep each run of equal rows once (a large picture's rows repeat within a band of tiles)
    /// and read them column-wise.
    func withStoredRows<T, E: Error>(
        of picture: ZooPicture,
        _ encode: (_ width: Int, _ height: Int, _ rows: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) throws(E) -> T
    ) throws(E) -> T {
        let (width, height) = storedSize(width: picture.width, height: picture.height)
        if !swapsSides {
            let drawer = picture.rows()
            var line = [UInt8](repeating: 0, count: width * 3)
            return try encode(width, height) { y, row in
                let source = upright(x: 0, y: y, storedWidth: width, storedHeight: height).y
                line.withUnsafeMutableBufferPointer { drawer.fill(row: source, into: $0) }
                let mirrored = value == 2 || value == 3
                for x in 0..<width {
                    let from = (mirrored ? width - 1 - x : x) * 3
                    row[x * 3] = line[from]
                    row[x * 3 + 1] = line[from + 1]
                    row[x * 3 + 2] = line[from + 2]
                }
            }
        }
        // Turned: stored row y reads a column of the upright picture. The upright rows are drawn
        // once, top to bottom, and each run of equal rows kept once (`rowStart[y]` is where its
        // copy starts): a large picture has no noise, so its rows repeat within each band of tiles, and
        // 8000×6000 keeps about a hundred rows (2 MB, not the whole 144 MB picture), which the
        // column reads find in the cache. A noisy (small) picture keeps every row.
        let stride = picture.width * 3
        var distinct: [UInt8] = []  // The kept rows, one after another.
        var rowStart = [Int](repeating: 0, count: picture.height)
        picture.forEachRow { y, row in
            if distinct.isEmpty || !distinct[(distinct.count - stride)...].elementsEqual(row) { distinct.append(contentsOf: row) }
            rowStart[y] = distinct.count - stride
        }
        return try encode(width, height) { y, row in
            distinct.withUnsafeBufferPointer { source in
                for x in 0..<width {
                    let point = upright(x: x, y: y, storedWidth: width, storedHeight: height)
                    let from = rowStart[point.y] + point.x * 3
                    row[x * 3] = source[from]
                    row[x * 3 + 1] = source[from + 1]
                    row[x * 3 + 2] = source[from + 2]
                }
            }
        }
    }
}
