import CServerHEIF
import Foundation

/// Writes HEIC stills with libheif and its x265 (HEVC) encoder. Pixels with alpha get libheif's
/// auxiliary alpha image. x265's output does not depend on its thread count, so the same pixels
/// give the same bytes on every run.
enum HEICEncoder {
    /// libheif's lossy quality, 0...100.
    static let quality: Int32 = 80
    /// x265's speed preset.
    static let preset = "fast"

    /// `heif_init`, once per process, before the first encoder is asked for: it registers
    /// libheif's built-in plugins, which a first use from two render threads at once would
    /// otherwise race to do. `nil` when it succeeded, else libheif's message.
    private static let initialization: String? = {
        let error = heif_init(nil)
        return error.code == heif_error_Ok ? nil : error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)"
    }()

    /// The HEIC of `pixels`.
    static func encode(_ pixels: RGBAPixels) throws(ZooEncodingError) -> Data {
        if let failure = initialization { throw ZooEncodingError("libheif: heif_init failed: \(failure)") }
        guard heif_have_encoder_for_format(heif_compression_HEVC) != 0 else {
            throw ZooEncodingError("libheif was built without an HEVC (x265) encoder")
        }
        guard let context = heif_context_alloc() else { throw ZooEncodingError("libheif: heif_context_alloc failed") }
        defer { heif_context_free(context) }
        let image = try makeImage(pixels)
        defer { heif_image_release(image) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder), "heif_context_get_encoder_for_format")
        guard let encoder else { throw ZooEncodingError("libheif: no HEVC encoder") }
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, quality), "heif_encoder_set_lossy_quality")
        try check(heif_encoder_set_logging_level(encoder, 0), "heif_encoder_set_logging_level")
        // libheif's x265 default is "slow": about 4 s for 1024×768 here; "fast" takes a fraction.
        try check(heif_encoder_set_parameter_string(encoder, "preset", preset), "heif_encoder_set_parameter_string(preset)")
        guard let options = heif_encoding_options_alloc() else { throw ZooEncodingError("libheif: no memory for options") }
        defer { heif_encoding_options_free(options) }
        options.pointee.save_alpha_channel = 1
        try check(heif_context_encode_image(context, image, encoder, options, nil), "heif_context_encode_image")
        let sink = HEIFSink()
        var writer = heif_writer(writer_api_version: 1, write: HEIFSink.write)
        try check(heif_context_write(context, &writer, Unmanaged.passUnretained(sink).toOpaque()), "heif_context_write")
        return withExtendedLifetime(sink) { sink.data }
    }

    /// An interleaved RGB or RGBA `heif_image` holding `pixels`; the caller releases it.
    private static func makeImage(_ pixels: RGBAPixels) throws(ZooEncodingError) -> OpaquePointer {
        let alpha = pixels.hasAlpha
        let channels = alpha ? 4 : 3
        var created: OpaquePointer?
        try check(
            heif_image_create(
                Int32(pixels.width), Int32(pixels.height), heif_colorspace_RGB,
                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &created),
            "heif_image_create")
        guard let image = created else { throw ZooEncodingError("libheif: heif_image_create made no image") }
        do {
            try check(
                heif_image_add_plane(image, heif_channel_interleaved, Int32(pixels.width), Int32(pixels.height), 8),
                "heif_image_add_plane")
        } catch {
            heif_image_release(image)
            throw error
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            heif_image_release(image)
            throw ZooEncodingError("libheif: the image has no interleaved plane")
        }
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<pixels.height {
                let row = plane + y * Int(stride)
                for x in 0..<pixels.width {
                    for channel in 0..<channels {
                        row[x * channels + channel] = bytes[(y * pixels.width + x) * 4 + channel]
                    }
                }
            }
        }
        return image
    }

    /// Throws libheif's message unless `error` is `heif_error_Ok`.
    private static func check(_ error: heif_error, _ call: String) throws(ZooEncodingError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)"
        throw ZooEncodingError("libheif: \(call) failed: \(message)")
    }
}

/// Collects libheif's output. Used on one thread only, within one `encode` call.
private final class HEIFSink {
    var data = Data()

    /// The `heif_writer` callback: appends the bytes to the sink passed as `userdata`.
    static let write: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> heif_error = {
        _, bytes, count, user in
        if let bytes, let user, count > 0 {
            let sink = Unmanaged<HEIFSink>.fromOpaque(user).takeUnretainedValue()
            sink.data.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: success)
    }

    /// The message of a successful `heif_error` (libheif says its messages are never NULL).
    private static var success: UnsafePointer<CChar> {
        UnsafeRawPointer(("Success" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
