import Foundation

/// How ``DiskCache`` keeps ``CacheEntryMetadata`` in an entry's file: a header in front of the
/// bytes, so the two are written (and renamed into place) together and can never disagree.
///
/// Layout: the 8 bytes `TBMETA1\n`, the header's length (4 bytes, big-endian), the metadata as
/// JSON, then the stored bytes. A file without the magic is the bytes alone (an entry stored
/// without metadata, or by an older version). A file with the magic whose header does not
/// parse is unreadable, a miss. Images never start with the magic (PNG and JPEG have their own).
enum DiskEntryFormat {
    /// The first bytes of a file with a header.
    static let magic = Data("TBMETA1\n".utf8)
    /// Longest header accepted; a longer length means a damaged file.
    static let maximumHeader = 64 * 1024

    /// The file for `data` with `metadata` in front.
    static func encode(_ data: Data, metadata: CacheEntryMetadata) -> Data {
        let header = (try? JSONEncoder().encode(metadata)) ?? Data()
        var file = magic
        let length = UInt32(header.count)
        file.append(contentsOf: [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)])
        file.append(header)
        file.append(data)
        return file
    }

    /// The entry a file holds; `nil` when it has the magic but no readable header.
    static func decode(_ file: Data) -> CachedData? {
        guard file.starts(with: magic) else { return CachedData(data: file, metadata: nil) }
        let start = file.startIndex + magic.count
        guard file.count >= magic.count + 4 else { return nil }
        let length = file[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        let headerStart = start + 4
        guard length <= maximumHeader, file.endIndex - headerStart >= length else { return nil }
        let header = file[headerStart..<headerStart + length]
        guard let metadata = try? JSONDecoder().decode(CacheEntryMetadata.self, from: header) else { return nil }
        return CachedData(data: Data(file[(headerStart + length)...]), metadata: metadata)
    }
}
