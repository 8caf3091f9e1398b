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
        let full = Result { () throws(ImageCodecError) in try ImageCodec.decode(data, maxPixels: maxPixels) }
        if case .success(let image) = full, image.width != info.width || image.height != info.height {
            return "probe said \(info.width)x\(info.height), decode returned \(image.width)x\(image.height)"
        }
        return checkLimits(full, info: info, scaled: false) ?? checkScaled(data, info: info)
    }

    /// An odd target, so that JPEG scaling and the PNG resampler both round.
    static let target = PixelSize(width: 37, height: 23)

    /// The scaled decode: an error, or an image no larger than the header's size that covers
    /// ``target`` (or the header's side where that is smaller), with a full pixel buffer.
    static func checkScaled(_ data: Data, info: ImageInfo) -> String? {
        let scaled = Result { () throws(ImageCodecError) in try ImageCodec.decode(data, covering: target, maxPixels: maxPixels) }
        if case .success(let image) = scaled {
            if image.width > info.width || image.height > info.height {
                return "scaled decode returned \(image.width)x\(image.height), larger than the header's \(info.width)x\(info.height)"
            }
            if image.width < min(target.width, info.width) || image.height < min(target.height, info.height) {
                return "scaled decode returned \(image.width)x\(image.height), which does not cover \(target) (header \(info.width)x\(info.height))"
            }
        }
        return checkLimits(scaled, info: info, scaled: true)
    }

    /// What every decode, full size or scaled (`scaled` names it in the messages), keeps: an
    /// image has a full pixel buffer and stays within ``maxPixels``; `tooLarge` comes only past it.
    static func checkLimits(_ outcome: Result<DecodedImage, ImageCodecError>, info: ImageInfo, scaled: Bool) -> String? {
        switch outcome {
        case .success(let image):
            if image.pixels.count != image.width * image.height * 4 {
                return "\(scaled ? "scaled " : "")\(image.width)x\(image.height) image with \(image.pixels.count) pixel bytes"
            }
            if info.pixelCount > maxPixels {
                return "\(scaled ? "scaled decode of" : "decoded") \(info.pixelCount) pixels past the limit \(maxPixels)"
            }
        case .failure(.tooLarge) where info.pixelCount <= maxPixels:
            return "\(scaled ? "scaled decode: " : "")tooLarge for \(info.pixelCount) pixels, within the limit \(maxPixels)"
        case .failure:
            break
        }
        return nil
    }
}
