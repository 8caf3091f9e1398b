/// The chunk lengths a PNG may declare, checked before libpng reads a byte.
///
/// libpng 1.6.39 (Debian 12) allocates and zero-fills the length an ancillary chunk such as
/// `tEXt`, `zTXt`, `iTXt`, `sPLT`, `pCAL` or `sCAL` declares before reading its data, so a 57-byte
/// file claiming a 1 GB `tEXt` costs 1 GB of resident memory (later libpng versions cap it). The
/// whole file is in memory here, so a chunk that claims more than the data holds is refused
/// first, and an ancillary chunk may not claim more than 8 MB at all.
extension PNGChunks {
    /// The most data an ancillary chunk may declare: 8 MB, far above any real text, palette
    /// suggestion or calibration chunk; image data (`IDAT`, and APNG's `fdAT`) has no limit.
    static let maxAncillaryLength = 8 * 1024 * 1024

    /// The APNG frame data chunk type, `fdAT`: image data, though its first letter is lower case.
    static let fdat: UInt32 = 0x6664_4154

    /// Refuses data with a chunk that runs past the end of the data, or with an ancillary chunk
    /// (its type's first letter lower case) over ``maxAncillaryLength``.
    ///
    /// Image data is exempt from the first rule: libpng reads `IDAT` as it decodes, never
    /// allocating what it declares, and reports a file cut inside it as cut, after the pixel
    /// limit is checked against the header.
    ///
    /// - Throws: ``ImageCodecError/corrupt(_:)`` naming the chunk, or
    ///   ``ImageCodecError/truncated`` when the chunk runs past the end of data without `IEND`.
    static func checkLengths(in bytes: UnsafeRawBufferPointer) throws(ImageCodecError) {
        var offset = FormatSniffer.pngSignature.count
        while offset + 8 <= bytes.count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian)
            let type = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).bigEndian
            if type == iend { return }
            let isImageData = type == idat || type == fdat
            if !isImageData, isAncillary(type), length > maxAncillaryLength {
                throw .corrupt(
                    "The \(name(of: type)) chunk declares \(length) bytes, more than the 8 MB an ancillary chunk may have")
            }
            let end = offset + 12 + length  // Length, type, data, CRC.
            if end > bytes.count {
                if isImageData { return }
                guard containsEnd(bytes) else { throw .truncated }
                throw .corrupt(
                    "The \(name(of: type)) chunk declares \(length) bytes, past the end of the data")
            }
            offset = end
        }
    }

    /// Whether a chunk type is ancillary: bit 5 of its first byte set (a lower-case letter).
    static func isAncillary(_ type: UInt32) -> Bool {
        type & 0x2000_0000 != 0
    }

    /// The chunk type as its four letters (`tEXt`), or in hex when they are not all letters.
    static func name(of type: UInt32) -> String {
        let letters = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> $0) }
        let isText = letters.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return isText
            ? String(decoding: letters, as: UTF8.self) : "0x" + String(type, radix: 16, uppercase: true)
    }
}
