import Foundation
import ImageCodec

/// Turns encoded bytes into pixels for ``ImagePipeline``: ``CodecDecoder`` in use, a counting
/// double in tests (the internal `init` of the pipeline takes one).
protocol ImageDecoding: Sendable {
    /// Decodes `data`, reading its header once and refusing an image of more than `maxPixels`
    /// pixels from the header alone (``ImageCodecError/tooLarge(pixels:)``, no pixels allocated).
    func decode(_ data: Data, maxPixels: Int) throws(ImageCodecError) -> DecodedImage
}

/// ``ImageCodec/decode(_:maxPixels:)``: libpng and TurboJPEG.
struct CodecDecoder: ImageDecoding {
    func decode(_ data: Data, maxPixels: Int) throws(ImageCodecError) -> DecodedImage {
        try ImageCodec.decode(data, maxPixels: maxPixels)
    }
}
