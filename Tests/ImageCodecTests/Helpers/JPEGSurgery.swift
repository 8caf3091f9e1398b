import Foundation

/// Edits the marker segments of a JPEG made in a test, to build the oddities found in the wild
/// (stray bytes, short or broken APP segments) around a picture whose pixels are known.
enum JPEGSurgery {
    /// An APP1 segment holding `payload` after the "Exif\0\0" identifier; the length field is
    /// `declaredLength` when given (a lying one), else the true one.
    static func exifSegment(_ payload: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + payload
        return segment(0xE1, body, declaredLength: declaredLength)
    }

    /// A marker segment: `FF marker`, a big-endian length counting itself, then `body`.
    static func segment(_ marker: UInt8, _ body: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
        let length = declaredLength ?? body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// `jpeg` with `bytes` inserted after its first `count` segments following SOI (TurboJPEG
    /// writes APP0 JFIF, then DQT, SOF0, DHT… so 1 is "after APP0").
    static func insert(_ bytes: [UInt8], afterSegments count: Int, in jpeg: Data) -> Data {
        let data = [UInt8](jpeg)
        var offset = 2
        for _ in 0..<count {
            let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            offset += 2 + length
        }
        return Data(data[..<offset] + bytes + data[offset...])
    }
}
