/// A width and height in pixels, each at least 1: the size an image is shown at, for
/// ``ImageCodec/decode(_:covering:maxPixels:)``.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across; at least 1.
    public let width: Int
    /// Pixels down; at least 1.
    public let height: Int

    /// A size of `width` × `height` pixels; a side below 1 counts as 1.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// A square of `side` × `side` pixels; a side below 1 counts as 1.
    public init(side: Int) {
        self.init(width: side, height: side)
    }

    /// "370×370".
    public var description: String { "\(width)×\(height)" }

    /// The smallest size with the aspect ratio of a `width` × `height` image that covers this
    /// one (both sides at least as large: aspect fill), never larger than the image itself.
    ///
    /// The side that limits the scale comes out exact, the other is rounded up. When the
    /// image is not larger than this size on both sides it is returned unchanged (no upscale).
    func covering(width sourceWidth: Int, height sourceHeight: Int) -> PixelSize {
        guard sourceWidth > width, sourceHeight > height else {
            return PixelSize(width: sourceWidth, height: sourceHeight)
        }
        // Both targets are below the source sides (at most 1,000,000 for PNG, 65,535 for JPEG),
        // so the products fit in 64 bits. The scale is max(width / sourceWidth, height / sourceHeight).
        if width * sourceHeight >= height * sourceWidth {
            return PixelSize(width: width, height: Self.ceilDivide(sourceHeight * width, sourceWidth))
        }
        return PixelSize(width: Self.ceilDivide(sourceWidth * height, sourceHeight), height: height)
    }

    /// Whether an image of this size covers `target` at most twice over: its side that limits
    /// the scale is within `target`'s side … twice that side (a JPEG decoded at 1/8 of a very
    /// large source may be more).
    func coversAtMostTwice(_ target: PixelSize) -> Bool {
        // The limiting side is the one with the smaller ratio to the target's (in Double: a
        // target may be as large as Int allows).
        let across = Double(width) / Double(target.width)
        let down = Double(height) / Double(target.height)
        return min(across, down) <= 2
    }

    private static func ceilDivide(_ dividend: Int, _ divisor: Int) -> Int {
        (dividend + divisor - 1) / divisor
    }
}
