import Foundation
import ImageCodec

/// Which image to generate.
struct ImageKey: Hashable, Sendable {
    /// What the image shows.
    enum Subject: Hashable, Sendable {
        /// `/images/N.png`.
        case numbered(Int)
        /// `/avatars/NAME.png`.
        case avatar(String)
    }

    let subject: Subject
    let width: Int
    let height: Int
    let format: ImageFileFormat
    /// The zoo variant's name (`variant=`), `nil` for the plain image.
    var variant: String? = nil
}

/// Generation failed (the encoder refused: a 500) or was refused (too much queued: a 503).
struct ImageGenerationError: Error, Sendable, Hashable {
    let message: String
    /// The HTTP status the request is answered with.
    var status = 500
}

/// Renders the server's deterministic images: a mosaic of tiles whose colours derive from the
/// subject, with a gentle gradient and, up to 4 megapixels, seeded noise (so a default 1024×768
/// PNG weighs about a megabyte, like a photo). Same key, same bytes, in every run.
///
/// Rows inside one band of tiles are identical for large images, so a 20000×20000 request costs
/// one rendered row per band plus the encoder's time, and the PNG encoder streams row by row.
enum ImageGenerator {
    /// Above this many pixels the image has no noise (cheap to render and to compress).
    static let noiseLimit = 4_000_000

    /// The encoded image. Once `cancelled` returns true the remaining rows are left blank and
    /// the caller discards the result: the encoder cannot be stopped midway, so this only saves
    /// the drawing (about a tenth of a 20000×20000 PNG's time), not the compression.
    static func render(_ key: ImageKey, cancelled: () -> Bool = { false }) throws(ImageGenerationError) -> Data {
        if let name = key.variant {
            return try renderVariant(name, key)
        }
        let pattern = Pattern(key)
        do {
            switch key.format {
            case .png:
                let level = key.width * key.height > noiseLimit ? 1 : 6
                return try ImageCodec.encodePNG(width: key.width, height: key.height, compressionLevel: level) { y, row in
                    if !cancelled() { pattern.fill(row: y, into: row) }
                }
            case .jpeg:
                return try ImageCodec.encodeJPEG(width: key.width, height: key.height, quality: 85) { y, row in
                    if !cancelled() { pattern.fill(row: y, into: row) }
                }
            case .gif, .webp, .avif, .heic:
                break  // Only variants (the route asks for one).
            }
        } catch {
            throw ImageGenerationError(message: error.description)
        }
        throw ImageGenerationError(message: "\(key.format.rawValue) images exist only as zoo variants", status: 400)
    }

    /// A zoo variant (``ZooVariants``): its encoder's bytes, or a 501 naming why it failed.
    private static func renderVariant(_ name: String, _ key: ImageKey) throws(ImageGenerationError) -> Data {
        guard let variant = ZooVariants.named(name, of: key.format) else {
            throw ImageGenerationError(message: "no \(key.format.rawValue) variant named \(name)", status: 400)
        }
        return try render(variant, key)
    }

    /// `variant` of `key`'s picture; an encoder's ``ZooEncodingError`` is a 501 naming why.
    static func render(_ variant: ZooVariant, _ key: ImageKey) throws(ImageGenerationError) -> Data {
        guard case .numbered(let number) = key.subject else {
            throw ImageGenerationError(message: "zoo variants exist only for /images/N", status: 400)
        }
        do {
            return try variant.make(ZooPicture(number: number, width: key.width, height: key.height))
        } catch {
            throw ImageGenerationError(message: "the encoder failed or is not available: \(error.message)", status: 501)
        }
    }

    /// The pixel pattern of one key. Without noise every row of a band of tiles is the same, so
    /// the band's row is rendered once and copied. (Internal: ``ZooRows`` draws the zoo's
    /// pictures with it.)
    final class Pattern {
        let seed: UInt64
        let width: Int
        let height: Int
        let tile: Int
        let noisy: Bool
        private var bandRow: [UInt8] = []
        private var band = -1

        init(_ key: ImageKey) {
            switch key.subject {
            case .numbered(let number): seed = fnv1a("image-\(number)")
            case .avatar(let name): seed = fnv1a("avatar-\(name)")
            }
            width = key.width
            height = key.height
            tile = if case .avatar = key.subject { 8 } else { 64 }
            noisy = key.width * key.height <= ImageGenerator.noiseLimit
        }

        /// Writes row `y` as RGB bytes.
        func fill(row y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
            let rowBand = y / tile
            if !noisy, rowBand == band {
                _ = row.initialize(from: bandRow)
                return
            }
            var noise = UInt32(truncatingIfNeeded: seed ^ UInt64(y) &* 0x9E37_79B9) | 1
            let shade = UInt8(truncatingIfNeeded: rowBand * tile * 64 / max(height, 1))
            var x = 0
            while x < width {
                let column = UInt64(x / tile)
                let color = mix(seed ^ (UInt64(rowBand) &* 0x100_0000_01B3) ^ (column &* 0xC2B2_AE3D_27D4_EB4F))
                let end = min(width, (x / tile + 1) * tile)
                while x < end {
                    var r = UInt8(truncatingIfNeeded: color) &+ shade
                    var g = UInt8(truncatingIfNeeded: color >> 8) &+ UInt8(truncatingIfNeeded: x * 64 / width)
                    var b = UInt8(truncatingIfNeeded: color >> 16)
                    if noisy {
                        noise ^= noise << 13
                        noise ^= noise >> 17
                        noise ^= noise << 5
                        r = r &+ UInt8(truncatingIfNeeded: noise & 7)
                        g = g &+ UInt8(truncatingIfNeeded: (noise >> 3) & 7)
                        b = b &+ UInt8(truncatingIfNeeded: (noise >> 6) & 7)
                    }
                    row[x * 3] = r
                    row[x * 3 + 1] = g
                    row[x * 3 + 2] = b
                    x += 1
                }
            }
            if !noisy {
                band = rowBand
                bandRow = Array(row)
            }
        }
    }
}

/// FNV-1a: a stable hash (Swift's `Hasher` is seeded per process, which would break determinism).
func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}

/// A 64-bit finaliser (splitmix64) that spreads nearby inputs over all bits.
func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
