import CServerJPEG
import Foundation

/// Encodes JPEG through libjpeg's classic API (the `CServerJPEG` shim), which TurboJPEG's API
/// does not expose: progressive and arithmetic coding, restart markers, CMYK and YCCK with the
/// Adobe marker, and APP1/ICC markers.
enum ZooJPEGEncoder {
    /// The rows' colour model and how the file stores it.
    enum Color {
        /// RGB rows, stored as YCbCr 4:2:0.
        case rgb
        /// One gray byte a pixel.
        case gray
        /// Inverted CMYK rows (Photoshop's convention), stored as CMYK with Adobe APP14.
        case cmyk
        /// Inverted CMYK rows, stored as YCCK with Adobe APP14.
        case ycck

        /// Bytes a pixel in the rows.
        var components: Int {
            switch self {
            case .rgb: 3
            case .gray: 1
            case .cmyk, .ycck: 4
            }
        }

        fileprivate var shim: csj_color {
            switch self {
            case .rgb: csj_color_rgb
            case .gray: csj_color_gray
            case .cmyk: csj_color_cmyk
            case .ycck: csj_color_ycck
            }
        }
    }

    /// How to encode (libjpeg's defaults otherwise).
    struct Options {
        var color = Color.rgb
        var quality = 85
        var progressive = false
        var arithmetic = false
        /// MCU rows per restart interval; 0 for none.
        var restartRows = 0
        /// Whether to write the JFIF APP0 marker.
        var jfif = true
        /// One APP1 marker's payload (EXIF), if any.
        var app1: [UInt8]? = nil
        /// An ICC profile, if any.
        var icc: [UInt8]? = nil
    }

    /// Encodes `width`×`height` pixels, asking `rows` for each row (`width * components` bytes).
    static func encode(
        width: Int, height: Int, options: Options, rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ZooEncodingError) -> Data {
        guard (1...65_500).contains(width), (1...65_500).contains(height) else {
            throw ZooEncodingError("libjpeg cannot encode \(width)×\(height): each side must be 1...65500")
        }
        var message = [CChar](repeating: 0, count: ZooRowSource.messageCapacity)
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let app1 = options.app1 ?? []
        let icc = options.icc ?? []
        let succeeded = withoutActuallyEscaping(rows) { rows in
            var source = ZooRowSource(rows: rows, rowByteCount: width * options.color.components)
            return app1.withUnsafeBufferPointer { app1Bytes in
                icc.withUnsafeBufferPointer { iccBytes in
                    var shimOptions = csj_options(
                        width: UInt32(width), height: UInt32(height), color: options.color.shim,
                        quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
                        arithmetic: options.arithmetic ? 1 : 0, restart_rows: Int32(options.restartRows),
                        jfif: options.jfif ? 1 : 0,
                        app1: options.app1 == nil ? nil : app1Bytes.baseAddress, app1_length: app1.count,
                        icc: options.icc == nil ? nil : iccBytes.baseAddress, icc_length: icc.count)
                    return withUnsafeMutablePointer(to: &source) { source in
                        message.withUnsafeMutableBufferPointer { message in
                            csj_encode(&shimOptions, ZooRowSource.fill, source, &bytes, &length, message.baseAddress, message.count) != 0
                        }
                    }
                }
            }
        }
        guard succeeded, let bytes else {
            throw ZooEncodingError("libjpeg failed: \(ZooRowSource.message(message, or: "no message"))")
        }
        defer { csj_free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}
