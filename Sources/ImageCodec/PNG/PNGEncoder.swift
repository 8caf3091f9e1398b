internal import CPNG
import Foundation

/// Writes 8-bit RGB or RGBA PNGs one row at a time through the `cpng_write_rows` shim, which
/// keeps libpng's setjmp/longjmp error handling inside C.
enum PNGEncoder {
    /// libpng's default limit on each side (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`),
    /// which it enforces when writing too.
    static let maxDimension = 1_000_000
    /// Room for libpng's error message; its messages are much shorter.
    private static let messageCapacity = 256

    /// Encodes a decoded image as RGBA at zlib level 6, copying one row at a time.
    static func encode(_ image: DecodedImage) throws(ImageCodecError) -> Data {
        let rowByteCount = image.width * 4
        return try image.pixels.withUnsafeBufferPointer { pixels throws(ImageCodecError) in
            try encode(width: image.width, height: image.height, channels: 4, compressionLevel: 6) {
                y, row in
                let start = y * rowByteCount
                _ = row.update(fromContentsOf: pixels[start..<start + rowByteCount])
            }
        }
    }

    /// Encodes `height` rows of `width * channels` bytes, asking `rows` for each in turn.
    static func encode(
        width: Int, height: Int, channels: Int, compressionLevel: Int,
        rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ImageCodecError) -> Data {
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard (0...9).contains(compressionLevel) else {
            throw .encodingFailed("Compression level \(compressionLevel) is outside 0...9")
        }
        var output = Data()
        var message = [CChar](repeating: 0, count: messageCapacity)
        let succeeded = withoutActuallyEscaping(rows) { rows in
            var source = RowSource(rows: rows, rowByteCount: width * channels)
            return withUnsafeMutablePointer(to: &source) { source in
                withUnsafeMutablePointer(to: &output) { output in
                    message.withUnsafeMutableBufferPointer { message in
                        cpng_write_rows(
                            UInt32(width), UInt32(height), Int32(channels), Int32(compressionLevel),
                            RowSource.fill, source, appendBytes, output,
                            message.baseAddress, message.count) != 0
                    }
                }
            }
        }
        guard succeeded else {
            let text = message.withUnsafeBufferPointer { buffer in
                String(
                    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
                )
            }
            throw .encodingFailed(text.isEmpty ? "libpng failed without a message" : text)
        }
        return output
    }

    /// The caller's row closure, reachable from C through a context pointer.
    private struct RowSource {
        let rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
        let rowByteCount: Int

        /// `cpng_row_fn`: hands libpng's row buffer to the Swift closure.
        static let fill: cpng_row_fn = { context, y, row in
            guard let source = context?.assumingMemoryBound(to: RowSource.self) else { return }
            source.pointee.rows(
                Int(y), UnsafeMutableBufferPointer(start: row, count: source.pointee.rowByteCount))
        }
    }

    /// `cpng_write_fn`: appends libpng's output to the `Data` the context points to.
    private static let appendBytes: cpng_write_fn = { context, bytes, count in
        guard let output = context?.assumingMemoryBound(to: Data.self), let bytes else { return }
        output.pointee.append(bytes, count: count)
    }
}
