import Foundation
import ImageCodec

/// Probes and decodes the bytes, at full size and scaled: either an ``ImageCodecError``, or an
/// image whose size matches its header (or covers the target within it) and whose pixel buffer
/// holds exactly `width * height * 4` bytes.
enum ImageFuzz {
    /// Small enough that each run stays fast; larger headers must give `tooLarge`.
    static let maxPixels = 1 << 20

    static func check(_ data: Data) -> String? {
        let info: ImageInfo
        do {
            info = try ImageCodec.probe(data)
        } catch {
            // A header the probe refuses must not decode either.
            if let image = try? ImageCodec.decode(data, maxPixels: maxPixels) {
                return "probe threw \(error) but decode returned \(image.width)x\(image.height)"
            }
            return nil
        }
        guard info.width > 0, info.height > 0 else { return "probe returned \(info.width)x\(info.height)" }
        do {
            let image = try ImageCodec.decode(data, maxPixels: maxPixels)
            if image.width != info.width || image.height != info.height {
                return "probe said \(info.width)x\(info.height), decode returned \(image.width)x\(image.height)"
            }
            if image.pixels.count != image.width * image.height * 4 {
                return "\(image.width)x\(image.height) image with \(image.pixels.count) pixel bytes"
            }
            if info.pixelCount > maxPixels { return "decoded \(info.pixelCount) pixels past the limit \(maxPixels)" }
        } catch {
            if case .tooLarge = error, info.pixelCount <= maxPixels {
                return "tooLarge for \(info.pixelCount) pixels, within the limit \(maxPixels)"
            }
        }
        return checkScaled(data, info: info)
    }

    /// An odd target, so that JPEG scaling and the PNG resampler both round.
    static let target = PixelSize(width: 37, height: 23)

    /// The scaled decode: an error, or an image no larger than the header's size that covers
    /// ``target`` (or the header's side where that is smaller), with a full pixel buffer.
    static func checkScaled(_ data: Data, info: ImageInfo) -> String? {
        do {
            let image = try ImageCodec.decode(data, covering: target, maxPixels: maxPixels)
            if image.width > info.width || image.height > info.height {
                return "scaled decode returned \(image.width)x\(image.height), larger than the header's \(info.width)x\(info.height)"
            }
            if image.width < min(target.width, info.width) || image.height < min(target.height, info.height) {
                return "scaled decode returned \(image.width)x\(image.height), which does not cover \(target) (header \(info.width)x\(info.height))"
            }
            if image.pixels.count != image.width * image.height * 4 {
                return "scaled \(image.width)x\(image.height) image with \(image.pixels.count) pixel bytes"
            }
            if info.pixelCount > maxPixels { return "scaled decode of \(info.pixelCount) pixels past the limit \(maxPixels)" }
        } catch {
            if case .tooLarge = error, info.pixelCount <= maxPixels {
                return "scaled decode: tooLarge for \(info.pixelCount) pixels, within the limit \(maxPixels)"
            }
        }
        return nil
    }
}
