public import Foundation

extension ImageCodec {
    /// Decodes a PNG, JPEG, GIF, WebP, AVIF or HEIC image to 8-bit RGBA at the smallest size that covers `target`: both
    /// sides at least `target`'s (aspect fill, as a square cell shows a landscape photo), the
    /// aspect ratio kept, never larger than the image. A 370×370 cell then holds about 0.5 MB
    /// of pixels, not the 3 MB of a 1024×768 image or the 48 MB of a 12 MP photo.
    ///
    /// - JPEG: libjpeg scales while decoding (TurboJPEG's scaling factors, in eighths), at the
    ///   smallest factor whose output still covers `target`, so the full-size pixels never
    ///   exist; its side that limits the scale is then within `target`'s … twice that. A
    ///   source more than 16 times the target is further shrunk, once, to the covering size.
    /// - WebP: a still image is scaled by libwebp while decoding (`use_scaling`) to the
    ///   covering size exactly; an animation's first frame is decoded on its full canvas and
    ///   shrunk like a PNG.
    /// - PNG, GIF, AVIF and HEIC (giflib, libavif and libheif do not scale): decoded at full size, then shrunk once by area averaging (`AreaResampler`) to
    ///   the covering size exactly; the full-size pixels are freed when this returns.
    ///
    /// The image is turned upright by its EXIF orientation (see ``decode(_:maxPixels:)``), and
    /// the covering size is the upright image's: a 4000×3000 photo with orientation 6 for a
    /// 300×300 target comes out 300×400.
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
            let format = try FormatSniffer.format(of: bytes)
            let orientation = EXIFOrientation.read(from: bytes, format: format)
            // Scaled while still stored turned, to the target turned the same way; turning the
            // smaller result upright then gives the upright image's covering size.
            let storedTarget = orientation.stored(target)
            let scaled: DecodedImage
            switch format {
            case .png:
                let full = try PNGDecoder.decode(bytes, maxPixels: maxPixels)
                scaled = AreaResampler.downscale(full, to: storedTarget.covering(width: full.width, height: full.height))
                    .animated(like: full)
            case .jpeg:
                let decoded = try JPEGDecoder.decode(bytes, maxPixels: maxPixels, target: storedTarget)
                let size = PixelSize(width: decoded.width, height: decoded.height)
                scaled =
                    size.coversAtMostTwice(storedTarget)
                    ? decoded
                    : AreaResampler.downscale(
                        decoded, to: storedTarget.covering(width: decoded.width, height: decoded.height))
            case .gif, .avif, .heic:
                let full =
                    switch format {
                    case .avif: try AVIFDecoder.decode(bytes, maxPixels: maxPixels)
                    case .heic: try HEICDecoder.decode(bytes, maxPixels: maxPixels)
                    default: try GIFDecoder.decode(bytes, maxPixels: maxPixels)
                    }
                scaled = AreaResampler.downscale(full, to: storedTarget.covering(width: full.width, height: full.height))
                    .animated(like: full)
            case .webp:
                scaled = try WebPDecoder.decode(bytes, maxPixels: maxPixels, target: storedTarget)
            }
            return orientation.apply(to: scaled).animated(like: scaled)
        }
    }
}
