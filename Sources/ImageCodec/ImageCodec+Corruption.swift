public import Foundation

extension ImageCodec {
    /// A same-length copy of an image whose pixel data no standard decoder accepts (libpng,
    /// libjpeg-turbo, Pillow), for testing error paths. The header stays intact, so
    /// ``probe(_:)`` still reports the format and size, and the end marker stays, so
    /// ``decode(_:maxPixels:)`` throws ``ImageCodecError/corrupt(_:)``, not
    /// ``ImageCodecError/truncated``.
    ///
    /// - PNG: the payload of every `IDAT` chunk becomes `0xFF` bytes and each chunk's CRC is
    ///   recomputed, so the failure is in the zlib stream itself (`0xFF` is not a valid zlib
    ///   compression method) rather than a CRC mismatch a lenient decoder could ignore.
    /// - JPEG: every `DQT` marker (`FF DB`) is renamed `COM` (`FF FE`), so the quantization
    ///   tables become comments and decoding fails with "Quantization table 0x00 was not
    ///   defined". (Removing Huffman tables would not do: libjpeg-turbo falls back to the
    ///   standard ones.)
    ///
    /// - Returns: The corrupted copy, or nil if `data` has neither a PNG nor a JPEG signature.
    public static func corrupted(_ data: Data) -> Data? {
        let format = data.withUnsafeBytes { try? FormatSniffer.format(of: $0) }
        guard let format, format == .png || format == .jpeg else { return nil }
        var copy = data
        copy.withUnsafeMutableBytes { bytes in
            switch format {
            case .png: PNGChunks.destroyImageData(in: bytes)
            case .jpeg: JPEGMarkers.renameQuantizationTables(in: bytes)
            case .gif, .webp, .avif, .heic: break
            }
        }
        return copy
    }
}
