/// An APNG's animation facts, read from its chunks without decoding any frame: `acTL` (frame
/// and play counts) before the first `IDAT`, and one `fcTL` per frame with its delay.
///
/// libpng decodes the default image (the `IDAT` data), which is the first frame of nearly every
/// APNG; the other frames' `fdAT` data is never inflated. Walking the chunks is one pass over
/// the bytes, so 100,000 frames cost a few milliseconds and the durations list stops at
/// ``maxDurations`` entries (the count does not).
struct PNGAnimation: Equatable {
    /// The `acTL` chunk type as a big-endian integer.
    static let actl: UInt32 = 0x6163_544C
    /// The `fcTL` chunk type as a big-endian integer.
    static let fctl: UInt32 = 0x6663_544C
    /// The most frame durations kept, as for GIF and WebP.
    static let maxDurations = 10_000

    /// The frames the file holds: its `fcTL` chunks.
    var frameCount = 0
    /// `acTL`'s play count: 0 plays forever.
    var loopCount = 0
    /// Each frame's delay, in file order (at most ``maxDurations``).
    var frameDurations: [Duration] = []

    /// The animation of `bytes`, or `nil` for a still PNG: no `acTL` before the first `IDAT`, or
    /// fewer than two `fcTL` chunks that fit in the data.
    static func read(_ bytes: UnsafeRawBufferPointer) -> PNGAnimation? {
        var animation = PNGAnimation()
        var declared = false
        var seenImageData = false
        PNGChunks.forEach(in: bytes) { chunk in
            guard chunk.dataEnd <= bytes.count else { return }
            let length = chunk.dataEnd - chunk.dataStart
            switch chunk.type {
            case PNGChunks.idat:
                seenImageData = true
            case actl where !seenImageData && length == 8:
                declared = true
                animation.loopCount = Int(uint32(bytes, at: chunk.dataStart + 4))
            case fctl where declared && length == 26:
                animation.frameCount += 1
                if animation.frameDurations.count < maxDurations {
                    animation.frameDurations.append(delay(
                        numerator: uint16(bytes, at: chunk.dataStart + 20), denominator: uint16(bytes, at: chunk.dataStart + 22)))
                }
            default:
                break
            }
        }
        return declared && animation.frameCount > 1 ? animation : nil
    }

    /// `numerator / denominator` seconds; a denominator of 0 means hundredths, as the APNG
    /// specification says.
    static func delay(numerator: UInt16, denominator: UInt16) -> Duration {
        .seconds(Int(numerator)) / Int(denominator == 0 ? 100 : denominator)
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self).bigEndian
    }
}
