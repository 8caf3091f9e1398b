import Foundation

/// Edits of libjpeg's output at the marker level, for the variants no encoder writes on purpose:
/// stray bytes before a marker, a file cut after its first scans, a frame header claiming a size
/// the data does not have.
enum ZooJPEGSurgery {
    /// A marker segment before the first scan: its marker byte and where it starts (at `0xFF`).
    struct Segment {
        let marker: UInt8
        let offset: Int
        /// The segment's length field (the bytes after the marker, length field included).
        let length: Int
    }

    /// The segments from SOI's end up to and including the first SOS.
    static func headerSegments(_ bytes: [UInt8]) throws(ZooEncodingError) -> [Segment] {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw ZooEncodingError("libjpeg's output has no SOI") }
        var segments: [Segment] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            segments.append(Segment(marker: marker, offset: offset, length: length))
            if marker == 0xDA { return segments }
            offset += 2 + length
        }
        throw ZooEncodingError("libjpeg's output has no scan where one was expected")
    }

    /// The first frame header (SOF0...SOF15, not DHT, JPG or DAC).
    static func frameHeader(_ bytes: [UInt8]) throws(ZooEncodingError) -> Segment {
        let frame = try headerSegments(bytes).first { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }
        guard let frame else { throw ZooEncodingError("libjpeg's output has no frame header") }
        return frame
    }

    /// `stray` inserted just before the frame header's marker, between two header segments.
    static func insertingBeforeFrameHeader(_ data: Data, stray: [UInt8]) throws(ZooEncodingError) -> Data {
        var bytes = [UInt8](data)
        bytes.insert(contentsOf: stray, at: try frameHeader(bytes).offset)
        return Data(bytes)
    }

    /// The frame header's height and width set to `height`×`width` (each 16 bits).
    static func claimingSize(_ data: Data, width: Int, height: Int) throws(ZooEncodingError) -> Data {
        var bytes = [UInt8](data)
        let frame = try frameHeader(bytes)
        let at = frame.offset + 5  // FF Cn, length (2), precision (1)
        bytes[at] = UInt8(height >> 8)
        bytes[at + 1] = UInt8(truncatingIfNeeded: height)
        bytes[at + 2] = UInt8(width >> 8)
        bytes[at + 3] = UInt8(truncatingIfNeeded: width)
        return Data(bytes)
    }

    /// The file cut just before its scan number `scans + 1` (and whatever tables precede that
    /// scan): a progressive download that stopped early, without an end marker.
    static func keepingScans(_ data: Data, _ scans: Int) throws(ZooEncodingError) -> Data {
        let bytes = [UInt8](data)
        var index = try headerSegments(bytes).last?.offset ?? 0
        var scansSeen = 0
        var runStart = index  // where the markers after the last scan's data begin
        var inData = false
        while index + 3 < bytes.count {
            if inData {
                guard bytes[index] == 0xFF else {
                    index += 1
                    continue
                }
                let next = bytes[index + 1]
                if next == 0xFF {
                    index += 1  // a fill byte
                    continue
                }
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    index += 2  // a stuffed 0xFF or a restart marker: still the scan's data
                    continue
                }
                inData = false
                runStart = index
            }
            guard bytes[index] == 0xFF, bytes[index + 1] != 0xD9 else { break }
            if bytes[index + 1] == 0xDA {
                scansSeen += 1
                if scansSeen > scans { return Data(bytes[..<runStart]) }
                inData = true
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        throw ZooEncodingError("libjpeg wrote \(scansSeen) scans, not more than \(scans)")
    }
}
