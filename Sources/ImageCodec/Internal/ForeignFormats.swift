/// Image formats ImageCodec recognises by their first bytes but does not decode, so a GIF or a
/// TIFF is reported as a format without a decoder rather than as damaged data.
enum ForeignFormats {
    /// The name of the image format `bytes` starts with ("AVIF", "HEIC",
    /// "JPEG XL", "JPEG 2000", "TIFF", "BMP", "ICO", "SVG"), or nil.
    static func name(of bytes: UnsafeRawBufferPointer) -> String? {
        if matches(bytes, at: 4, "ftyp") { return isobmffBrand(bytes) }
        if starts(bytes, [0xFF, 0x0A]) || starts(bytes, [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return "JPEG XL"
        }
        if starts(bytes, [0xFF, 0x4F, 0xFF, 0x51]) || starts(bytes, [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
            return "JPEG 2000"
        }
        if starts(bytes, [0x49, 0x49, 0x2A, 0x00]) || starts(bytes, [0x4D, 0x4D, 0x00, 0x2A])
            || starts(bytes, [0x49, 0x49, 0x2B, 0x00]) || starts(bytes, [0x4D, 0x4D, 0x00, 0x2B])
        {
            return "TIFF"
        }
        if isBMP(bytes) { return "BMP" }
        if starts(bytes, [0, 0, 1, 0]), bytes.count >= 6, bytes[4] != 0 || bytes[5] != 0 { return "ICO" }
        if isSVG(bytes) { return "SVG" }
        return nil
    }

    /// "AVIF" or "HEIC" for an ISO base media file (`ftyp` box) whose major or compatible brands
    /// name one of them; nil for other such files (MP4 video, for one).
    private static func isobmffBrand(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 12 else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(max(boxSize, 12), bytes.count, 256)
        // The major brand at 8, the minor version at 12, then compatible brands.
        let brands = ([8] + Array(stride(from: 16, to: end - 3, by: 4))).map { offset in
            String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        }
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return "AVIF" }
        let heif = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        return brands.contains(where: heif.contains) ? "HEIC" : nil
    }

    /// A Windows bitmap: "BM", then at offset 14 a DIB header size one of the known ones.
    private static func isBMP(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard starts(bytes, "BM"), bytes.count >= 18 else { return false }
        let headerSize = Int(bytes[14]) | Int(bytes[15]) << 8 | Int(bytes[16]) << 16 | Int(bytes[17]) << 24
        return [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize)
    }

    /// SVG: after an optional byte-order mark and white space, `<svg`, or an XML declaration,
    /// comment or doctype followed by an `<svg` element within the first 4 KB.
    private static func isSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = starts(bytes, [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 4096)])
        if starts(head, "<svg") { return true }
        guard starts(head, "<?xml") || starts(head, "<!--") || starts(head, "<!DOCTYPE svg") else { return false }
        let marker = Array("<svg".utf8)
        return head.count >= marker.count
            && (0...head.count - marker.count).contains { head[$0..<$0 + marker.count].elementsEqual(marker) }
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, _ text: String) -> Bool {
        bytes.starts(with: text.utf8)
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, _ prefix: [UInt8]) -> Bool {
        bytes.starts(with: prefix)
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, at offset: Int, _ text: String) -> Bool {
        let expected = Array(text.utf8)
        return bytes.count >= offset + expected.count && bytes[offset..<offset + expected.count].elementsEqual(expected)
    }
}
