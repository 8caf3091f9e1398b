/// Walks the marker segments of a JPEG file: `FF xx`, then for most markers a 2-byte
/// big-endian length that counts itself. After `SOS` comes entropy-coded data, in which `FF` is
/// always followed by `00` (a stuffed byte) or a restart marker `D0`...`D7`.
///
/// Used to make test data (``ImageCodec/corrupted(_:)``), and when decoding only to find the
/// APP14 "Adobe" marker, which libjpeg reads but TurboJPEG does not report.
enum JPEGMarkers {
    /// Define Quantization Table(s).
    static let dqt: UInt8 = 0xDB
    /// Comment: decoders skip its payload.
    static let com: UInt8 = 0xFE
    /// Start Of Scan: its segment header is followed by entropy-coded data.
    static let sos: UInt8 = 0xDA
    /// End Of Image.
    static let eoi: UInt8 = 0xD9
    /// APP14, where Adobe applications write their "Adobe" segment.
    static let app14: UInt8 = 0xEE

    /// The transform flag of the first APP14 "Adobe" segment before the first scan (0: CMYK or
    /// RGB as stored, 1: YCbCr, 2: YCCK), or `nil` when there is none; libjpeg reads the same
    /// segment, with the same length rule (at least 12 bytes of data after the length field).
    static func adobeTransform(in bytes: UnsafeRawBufferPointer) -> UInt8? {
        let identifier = Array("Adobe".utf8)
        for offset in segmentOffsets(of: app14, in: bytes, beforeScan: true) {
            let data = offset + 4  // After FF EE and the 2-byte length.
            guard data + 12 <= bytes.count else { continue }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 14, bytes[data..<data + 5].elementsEqual(identifier) else { continue }
            return bytes[data + 11]
        }
        return nil
    }

    /// Whether the data has an `EOI` marker after its last `SOS`, meaning it was not cut short:
    /// the image's own end, not an EXIF thumbnail's (which comes before the frame). Bytes may
    /// follow the `EOI` (some cameras pad files). `FF D9` and `FF DA` cannot occur inside
    /// entropy-coded data, where every `FF` is followed by `00` or a restart marker.
    static func containsEnd(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4, let end = lastOffset(of: eoi, in: bytes) else { return false }
        return lastOffset(of: sos, in: UnsafeRawBufferPointer(rebasing: bytes[end...])) == nil
    }

    /// The offset of the last `FF marker` pair in `bytes`, searching from the end.
    private static func lastOffset(of marker: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        var offset = bytes.count - 1
        while offset > 0 {
            if bytes[offset] == marker, bytes[offset - 1] == 0xFF { return offset - 1 }
            offset -= 1
        }
        return nil
    }

    /// Renames every `DQT` marker to `COM`, turning the quantization tables into comments of
    /// the same length; libjpeg-turbo then fails with "Quantization table 0x00 was not defined".
    static func renameQuantizationTables(in bytes: UnsafeMutableRawBufferPointer) {
        for offset in segmentOffsets(of: dqt, in: UnsafeRawBufferPointer(bytes)) {
            bytes[offset + 1] = com
        }
    }

    /// The offsets of the `FF` byte of every `marker` segment before `EOI` (or, with
    /// `beforeScan`, before the first `SOS`). Stops early at anything that is not a marker where
    /// one should be, or at the end of the data.
    static func segmentOffsets(
        of marker: UInt8, in bytes: UnsafeRawBufferPointer, beforeScan: Bool = false
    ) -> [Int] {
        var offsets: [Int] = []
        var offset = 2  // After SOI.
        while offset + 1 < bytes.count, bytes[offset] == 0xFF {
            let code = bytes[offset + 1]
            if code == 0xFF {  // Fill byte before a marker.
                offset += 1
                continue
            }
            if code == eoi || (beforeScan && code == sos) { break }
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
