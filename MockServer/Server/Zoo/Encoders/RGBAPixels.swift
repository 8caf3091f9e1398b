/// The pixels the zoo's GIF, WebP, AVIF and HEIC encoders take: 8-bit RGBA, row-major, four bytes
/// a pixel and no row padding, alpha straight (not premultiplied).
struct RGBAPixels: Sendable, Equatable {
    /// Columns, at least 1.
    let width: Int
    /// Rows, at least 1.
    let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, top row first.
    let bytes: [UInt8]

    /// Pixels made of `bytes`; fails (naming why) unless there are exactly `width * height * 4`.
    init(width: Int, height: Int, bytes: [UInt8]) throws(ZooEncodingError) {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ZooEncodingError("the picture's size \(width)×\(height) is not a valid image size")
        }
        guard bytes.count == width * height * 4 else {
            throw ZooEncodingError("\(width)×\(height) RGBA needs \(width * height * 4) bytes, got \(bytes.count)")
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Pixels `width`×`height` where `pixel(x, y)` gives each pixel's R, G, B, A.
    init(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws(ZooEncodingError) {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ZooEncodingError("the picture's size \(width)×\(height) is not a valid image size")
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                let offset = (y * width + x) * 4
                bytes[offset] = r
                bytes[offset + 1] = g
                bytes[offset + 2] = b
                bytes[offset + 3] = a
            }
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Whether any pixel is less than fully opaque.
    var hasAlpha: Bool {
        stride(from: 3, to: bytes.count, by: 4).contains { bytes[$0] != 255 }
    }
}
