import CServerPNG
import Foundation

/// Encodes PNG through libpng's write API (the `CServerPNG` shim) in any colour type and bit
/// depth, with a palette, tRNS, Adam7 interlacing or an ICC profile.
enum ZooPNGEncoder {
    /// PNG's colour types (the IHDR values).
    enum ColorType: Int32 {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        /// Samples a pixel.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// How to encode.
    struct Options {
        var colorType = ColorType.rgb
        var bitDepth = 8
        var interlaced = false
        var level = 6
        /// RGB triples (PLTE).
        var palette: [UInt8]? = nil
        /// Alpha of the first palette entries (tRNS).
        var transparency: [UInt8]? = nil
        /// An ICC profile and its iCCP name.
        var icc: (profile: [UInt8], name: String)? = nil

        /// Bytes in a row of `width` pixels.
        func rowBytes(width: Int) -> Int { (width * colorType.channels * bitDepth + 7) / 8 }
    }

    /// Encodes `width`×`height` pixels, asking `rows` for each row (``Options/rowBytes(width:)``
    /// bytes, 16-bit samples big-endian); interlaced images ask for every row once per pass.
    static func encode(
        width: Int, height: Int, options: Options, rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(ZooEncodingError) -> Data {
        guard (1...1_000_000).contains(width), (1...1_000_000).contains(height) else {
            throw ZooEncodingError("libpng cannot encode \(width)×\(height): each side must be 1...1000000")
        }
        var output = Data()
        var message = [CChar](repeating: 0, count: ZooRowSource.messageCapacity)
        let palette = options.palette ?? []
        let transparency = options.transparency ?? []
        let icc = options.icc?.profile ?? []
        let iccName = options.icc?.name ?? ""
        let succeeded = withoutActuallyEscaping(rows) { rows in
            var source = ZooRowSource(rows: rows, rowByteCount: options.rowBytes(width: width))
            return palette.withUnsafeBufferPointer { paletteBytes in
                transparency.withUnsafeBufferPointer { transparencyBytes in
                    icc.withUnsafeBufferPointer { iccBytes in
                        iccName.withCString { name in
                            var shimOptions = csp_options(
                                width: UInt32(width), height: UInt32(height), bit_depth: Int32(options.bitDepth),
                                color_type: options.colorType.rawValue, interlace: options.interlaced ? 1 : 0,
                                level: Int32(options.level),
                                palette: options.palette == nil ? nil : paletteBytes.baseAddress,
                                palette_entries: Int32(palette.count / 3),
                                trns: options.transparency == nil ? nil : transparencyBytes.baseAddress,
                                trns_count: Int32(transparency.count),
                                icc: options.icc == nil ? nil : iccBytes.baseAddress, icc_length: UInt32(icc.count),
                                icc_name: name)
                            return withUnsafeMutablePointer(to: &source) { source in
                                withUnsafeMutablePointer(to: &output) { output in
                                    message.withUnsafeMutableBufferPointer { message in
                                        csp_write(
                                            &shimOptions, ZooRowSource.fill, source, appendBytes, output,
                                            message.baseAddress, message.count) != 0
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        guard succeeded else {
            throw ZooEncodingError("libpng failed: \(ZooRowSource.message(message, or: "no message"))")
        }
        return output
    }

    /// CRC-32 as PNG chunks use it (zlib's).
    static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 {
        Array(bytes).withUnsafeBufferPointer { csp_crc32(0, $0.baseAddress, $0.count) }
    }

    /// `csp_write_fn`: appends libpng's output to the `Data` the context points to.
    private static let appendBytes: csp_write_fn = { context, bytes, count in
        guard let output = context?.assumingMemoryBound(to: Data.self), let bytes else { return }
        output.pointee.append(bytes, count: count)
    }
}
