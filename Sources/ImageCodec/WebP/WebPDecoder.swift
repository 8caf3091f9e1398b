internal import CWebP

/// WebP through libwebp: still images with `WebPDecode` (scaling while decoding), animations'
/// first frame with libwebpdemux's `WebPAnimDecoder`, the frames counted by the demuxer
/// without decoding them.
enum WebPDecoder {
    /// The container as the demuxer reads it, before any pixel is decoded.
    struct Container {
        let width: Int
        let height: Int
        let frameCount: Int
        let loopCount: Int
        let animated: Bool
    }

    /// Format and canvas size, from the container alone.
    static func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageInfo {
        let container = try read(bytes)
        return ImageInfo(format: .webp, width: container.width, height: container.height)
    }

    /// The image (an animation's first frame, on its canvas) at `target`'s covering size, or at
    /// full size without a target. The canvas is checked against `maxPixels` first.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int, target: PixelSize? = nil
    ) throws(ImageCodecError) -> DecodedImage {
        let container = try read(bytes)
        let fullBytes = try ImageCodec.decodedByteCount(
            width: container.width, height: container.height, maxPixels: maxPixels)
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        let image: DecodedImage
        if container.animated {
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: fullBytes) { buffer, count in
                status = cwebp_decode_first_frame(base, bytes.count, buffer.baseAddress, fullBytes)
                count = status == 1 ? fullBytes : 0
            }
            guard status == 1 else { throw .corrupt("libwebp could not decode the animation's first frame") }
            let full = DecodedImage(validatedWidth: container.width, height: container.height, pixels: pixels)
            image = target.map { AreaResampler.downscale(full, to: $0.covering(width: full.width, height: full.height)) } ?? full
        } else {
            let size = target?.covering(width: container.width, height: container.height)
                ?? PixelSize(width: container.width, height: container.height)
            let scale = size.width != container.width || size.height != container.height
            let byteCount = size.width * size.height * 4
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                status = cwebp_decode_rgba(
                    base, bytes.count, buffer.baseAddress, byteCount, Int32(size.width), Int32(size.height), scale ? 1 : 0)
                count = status == 0 ? byteCount : 0
            }
            guard status == 0 else { throw error(status: status) }
            image = DecodedImage(validatedWidth: size.width, height: size.height, pixels: pixels)
        }
        return image.animated(
            frameCount: container.frameCount, loopCount: container.loopCount,
            frameDurations: container.animated ? durations(bytes, count: container.frameCount) : [])
    }

    /// The EXIF chunk's payload (a TIFF header and IFDs, without the "Exif\0\0" of JPEG's APP1),
    /// at most 64 KB of it; nil when there is none.
    static func exifBlock(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        let capacity = 65_536
        var found = 0
        let block = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            found = cwebp_exif(base, bytes.count, buffer.baseAddress, capacity)
            count = min(found, capacity)
        }
        return found == 0 ? nil : block
    }

    /// The most frame durations ``decode(_:maxPixels:target:)`` reports: a file may declare
    /// more frames than anyone shows, and the list should not grow with it.
    static let maxDurations = 10_000

    /// Each frame's duration, read by the demuxer (no frame is decoded), the first
    /// ``maxDurations`` of them.
    private static func durations(_ bytes: UnsafeRawBufferPointer, count: Int) -> [Duration] {
        let capacity = min(max(count, 0), maxDurations)
        guard capacity > 0 else { return [] }
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        let milliseconds = [Int32](unsafeUninitializedCapacity: capacity) { buffer, written in
            written = Int(cwebp_frame_durations(base, bytes.count, buffer.baseAddress, Int32(capacity)))
        }
        return milliseconds.map { .milliseconds(Int($0)) }
    }

    /// The demuxer's view of the container; when it refuses the data, libwebp's header parser
    /// and the RIFF size say whether it ends early (``ImageCodecError/truncated``) or is
    /// malformed.
    private static func read(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> Container {
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        var info = cwebp_container()
        guard cwebp_read_container(base, bytes.count, &info) == 1 else {
            // libwebp refuses a VP8X canvas of 2^32 pixels or more outright, demuxer and header
            // parser alike: that is a bomb (the zoo's declares 100,000 × 100,000), not damage.
            if let canvas = vp8xCanvas(bytes), canvas.width * canvas.height >= 1 << 32 {
                throw .tooLarge(pixels: canvas.width * canvas.height)
            }
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeaturesInternal(base, bytes.count, &features, WEBP_DECODER_ABI_VERSION)
            guard status == VP8_STATUS_OK else { throw error(status: Int32(status.rawValue)) }
            // The header parses, so the demuxer wants the whole file the RIFF size announces.
            let riffSize = bytes.count >= 8 ? bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian : 0
            throw Int(riffSize) + 8 > bytes.count ? .truncated : .corrupt("libwebp's demuxer refused the container")
        }
        guard info.canvas_width > 0, info.canvas_height > 0 else {
            throw .corrupt("The header declares a \(info.canvas_width)×\(info.canvas_height) image")
        }
        return Container(
            width: Int(info.canvas_width), height: Int(info.canvas_height), frameCount: max(1, Int(info.frame_count)),
            loopCount: Int(info.loop_count), animated: info.animated != 0)
    }

    /// The canvas a VP8X chunk right after the RIFF header declares (each side stored minus one
    /// in 24 bits), or nil.
    private static func vp8xCanvas(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        guard bytes.count >= 30, bytes[12] == 0x56, bytes[13] == 0x50, bytes[14] == 0x38, bytes[15] == 0x58 else { return nil }
        func u24(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 }
        return (u24(24) + 1, u24(27) + 1)
    }

    /// libwebp's status as an error: more data needed is ``ImageCodecError/truncated``.
    private static func error(status: Int32) -> ImageCodecError {
        switch status {
        case Int32(VP8_STATUS_NOT_ENOUGH_DATA.rawValue): .truncated
        case Int32(VP8_STATUS_UNSUPPORTED_FEATURE.rawValue): .corrupt("libwebp does not support a feature the image uses")
        case Int32(VP8_STATUS_OUT_OF_MEMORY.rawValue): .corrupt("libwebp ran out of memory")
        default: .corrupt("libwebp rejected the bitstream (status \(status))")
        }
    }
}
