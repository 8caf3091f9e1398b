import CServerAVIF
import Foundation

/// Writes AVIF stills with libavif and its aom encoder (never through libheif, whose 10-bit AVIF
/// path aborts inside aom). 8-bit full-range YUV 4:4:4 tagged as sRGB, one thread, so the same pixels give the same bytes
/// on every run; an alpha channel, when the pixels have one, becomes an auxiliary alpha image.
enum AVIFEncoder {
    /// Quantizer for colour and alpha, 0 (lossless) ... 63 (worst).
    static let quantizer: Int32 = 20
    /// libavif's speed, 0 (slowest) ... 10 (fastest).
    static let speed: Int32 = 8

    /// The AVIF of `pixels`: opaque pixels make a colour item only; any alpha adds an alpha item.
    static func encode(_ pixels: RGBAPixels) throws(ZooEncodingError) -> Data {
        guard avifCodecName(AVIF_CODEC_CHOICE_AOM, avifCodecFlags(AVIF_CODEC_FLAG_CAN_ENCODE.rawValue)) != nil else {
            throw ZooEncodingError("libavif was built without the aom AV1 encoder")
        }
        guard let image = avifImageCreate(UInt32(pixels.width), UInt32(pixels.height), 8, AVIF_PIXEL_FORMAT_YUV444) else {
            throw ZooEncodingError("libavif: avifImageCreate failed for \(pixels.width)×\(pixels.height)")
        }
        defer { avifImageDestroy(image) }
        // What avifenc writes for sRGB input (BT.709 primaries, sRGB transfer, BT.601 matrix, full
        // range), so decoders need not guess from "unspecified".
        image.pointee.yuvRange = AVIF_RANGE_FULL
        image.pointee.colorPrimaries = avifColorPrimaries(AVIF_COLOR_PRIMARIES_BT709)
        image.pointee.transferCharacteristics = avifTransferCharacteristics(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        image.pointee.matrixCoefficients = avifMatrixCoefficients(AVIF_MATRIX_COEFFICIENTS_BT601)
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        rgb.depth = 8
        rgb.rowBytes = UInt32(pixels.width * 4)
        rgb.ignoreAlpha = pixels.hasAlpha ? AVIF_FALSE : AVIF_TRUE
        let converted = pixels.bytes.withUnsafeBufferPointer { bytes in
            rgb.pixels = UnsafeMutablePointer(mutating: bytes.baseAddress)
            defer { rgb.pixels = nil }
            return avifImageRGBToYUV(image, &rgb)
        }
        try check(converted, "avifImageRGBToYUV")
        guard let encoder = avifEncoderCreate() else { throw ZooEncodingError("libavif: avifEncoderCreate failed") }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        encoder.pointee.maxThreads = 1
        encoder.pointee.speed = speed
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        encoder.pointee.minQuantizerAlpha = quantizer
        encoder.pointee.maxQuantizerAlpha = quantizer
        var output = avifRWData(data: nil, size: 0)
        defer { avifRWDataFree(&output) }
        let written = avifEncoderWrite(encoder, image, &output)
        guard written == AVIF_RESULT_OK, let bytes = output.data else {
            let detail = withUnsafeBytes(of: encoder.pointee.diag.error) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw ZooEncodingError(
                "libavif: avifEncoderWrite failed: \(String(cString: avifResultToString(written)))"
                    + (detail.isEmpty ? "" : " (\(detail))"))
        }
        return Data(bytes: bytes, count: output.size)
    }

    /// Throws libavif's reason unless `result` is OK.
    private static func check(_ result: avifResult, _ call: String) throws(ZooEncodingError) {
        guard result == AVIF_RESULT_OK else {
            throw ZooEncodingError("libavif: \(call) failed: \(String(cString: avifResultToString(result)))")
        }
    }
}
