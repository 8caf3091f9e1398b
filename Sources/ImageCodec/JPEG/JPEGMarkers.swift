/// Walks the marker segments of a JPEG file: `FF xx`, then for most markers a 2-byte
/// big-endian length that counts itself. After `SOS` comes entropy-coded data, in which `FF` is
/// always followed by `00` (a stuffed byte) or a restart marker `D0`...`D7`.
///
/// Used only to make test data (``ImageCodec/corrupted(_:)``), never to decode.
enum JPEGMarkers {
    /// Define Quantization Table(s).
    static let dqt: UInt8 = 0xDB
    /// Comment: decoders skip its payload.
    static let com: UInt8 = 0xFE
    /// Start Of Scan: its segment header is followed by entropy-coded data.
    static let sos: UInt8 = 0xDA
    /// End Of Image.
    static let eoi: UInt8 = 0xD9

    /// Whether the data ends with an `EOI` marker, meaning it was not cut short.
    static func containsEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == eoi
    }

    /// Renames every `DQT` marker to `COM`, turning the quantization tables into comments of
    /// the same length; libjpeg-turbo then fails with "Quantization table 0x00 was not defined".
    static func renameQuantizationTables(in bytes: UnsafeMutableRawBufferPointer) {
        for offset in segmentOffsets(of: dqt, in: UnsafeRawBufferPointer(bytes)) {
            bytes[offset + 1] = com
        }
    }

    /// The offsets of the `FF` byte of every `marker` segment before `EOI`. Stops early at
    /// anything that is not a marker where one should be, or at the end of the data.
    static func segmentOffsets(of marker: UInt8, in bytes: UnsafeRawBufferPointer) -> [Int] {
        var offsets: [Int] = []
        var offset = 2  // After SOI.
        while offset + 1 < bytes.count, bytes[offset] == 0xFF {
            let code = bytes[offset + 1]
            if code == 0xFF {  // Fill byte before a marker.
                offset += 1
                continue
            }
            if code == eoi { break }
            if code == marker { offsets.append(offset) }
            offset += 2
            if isStandalone(code) { continue }
            guard offset + 1 < bytes.count else { break }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2 else { break }
            offset += length
            if code == sos { offset = endOfEntropyCodedData(in: bytes, from: offset) }
        }
        return offsets
    }

    /// Markers without a length field: TEM, RST0...RST7, SOI, EOI.
    private static func isStandalone(_ code: UInt8) -> Bool {
        code == 0x01 || (0xD0...0xD9).contains(code)
    }

    /// The offset of the first marker after entropy-coded data starting at `offset`, skipping
    /// stuffed `FF 00` bytes and restart markers; `bytes.count` if there is none.
    private static func endOfEntropyCodedData(in bytes: UnsafeRawBufferPointer, from offset: Int)
        -> Int
    {
        var offset = offset
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            let next = bytes[offset + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) {
                offset += 2
            } else if next == 0xFF {
                offset += 1
            } else {
                return offset
            }
        }
        return bytes.count
    }
}
