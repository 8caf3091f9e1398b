import Foundation
@testable import MockServer

/// Pictures and comparisons the zoo's encoder tests share.
enum ZooEncoderFixtures {
    /// A `width`×`height` picture: a diagonal gradient, a solid red corner block at the top left
    /// (the "up" marker) and, with `alpha`, a transparent band along the bottom and a
    /// half-transparent one above it. `seed` shifts the colours (for animation frames).
    static func picture(width: Int = 48, height: Int = 32, alpha: Bool = false, seed: Int = 0) throws -> RGBAPixels {
        try RGBAPixels(width: width, height: height) { x, y in
            if x < width / 4, y < height / 4 { return (230, 20, 20, 255) }
            let r = UInt8((x * 255 / max(width - 1, 1) + seed * 40) % 256)
            let g = UInt8(y * 255 / max(height - 1, 1))
            let b = UInt8((x + y) * 4 % 256)
            guard alpha else { return (r, g, b, 255) }
            if y >= height - height / 4 { return (r, g, b, 0) }
            if y >= height - height / 2 { return (r, g, b, 128) }
            return (r, g, b, 255)
        }
    }

    /// The mean absolute difference per channel (0...255) between two RGBA buffers of one size,
    /// over the pixels opaque in `reference` (a transparent pixel's colour is anyone's guess).
    static func meanDifference(_ reference: RGBAPixels, _ other: [UInt8]) -> Double {
        precondition(other.count == reference.bytes.count, "sizes differ")
        var total = 0
        var samples = 0
        for offset in stride(from: 0, to: other.count, by: 4) where reference.bytes[offset + 3] == 255 {
            for channel in 0..<3 { total += abs(Int(reference.bytes[offset + channel]) - Int(other[offset + channel])) }
            samples += 3
        }
        return samples == 0 ? 0 : Double(total) / Double(samples)
    }

    /// The alpha bytes of an RGBA buffer.
    static func alphas(_ rgba: [UInt8]) -> [UInt8] {
        stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] }
    }
}
