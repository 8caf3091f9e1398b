/// A decoded bitmap: 8-bit RGBA pixels, row-major, without row padding.
public struct DecodedImage: Sendable, Hashable {
    /// The width in pixels; always positive.
    public let width: Int
    /// The height in pixels; always positive.
    public let height: Int
    /// Red, green, blue and alpha bytes for each pixel, row by row: `4 * width * height` bytes.
    /// Alpha is straight (not premultiplied).
    public let pixels: [UInt8]

    /// How many frames the file holds: more than 1 for an animation, of which ``pixels`` is the
    /// first frame. The frames are counted from the container, not decoded.
    public internal(set) var frameCount = 1
    /// How many times an animation plays, as the file declares it: 0 means forever (GIF's,
    /// WebP's and APNG's convention), and a still image has 0.
    public internal(set) var loopCount = 0
    /// How long each frame of an animation is shown, in file order (at most the first 10,000);
    /// empty for a still image.
    public internal(set) var frameDurations: [Duration] = []

    /// The memory the pixels occupy in bytes, for cost-limited caches.
    public var cost: Int { width * height * 4 }

    /// Wraps RGBA pixels after checking that they fill a `width` × `height` image exactly.
    ///
    /// - Throws: ``ImageCodecError/invalidDimensions(width:height:)`` if a side is not positive,
    ///   `width * height * 4` overflows, or `pixels.count` is not `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageCodecError) {
        guard let byteCount = Self.byteCount(width: width, height: height),
            byteCount == pixels.count
        else {
            throw .invalidDimensions(width: width, height: height)
        }
        self.init(validatedWidth: width, height: height, pixels: pixels)
    }

    /// Wraps pixels whose size the caller (a decoder) has already checked.
    init(validatedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// This image with the animation facts given (a decoder's, after scaling).
    func animated(frameCount: Int, loopCount: Int, frameDurations: [Duration]) -> DecodedImage {
        var copy = self
        copy.frameCount = frameCount
        copy.loopCount = loopCount
        copy.frameDurations = frameDurations
        return copy
    }

    /// This image with `other`'s animation facts: a turned or scaled copy keeps its source's.
    func animated(like other: DecodedImage) -> DecodedImage {
        animated(frameCount: other.frameCount, loopCount: other.loopCount, frameDurations: other.frameDurations)
    }

    /// `width * height * 4`, or nil if a side is not positive or the product overflows.
    static func byteCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        return areaOverflow || bytesOverflow ? nil : bytes
    }
}
