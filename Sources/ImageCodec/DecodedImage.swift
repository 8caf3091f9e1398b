/// A decoded bitmap: 8-bit RGBA pixels, row-major, without row padding.
public struct DecodedImage: Sendable, Hashable {
    /// The width in pixels; always positive.
    public let width: Int
    /// The height in pixels; always positive.
    public let height: Int
    /// Red, green, blue and alpha bytes for each pixel, row by row: `4 * width * height` bytes.
    /// Alpha is straight (not premultiplied).
    public let pixels: [UInt8]

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

    /// `width * height * 4`, or nil if a side is not positive or the product overflows.
    static func byteCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        return areaOverflow || bytesOverflow ? nil : bytes
    }
}
