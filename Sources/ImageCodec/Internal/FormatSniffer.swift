/// Identifies PNG, JPEG, GIF, WebP, AVIF and HEIC data by their leading signature bytes, and the image formats that
/// are not decoded by theirs.
enum FormatSniffer {
    /// Every PNG file starts with these 8 bytes.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Every JPEG file starts with an SOI marker (`FF D8`) followed by another marker (`FF`).
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The format whose signature `bytes` starts with.
    ///
    /// - Throws: ``ImageCodecError/truncated`` if `bytes` is a non-empty proper prefix of a
    ///   signature, ``ImageCodecError/undecodableFormat(_:)`` for an image format recognised by
    ///   its signature but not decoded (``ForeignFormats``), ``ImageCodecError/unsupportedFormat``
    ///   otherwise.
    static func format(of bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> ImageFormat {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: jpegSignature) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        if !bytes.isEmpty, pngSignature.starts(with: bytes) || jpegSignature.starts(with: bytes) {
            throw .truncated
        }
        if let name = ForeignFormats.name(of: bytes) {
            if name == "AVIF" { return .avif }
            if name == "HEIC" { return .heic }
            throw .undecodableFormat(name)
        }
        throw .unsupportedFormat
    }
}
