import Foundation
import ImageCodec

/// Turns encoded bytes into pixels for ``ImagePipeline``: ``CodecDecoder`` in use, a counting
/// double in tests (the internal `init` of the pipeline takes one).
protocol ImageDecoding: Sendable {
    /// Decodes `data`, reading its header once and refusing an image of more than `maxPixels`
    /// pixels from the header alone (``ImageCodecError/tooLarge(pixels:)``, no pixels allocated);
    /// with a `target`, at the smallest size covering it
    /// (``ImageCodec/decode(_:covering:maxPixels:)``), else at full size.
    func decode(_ data: Data, maxPixels: Int, target: PixelSize?) throws(ImageCodecError) -> DecodedImage
}

/// ``ImageCodec/decode(_:maxPixels:)`` and ``ImageCodec/decode(_:covering:maxPixels:)``:
/// libpng and TurboJPEG.
struct CodecDecoder: ImageDecoding {
    func decode(_ data: Data, maxPixels: Int, target: PixelSize?) throws(ImageCodecError) -> DecodedImage {
        guard let target else { return try ImageCodec.decode(data, maxPixels: maxPixels) }
        return try ImageCodec.decode(data, covering: target, maxPixels: maxPixels)
    }
}
