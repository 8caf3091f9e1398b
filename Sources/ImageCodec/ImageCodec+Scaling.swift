public import Foundation

extension ImageCodec {
    /// Decodes a PNG or JPEG image to 8-bit RGBA at the smallest size that covers `target`: both
    /// sides at least `target`'s (aspect fill, as a square cell shows a landscape photo), the
    /// aspect ratio kept, never larger than the image. A 370×370 cell then holds about 0.5 MB
    /// of pixels, not the 3 MB of a 1024×768 image or the 48 MB of a 12 MP photo.
    ///
    /// - JPEG: libjpeg scales while decoding (TurboJPEG's scaling factors, in eighths), at the
    ///   smallest factor whose output still covers `target`, so the full-size pixels never
    ///   exist; its side that limits the scale is then within `target`'s … twice that. A
    ///   source more than 16 times the target is further shrunk, once, to the covering size.
    /// - PNG: decoded at full size, then shrunk once by area averaging (`AreaResampler`) to
    ///   the covering size exactly; the full-size pixels are freed when this returns.
    ///
    /// The pixel limit is checked against the size the header declares, before any pixel
    /// memory is allocated, exactly as ``decode(_:maxPixels:)`` does: an image over it is
    /// ``ImageCodecError/tooLarge(pixels:)`` whatever the target, although libjpeg could decode a
    /// huge JPEG at 1/8 within it. The limit is what a file may claim, and a file claiming
    /// 400 MP is refused the same way in every size.
    ///
    /// - Parameters:
    ///   - data: The encoded image.
    ///   - target: The size the image is shown at, in pixels.
    ///   - maxPixels: The largest `width * height` the header may declare.
    /// - Throws: The errors of ``decode(_:maxPixels:)``.
    public static func decode(
        _ data: Data, covering target: PixelSize, maxPixels: Int = defaultMaxPixels
    ) throws(ImageCodecError) -> DecodedImage {
        try withBytes(of: data) { bytes throws(ImageCodecError) in
            switch try FormatSniffer.format(of: bytes) {
            case .png:
                let full = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
                return AreaResampler.downscale(full, to: target.covering(width: full.width, height: full.height))
            case .jpeg:
                let scaled = try JPEGDecoder.decode(bytes, maxPixels: maxPixels, target: target)
                let size = PixelSize(width: scaled.width, height: scaled.height)
                guard !size.coversAtMostTwice(target) else { return scaled }
                return AreaResampler.downscale(scaled, to: target.covering(width: scaled.width, height: scaled.height))
            }
        }
    }
}
