internal import CTurboJPEG
import Foundation

/// Writes baseline JPEGs with 4:2:0 chroma subsampling through `tjCompress2`.
enum JPEGEncoder {
    /// libjpeg's limit on each side (`JPEG_MAX_DIMENSION`).
    static let maxDimension = 65_500

    /// Compresses RGBA pixels in place, without converting them first; alpha is ignored.
    static func encode(_ image: DecodedImage, quality: Int) throws(ImageCodecError) -> Data {
        try validate(width: image.width, height: image.height, quality: quality)
        return try image.pixels.withUnsafeBufferPointer { pixels throws(ImageCodecError) in
            try compress(
                pixels.baseAddress, width: image.width, height: image.height,
                pixelFormat: TJPF_RGBA, quality: quality)
        }
    }

    /// Collects RGB rows into one zeroed frame buffer, then compresses it.
    static func encode(
        width: Int, height: Int, quality: Int,
        rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ImageCodecError) -> Data {
        try validate(width: width, height: height, quality: quality)
        let rowByteCount = width * 3
        // calloc, not Array: a failed allocation throws instead of trapping.
        guard let frame = calloc(height, rowByteCount)?.assumingMemoryBound(to: UInt8.self) else {
            throw .encodingFailed("Cannot allocate \(height * rowByteCount) bytes for the frame")
        }
        defer { free(frame) }
        for y in 0..<height {
            rows(
                y, UnsafeMutableBufferPointer(start: frame + y * rowByteCount, count: rowByteCount))
        }
        return try compress(
            frame, width: width, height: height, pixelFormat: TJPF_RGB, quality: quality)
    }

    /// Compresses packed pixels of a validated size and quality; the result wraps TurboJPEG's
    /// buffer without copying it.
    private static func compress(
        _ pixels: UnsafePointer<UInt8>?, width: Int, height: Int, pixelFormat: TJPF, quality: Int
    ) throws(ImageCodecError) -> Data {
        let handle = try TurboJPEGHandle(.compressor, orThrow: ImageCodecError.encodingFailed)
        var jpeg: UnsafeMutablePointer<UInt8>?
        var jpegSize: UInt = 0
        let status = tjCompress2(
            handle.raw, pixels, Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue),
            &jpeg, &jpegSize, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        guard status == 0, let jpeg else {
            tjFree(jpeg)  // Accepts null.
            throw .encodingFailed(handle.errorMessage)
        }
        return Data(
            bytesNoCopy: jpeg, count: Int(jpegSize),
            deallocator: .custom { bytes, _ in
                tjFree(bytes.assumingMemoryBound(to: UInt8.self))
            })
    }

    /// Rejects sizes libjpeg cannot write and qualities TurboJPEG does not accept.
    private static func validate(width: Int, height: Int, quality: Int) throws(ImageCodecError) {
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        guard (1...100).contains(quality) else {
            throw .encodingFailed("Quality \(quality) is outside 1...100")
        }
    }
}
