import Foundation
import ImageCache
import ImageCodec
import Networking

// Broken twins for the image zoo's rules: a plain loader (one GET, the Content-Type checked, the
// bytes decoded by ImageCodec, no cache) with one decoding flaw switched on, each the way real
// loaders get images wrong.

/// An uncached image loader with one decoding flaw.
final class BrokenZooImageLoader: ImageLoading {
    enum Flaw: Sendable, Equatable {
        /// Drops a JPEG's APP1 (EXIF) segments before decoding, as a decoder that reads no
        /// metadata does: phone photos come out as stored, turned or mirrored.
        case ignoresOrientation
        /// Parses JPEG markers strictly, as libjpeg with stop-on-warning: stray bytes between
        /// segments make the image damaged.
        case stopsOnWarning
        /// Knows baseline and extended Huffman JPEG only (SOF0, SOF1): progressive and
        /// arithmetic-coded files are damaged.
        case baselineJPEGOnly
        /// Reads Adobe CMYK as plain CMYK, so the colours of a Photoshop CMYK or YCCK JPEG come out inverted.
        case ignoresAdobeInversion
        /// Keeps the first frame's pixels and forgets the animation: a frame count of 1.
        case flattensAnimations
        /// Decodes PNG and JPEG only; every other image format is unsupported.
        case pngAndJPEGOnly
        /// Reserves and fills a buffer of each PNG chunk's declared length (up to 256 MB) before
        /// decoding, as libpng 1.6.39 does for a text chunk.
        case allocatesDeclaredChunks
        /// Reports an image refused by the pixel limit as damaged.
        case tooLargeIsBroken
        /// Reports an image format without a decoder as damaged, with no message of its own.
        case unsupportedIsBroken
        /// Picks the decoder from the Content-Type: bytes of another image type are damaged.
        case decodesByContentType
    }

    private let client = CurlHTTPClient()
    private let timeouts: RequestTimeouts
    private let flaw: Flaw

    init(timeouts: RequestTimeouts, flaw: Flaw) {
        self.timeouts = timeouts
        self.flaw = flaw
    }

    func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeouts: timeouts))
        } catch {
            throw ImageLoadError(error)
        }
        guard let type = response.header("content-type"), type.hasPrefix("image/") else { throw .unavailable }
        do {
            return LoadedImage(image: try decode(response.body, type: type), source: .network)
        } catch {
            switch error {
            case .tooLarge: throw flaw == .tooLargeIsBroken ? .broken : .tooLarge
            case .undecodableFormat: throw flaw == .unsupportedIsBroken ? .broken : .unsupportedFormat
            default: throw .broken
            }
        }
    }

    /// `data` decoded with the flaw; `type` is the answer's Content-Type.
    private func decode(_ data: Data, type: String) throws(ImageCodecError) -> DecodedImage {
        let bytes = [UInt8](data)
        let isJPEG = bytes.starts(with: [0xFF, 0xD8])
        switch flaw {
        case .ignoresOrientation where isJPEG:
            let segments = try JPEGSegments(bytes)
            let scan = segments.last?.range.upperBound ?? 2
            let kept: [UInt8] = [0xFF, 0xD8] + segments.filter { $0.marker != 0xE1 }.flatMap { bytes[$0.range] } + bytes[scan...]
            return try ImageCodec.decode(Data(kept))
        case .stopsOnWarning where isJPEG:
            _ = try JPEGSegments(bytes, strict: true)
        case .baselineJPEGOnly where isJPEG:
            if let frame = try JPEGSegments(bytes).first(where: { (0xC2...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }) {
                throw .corrupt(String(format: "SOF marker 0x%02X is not baseline", frame.marker))
            }
        case .ignoresAdobeInversion where isJPEG:
            let image = try ImageCodec.decode(data)
            guard try JPEGSegments(bytes).contains(where: { $0.marker == 0xEE }) else { return image }
            var pixels = image.pixels
            for offset in stride(from: 0, to: pixels.count, by: 4) {
                for channel in 0..<3 { pixels[offset + channel] = 255 - pixels[offset + channel] }
            }
            return try DecodedImage(width: image.width, height: image.height, pixels: pixels)
        case .flattensAnimations:
            let image = try ImageCodec.decode(data)
            return try DecodedImage(width: image.width, height: image.height, pixels: image.pixels)
        case .pngAndJPEGOnly:
            let format = try ImageCodec.probe(data).format
            if format != .png, format != .jpeg { throw .undecodableFormat(format.rawValue.uppercased()) }
        case .allocatesDeclaredChunks where bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]):
            let reserved = Self.reserveDeclaredChunks(bytes)
            return try withExtendedLifetime(reserved) { () throws(ImageCodecError) in try ImageCodec.decode(data) }
        case .decodesByContentType:
            let format = try ImageCodec.probe(data).format
            if format.mimeType != type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) {
                throw .corrupt("a \(type) decoder cannot read these bytes")
            }
        default:
            break
        }
        return try ImageCodec.decode(data)
    }

    /// One buffer per PNG chunk of its declared length (at most 256 MB), every page written.
    private static func reserveDeclaredChunks(_ bytes: [UInt8]) -> [[UInt8]] {
        var buffers: [[UInt8]] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            var buffer = [UInt8](repeating: 0, count: min(length, 256_000_000))
            buffer.withUnsafeMutableBufferPointer { pages in
                for page in stride(from: 0, to: pages.count, by: 4096) { pages[page] = 1 }
            }
            buffers.append(buffer)
            offset += 12 + length
        }
        return buffers
    }
}

/// A JPEG's segments before its first scan: each marker (the byte after 0xFF) and its bytes,
/// marker included. A stray byte where a marker should be is skipped, or with `strict` throws.
private func JPEGSegments(_ bytes: [UInt8], strict: Bool = false) throws(ImageCodecError) -> [(marker: UInt8, range: Range<Int>)] {
    var segments: [(marker: UInt8, range: Range<Int>)] = []
    var offset = 2
    while offset + 4 <= bytes.count {
        guard bytes[offset] == 0xFF else {
            if strict { throw .corrupt("Corrupt JPEG data: extraneous bytes before marker") }
            offset += 1
            continue
        }
        let marker = bytes[offset + 1]
        if marker == 0xFF {
            offset += 1
            continue
        }
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let end = min(bytes.count, offset + 2 + length)
        segments.append((marker, offset..<end))
        if marker == 0xDA { break }
        offset = end
    }
    return segments
}
