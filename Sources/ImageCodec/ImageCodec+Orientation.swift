public import Foundation

extension ImageCodec {
    /// The orientation `data` declares, as an EXIF orientation value from 1 to 8: a JPEG's APP1,
    /// a PNG's `eXIf`, a WebP's `EXIF` (read with libexif), an AVIF's `irot` and `imir`. 1 (stored
    /// upright) when there is none, the block is damaged, or the format is not recognised; a HEIC
    /// also answers 1, since libheif applies its transforms while decoding.
    ///
    /// ``decode(_:maxPixels:)`` already applies it; this tells a caller that shows the encoded
    /// file itself (a browser) whether that file would look different from the decoded pixels.
    public static func exifOrientation(of data: Data) -> Int {
        data.withUnsafeBytes { bytes in
            guard let format = try? FormatSniffer.format(of: bytes) else { return 1 }
            return EXIFOrientation.read(from: bytes, format: format).rawValue
        }
    }
}
