import Foundation

/// How ``DiskCache`` keeps ``CacheEntryMetadata`` in an entry's file: a header in front of the
/// bytes, so the two are written (and renamed into place) together and can never disagree.
///
/// Layout: the 8 bytes `TBMETA1\n`, the metadata's length (4 bytes, big-endian), the metadata
/// as JSON, then the stored bytes. A file without the magic is the bytes alone (an entry
/// stored without metadata, or by an older version). A file with the magic whose header does
/// not parse is unreadable, a miss. Images never start with the magic (PNG and JPEG have their own).
enum DiskEntryFormat {
    /// The first bytes of a file with a header.
    static let magic = Data("TBMETA1\n".utf8)
    /// The magic and the length field.
    static let fixedLength = magic.count + 4
    /// Longest metadata accepted; a longer length means a damaged file.
    static let maximumMetadata = 64 * 1024

    /// The file for `data` with `metadata` in front.
    static func encode(_ data: Data, metadata: CacheEntryMetadata) -> Data {
        let json = (try? JSONEncoder().encode(metadata)) ?? Data()
        var file = magic
        let length = UInt32(json.count)
        file.append(contentsOf: [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)])
        file.append(json)
        file.append(data)
        return file
    }

    /// Where the stored bytes start in a file of `size` bytes that begins with `start` (at
    /// least ``fixedLength`` bytes of it, when it has them): 0 without the magic, after the
    /// header with it; `nil` when the header's length cannot be right.
    static func bodyOffset(start: Data, size: Int) -> Int? {
        guard start.starts(with: magic) else { return 0 }
        guard start.count >= fixedLength else { return nil }
        let length = start[start.startIndex + magic.count..<start.startIndex + fixedLength].reduce(0) { $0 << 8 | Int($1) }
        guard length <= maximumMetadata, fixedLength + length <= size else { return nil }
        return fixedLength + length
    }

    /// The entry of a file split at ``bodyOffset(start:size:)``: `head` is empty for a file
    /// without metadata; `nil` when the metadata does not parse.
    static func decode(head: Data, body: Data) -> CachedData? {
        guard !head.isEmpty else { return CachedData(data: body, metadata: nil) }
        guard head.count >= fixedLength,
            let metadata = try? JSONDecoder().decode(CacheEntryMetadata.self, from: head.dropFirst(fixedLength))
        else { return nil }
        return CachedData(data: body, metadata: metadata)
    }
}
