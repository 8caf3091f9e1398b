public import Foundation

extension ImageCodec {
    /// Encodes an image as an 8-bit RGBA PNG at zlib level 6. Lossless: decoding the result
    /// gives back the same pixels.
    ///
    /// - Throws: ``ImageCodecError/invalidDimensions(width:height:)`` if a side exceeds libpng's
    ///   1,000,000-pixel limit, ``ImageCodecError/encodingFailed(_:)`` if libpng fails.
    public static func encodePNG(_ image: DecodedImage) throws(ImageCodecError) -> Data {
        try PNGEncoder.encode(image)
    }

    /// Encodes an 8-bit RGB PNG row by row, so memory use is O(`width`), not
    /// O(`width * height`): a 20000×20000 image needs no 1.2 GB buffer.
    ///
    /// - Parameters:
    ///   - width: Pixels per row, 1...1,000,000 (libpng's limit).
    ///   - height: Number of rows, 1...1,000,000.
    ///   - compressionLevel: The zlib level, 0 (store) ... 9 (smallest).
    ///   - rows: Called once per row, top to bottom, with `y` and a zeroed buffer of
    ///     `width * 3` bytes to fill with red, green and blue samples.
    /// - Throws: ``ImageCodecError/invalidDimensions(width:height:)`` for sizes out of range,
    ///   ``ImageCodecError/encodingFailed(_:)`` for a level outside 0...9 or a libpng failure.
    public static func encodePNG(
        width: Int, height: Int, compressionLevel: Int = 6,
        rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ImageCodecError) -> Data {
        try PNGEncoder.encode(
            width: width, height: height, channels: 3, compressionLevel: compressionLevel,
            rows: rows)
    }

    /// Encodes an image as a baseline JPEG with 4:2:0 chroma subsampling; alpha is dropped.
    ///
    /// - Parameter quality: The JPEG quality, 1...100.
    /// - Throws: ``ImageCodecError/invalidDimensions(width:height:)`` if a side exceeds JPEG's
    ///   65,500-pixel limit, ``ImageCodecError/encodingFailed(_:)`` for a quality out of range
    ///   or a TurboJPEG failure.
    public static func encodeJPEG(
        _ image: DecodedImage, quality: Int = 85
    ) throws(ImageCodecError) -> Data {
        try JPEGEncoder.encode(image, quality: quality)
    }

    /// Encodes 8-bit RGB rows as a baseline JPEG with 4:2:0 chroma subsampling.
    ///
    /// TurboJPEG compresses a whole frame at once, so unlike
    /// ``encodePNG(width:height:compressionLevel:rows:)`` this buffers `width * height * 3` bytes.
    ///
    /// - Parameters:
    ///   - width: Pixels per row, 1...65,500.
    ///   - height: Number of rows, 1...65,500.
    ///   - quality: The JPEG quality, 1...100.
    ///   - rows: Called once per row, top to bottom, with `y` and a zeroed buffer of
    ///     `width * 3` bytes to fill with red, green and blue samples.
    /// - Throws: ``ImageCodecError/invalidDimensions(width:height:)`` for sizes out of range,
    ///   ``ImageCodecError/encodingFailed(_:)`` for a quality out of range, memory exhaustion or
    ///   a TurboJPEG failure.
    public static func encodeJPEG(
        width: Int, height: Int, quality: Int = 85,
        rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ImageCodecError) -> Data {
        try JPEGEncoder.encode(width: width, height: height, quality: quality, rows: rows)
    }
}
