import CBenchDecode
import Foundation
import ImageCodec
import MockServer

/// Case 4's decode rows for the newer formats and for EXIF orientation: a 1024×768 GIF, WebP,
/// AVIF and HEIC from the mock server's zoo decoded by `ImageCodec.decode` against each
/// library's own simple API called directly (target ≤ 1.1×), and a JPEG stored with EXIF
/// orientation 5–8 against the same bytes with the tag set to 1, both through ImageCodec,
/// decoded in pairs and compared by the median of the pairs' ratios (target ≤ 1.2×: what
/// turning the pixels upright costs).
struct DecodeCases {
    let settings: Settings
    let ours: ServedMockServer

    static let size = (width: 1024, height: 768)

    /// Each format's still variant and the peer that decodes it.
    static let formats: [(ext: String, variant: String, name: String, peer: String)] = [
        ("gif", "static", "GIF", "giflib (DGifSlurp + palette)"), ("webp", "lossy", "WebP", "libwebp (WebPDecodeRGBAInto)"),
        ("avif", "still", "AVIF", "libavif (avifDecoderReadMemory + avifImageYUVToRGB)"),
        ("heic", "still", "HEIC", "libheif (heif_decode_image, interleaved RGBA)"),
    ]

    func run(into report: inout Report) async throws {
        for format in Self.formats {
            let data = try fetch(ours.url("/images/41.\(format.ext)?variant=\(format.variant)&w=\(Self.size.width)&h=\(Self.size.height)"))
            try await decode(data, format: format, into: &report)
        }
        try await orientation(into: &report)
    }

    private func decode(
        _ data: Data, format: (ext: String, variant: String, name: String, peer: String), into report: inout Report
    ) async throws {
        let decoded = try ImageCodec.decode(data)
        let direct = try Self.peerDecode(data, ext: format.ext, width: decoded.width, height: decoded.height)
        let worst = zip(decoded.pixels, direct).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let (oursSample, peerSample) = try await alternating(rounds: settings.repetitions * 10, warmUp: 2) { _ in
            try seconds { _ = try ImageCodec.decode(data) } * 1000
        } peer: { _ in
            try seconds { _ = try Self.peerDecode(data, ext: format.ext, width: decoded.width, height: decoded.height) } * 1000
        }
        progress("case 4 decode \(format.name): ours \(Format.number(oursSample.median)) ms, peer \(Format.number(peerSample.median)) ms"
            + " (fastest runs \(Format.number(oursSample.min)) and \(Format.number(peerSample.min)) ms)")
        report.rows.append(Row(
            4, "decode \(decoded.width)×\(decoded.height) \(format.name) to RGBA, ms", ours: oursSample, peer: format.peer, peerSample,
            target: .ratioAtMost(1.1),
            note: "\(format.name) decode: `ImageCodec.decode` (format sniffing, the pixel-limit check on the header, the orientation lookup, the decode) against the library's simple API into a buffer of the same size; the zoo's `\(format.ext)?variant=\(format.variant)`, \(data.count) bytes; largest channel difference between the two \(worst)."))
    }

    /// The peer decode of `ext` into a fresh `width` × `height` RGBA array.
    static func peerDecode(_ data: Data, ext: String, width: Int, height: Int) throws -> [UInt8] {
        let count = width * height * 4
        var succeeded = false
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self).baseAddress
                succeeded =
                    switch ext {
                    case "gif": cbench_gif_decode(bytes, raw.count, buffer.baseAddress, count) == 1
                    case "webp": cbench_webp_decode(bytes, raw.count, buffer.baseAddress, count, Int32(width)) == 1
                    case "avif": cbench_avif_decode(bytes, raw.count, buffer.baseAddress, count) == 1
                    default: cbench_heif_decode(bytes, raw.count, buffer.baseAddress, count) == 1
                    }
            }
            initialized = succeeded ? count : 0
        }
        guard succeeded else { throw ChildError("the \(ext) peer could not decode the file") }
        return pixels
    }

    // MARK: orientation

    private func orientation(into report: inout Report) async throws {
        let query = "w=\(Self.size.width)&h=\(Self.size.height)"
        for value in 5...8 {
            let turned = try fetch(ours.url("/images/42.jpg?variant=exif-\(value)&\(query)"))
            // The peer: the very same bytes with the tag saying 1, so only the turn differs.
            let plain = try Self.withOrientationOne(turned)
            let decoded = try ImageCodec.decode(turned)
            let stored = try ImageCodec.decode(plain)
            guard decoded.width == stored.height, decoded.height == stored.width, decoded.width == Self.size.width else {
                throw ChildError("exif-\(value) decoded \(decoded.width)×\(decoded.height), stored \(stored.width)×\(stored.height)")
            }
            let (oursSample, peerSample) = try Self.pairs(rounds: settings.repetitions * 10, turned: turned, plain: plain)
            let paired = Sample.pairedRatio(oursSample, peerSample)
            let fastest = oursSample.min / peerSample.min
            progress("case 4 orientation \(value): median of \(oursSample.values.count) pairs \(Format.ratio(paired))×, fastest runs"
                + " \(Format.number(oursSample.min)) and \(Format.number(peerSample.min)) ms (\(Format.ratio(fastest))×), load \(Self.loadAverage)")
            let how = value == 5
                ? "EXIF orientation: `ImageCodec.decode` of the zoo's `jpg?variant=exif-K` (stored turned or mirrored, K = 5…8) against the same bytes with the tag set to 1 (decoded as stored, no turn): the ratio is what turning the pixels upright costs. The two are decoded in pairs, back to back in one loop (which goes first alternates), and the ratio is the median of the pairs' ratios: a decode that loses its core to another process (1.5 ms becoming 5 ms) then spoils one pair, not the median of one side. "
                : ""
            report.rows.append(Row(
                4, "decode \(decoded.width)×\(decoded.height) JPEG, EXIF orientation \(value), ms", ours: oursSample,
                peer: "the same file with orientation 1", peerSample, target: .ratioAtMost(1.2),
                note: how + "Orientation \(value): median pair ratio \(Format.ratio(paired))×; fastest runs \(Format.number(oursSample.min)) / \(Format.number(peerSample.min)) ms, \(Format.ratio(fastest))×; load average \(Self.loadAverage).",
                pairedRatio: paired))
        }
    }

    /// `rounds` pairs of decodes, the turned file and the plain one back to back, after two
    /// pairs not kept; which of the two goes first alternates, so neither always finds the
    /// caches as the other left them. Milliseconds, turned then plain, in pair order.
    static func pairs(rounds: Int, turned: Data, plain: Data) throws -> (turned: Sample, plain: Sample) {
        var turnedRuns: [Double] = [], plainRuns: [Double] = []
        for round in 0..<(2 + max(1, rounds)) {
            var turnedTime = 0.0, plainTime = 0.0
            if round.isMultiple(of: 2) {
                turnedTime = try seconds { _ = try ImageCodec.decode(turned) } * 1000
                plainTime = try seconds { _ = try ImageCodec.decode(plain) } * 1000
            } else {
                plainTime = try seconds { _ = try ImageCodec.decode(plain) } * 1000
                turnedTime = try seconds { _ = try ImageCodec.decode(turned) } * 1000
            }
            if round >= 2 {
                turnedRuns.append(turnedTime)
                plainRuns.append(plainTime)
            }
        }
        return (Sample(turnedRuns), Sample(plainRuns))
    }

    /// The 1-minute load average from `/proc/loadavg`, or "?" where there is none (macOS).
    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
    }

    /// `jpeg` with its EXIF orientation entry (tag 0x0112, SHORT, count 1, in either byte order)
    /// set to 1.
    static func withOrientationOne(_ jpeg: Data) throws -> Data {
        var bytes = [UInt8](jpeg)
        let patterns: [(entry: [UInt8], value: [UInt8])] = [
            ([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01], [0x00, 0x01]),
            ([0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00], [0x01, 0x00]),
        ]
        for pattern in patterns {
            if let range = bytes.firstRange(of: pattern.entry) {
                bytes.replaceSubrange(range.upperBound..<(range.upperBound + 2), with: pattern.value)
                return Data(bytes)
            }
        }
        throw ChildError("no EXIF orientation entry in the file")
    }
}
