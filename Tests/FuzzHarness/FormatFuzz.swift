import Foundation
import ImageCodec

/// One of ImageCodec's newer decoders (GIF, WebP, AVIF, HEIC) on its own: bytes whose signature
/// names that format go through ``ImageFuzz``'s rules (probe and decode agree, the pixel limit
/// holds at full size and scaled), plus the animation rules; other bytes are skipped, so the
/// fuzzer spends its time inside the one decoder. The seeds are the zoo's files
/// (`Fuzz/zoo_seeds.py`), which carry the signature the mutations keep.
enum FormatFuzz {
    /// Most frame durations a decoded animation lists (``DecodedImage/frameDurations``).
    static let maxListedFrames = 10_000

    static func check(_ data: Data, format: ImageFormat) -> String? {
        guard signature(of: data) == format else { return nil }
        if let problem = ImageFuzz.check(data) { return problem }
        guard let image = try? ImageCodec.decode(data, maxPixels: ImageFuzz.maxPixels) else { return nil }
        if image.frameCount < 1 { return "\(format) decoded with \(image.frameCount) frames" }
        if image.frameDurations.count > min(image.frameCount, maxListedFrames) {
            return "\(format): \(image.frameDurations.count) durations for \(image.frameCount) frames"
        }
        if image.loopCount < 0 { return "\(format): loop count \(image.loopCount)" }
        if image.frameDurations.contains(where: { $0 < .zero }) { return "\(format): a negative frame duration" }
        return nil
    }

    /// The format the leading bytes name, without asking ImageCodec (whose sniffer is what the
    /// fuzzed code starts with): `GIF8`, `RIFF….WEBP`, or an ISOBMFF `ftyp` box whose major brand
    /// is AVIF's or HEIC's.
    static func signature(of data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(12))
        guard head.count >= 4 else { return nil }
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        guard head.count == 12 else { return nil }
        if head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        guard head[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        switch String(decoding: head[8..<12], as: UTF8.self) {
        case "avif", "avis": return .avif
        case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return .heic
        default: return nil
        }
    }
}
