public import Foundation
import Logging

/// Reads and writes PNG and JPEG images (libpng, libjpeg-turbo's TurboJPEG) and reads GIF
/// (giflib), WebP (libwebp and libwebpdemux), AVIF (libavif) and HEIC (libheif).
///
/// Every function is stateless and safe to call concurrently from any number of threads: each
/// call makes its own libpng and TurboJPEG state. No input bytes can make a call trap; bad data
/// throws an ``ImageCodecError``.
///
/// Encoding lives in `ImageCodec+Encoding.swift`, decoding at a target size in
/// `ImageCodec+Scaling.swift`, test-data corruption in `ImageCodec+Corruption.swift`.
public enum ImageCodec {
    /// The default pixel limit for ``decode(_:maxPixels:)``: 50 megapixels, 200 MB of RGBA.
    public static let defaultMaxPixels = 50_000_000

    /// Where decoders note what they tolerated (libjpeg's warnings), at debug level.
    static let logger = Logger(label: "ImageCodec")

    /// Reads the format and dimensions from the header without decoding any pixels.
    ///
    /// The size is the stored one, as the header declares it, before any EXIF orientation:
    /// ``decode(_:maxPixels:)`` of an image stored turned returns the sides swapped.
    ///
    /// PNG uses libpng's simplified API (`png_image_begin_read_from_memory`), JPEG uses
    /// `tjDecompressHeader3`. Cheap even for headers that declare gigapixel images.
    ///
    /// - Throws: ``ImageCodecError/unsupportedFormat`` for data that is empty or has neither
    ///   signature, ``ImageCodecError/undecodableFormat(_:)`` for an image format that is
    ///   recognised but not decoded (JPEG XL, HEIC, JPEG XL, TIFF, BMP, SVG…),
    ///   ``ImageCodecError/truncated`` if the data ends inside the header, or
    ///   ``ImageCodecError/corrupt(_:)`` if the header is malformed.
    public static func probe(_ data: Data) throws(ImageCodecError) -> ImageInfo {
        try withBytes(of: data) { bytes throws(ImageCodecError) in
            switch try FormatSniffer.format(of: bytes) {
            case .png: try PNGDecoder.probe(bytes)
            case .jpeg: try JPEGDecoder.probe(bytes)
            case .gif: try GIFDecoder.probe(bytes)
            case .webp: try WebPDecoder.probe(bytes)
            case .avif: try AVIFDecoder.probe(bytes)
            case .heic: try HEICDecoder.probe(bytes)
            }
        }
    }

    /// Decodes a PNG, JPEG, GIF, WebP, AVIF or HEIC image to 8-bit RGBA, upright.
    ///
    /// An animated GIF, WebP or APNG delivers its first frame (composited on the canvas; APNG's
    /// default image), with
    /// ``DecodedImage/frameCount``, ``DecodedImage/loopCount`` and
    /// ``DecodedImage/frameDurations`` read from the container without decoding the other
    /// frames; the canvas (GIF's logical screen) is checked against `maxPixels` before any frame is decoded.
    ///
    /// An EXIF orientation (JPEG APP1, PNG `eXIf`, WebP `EXIF`; read with libexif) is applied to the pixels:
    /// a photo stored 4000×3000 with orientation 6 decodes as 3000×4000, turned a quarter turn
    /// clockwise. A damaged EXIF block counts as no orientation. An AVIF's `irot` and `imir` are
    /// applied the same way (rotation first, then the mirror, as HEIF orders them); libheif applies a HEIC's `irot` and `imir` itself.
    ///
    /// Reads the header first and throws ``ImageCodecError/tooLarge(pixels:)`` when it declares
    /// more than `maxPixels` pixels, before any pixel memory is allocated. PNG is decoded by
    /// libpng's simplified API to `PNG_FORMAT_RGBA`, after its chunk lengths are checked (a
    /// chunk claiming more than the data holds, or an ancillary chunk over 8 MB, is
    /// ``ImageCodecError/corrupt(_:)`` before libpng allocates anything); JPEG by `tjDecompress2`
    /// to `TJPF_RGBA`, tolerating libjpeg's warnings (logged at debug level) unless the data
    /// ends before the image does. Pixels are written straight into the returned image's
    /// array, with no intermediate copy.
    ///
    /// - Parameters:
    ///   - data: The encoded image.
    ///   - maxPixels: The largest `width * height` to decode.
    /// - Throws: ``ImageCodecError/truncated`` when decoding fails and the data lacks its end
    ///   marker (PNG `IEND`, JPEG `EOI`), ``ImageCodecError/corrupt(_:)`` with the decoder's
    ///   message for other failures, and the errors of ``probe(_:)``.
    public static func decode(
        _ data: Data, maxPixels: Int = defaultMaxPixels
    ) throws(ImageCodecError) -> DecodedImage {
        try withBytes(of: data) { bytes throws(ImageCodecError) in
            let format = try FormatSniffer.format(of: bytes)
            let orientation = EXIFOrientation.read(from: bytes, format: format)
            if format == .jpeg {
                // Turned while decoding, not in a pass of its own afterwards.
                return try JPEGDecoder.decode(bytes, maxPixels: maxPixels, orientation: orientation)
            }
            let stored =
                switch format {
                case .png: try PNGDecoder.decode(bytes, maxPixels: maxPixels)
                case .jpeg: try JPEGDecoder.decode(bytes, maxPixels: maxPixels)
                case .gif: try GIFDecoder.decode(bytes, maxPixels: maxPixels)
                case .webp: try WebPDecoder.decode(bytes, maxPixels: maxPixels)
                case .avif: try AVIFDecoder.decode(bytes, maxPixels: maxPixels)
                case .heic: try HEICDecoder.decode(bytes, maxPixels: maxPixels)
                }
            return orientation.apply(to: stored).animated(like: stored)
        }
    }

    /// The RGBA byte count of a `width` × `height` image a decoder may allocate.
    ///
    /// - Throws: ``ImageCodecError/tooLarge(pixels:)`` if the image has more than `maxPixels`
    ///   pixels or its byte count overflows `Int`; ``ImageCodecError/corrupt(_:)`` if a side is
    ///   not positive (the decoders reject such headers first, so this is a backstop).
    static func decodedByteCount(
        width: Int, height: Int, maxPixels: Int
    ) throws(ImageCodecError) -> Int {
        guard width > 0, height > 0 else {
            throw .corrupt("The header declares a \(width)×\(height) image")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels,
            let bytes = DecodedImage.byteCount(width: width, height: height)
        else {
            throw .tooLarge(pixels: overflow ? Int.max : pixels)
        }
        return bytes
    }

    /// Runs `body` on the bytes of `data` without copying them, keeping the typed error
    /// (`Data.withUnsafeBytes` only rethrows `any Error`).
    static func withBytes<Value>(
        of data: Data, _ body: (UnsafeRawBufferPointer) throws(ImageCodecError) -> Value
    ) throws(ImageCodecError) -> Value {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(ImageCodecError) in try body(bytes) }
        }
        return try result.get()
    }
}
