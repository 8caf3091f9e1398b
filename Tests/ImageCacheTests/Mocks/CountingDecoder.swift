import Foundation
import ImageCodec
import Synchronization

@testable import ImageCache

/// ``ImageCodec`` counting its calls: each is one header read and one decode.
final class CountingDecoder: ImageDecoding {
    private let calls = Mutex(0)

    /// Decodes so far.
    var decodes: Int { calls.withLock { $0 } }

    func decode(_ data: Data, maxPixels: Int, target: PixelSize?) throws(ImageCodecError) -> DecodedImage {
        calls.withLock { $0 += 1 }
        return try CodecDecoder().decode(data, maxPixels: maxPixels, target: target)
    }
}
