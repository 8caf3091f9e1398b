import Foundation

/// Gzip bodies for the recording tests, made without zlib: `stored` wraps bytes in deflate's
/// stored blocks (valid gzip of any size, which a real decoder must read block by block), and
/// `compressedItems` is Python's `gzip.compress` of ``itemsJSON`` (real deflate).
enum GzipFixture {
    /// `{"items":[{"id":0,"name":"item 0"},…199]}`, 5,591 bytes.
    static let itemsJSON = "{\"items\":[" + (0..<200).map { "{\"id\":\($0),\"name\":\"item \($0)\"}" }.joined(separator: ",") + "]}"

    /// ``itemsJSON`` gzipped by Python (`gzip.compress(json, mtime=0)`), 964 bytes.
    static let compressedItems = Data(base64Encoded: compressedItemsBase64)!

    /// `data` as one gzip member of stored (uncompressed) deflate blocks.
    static func stored(_ data: Data) -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF])
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out.append(final)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(data[data.startIndex + offset..<data.startIndex + offset + count])
            offset += count
        } while offset < data.count
        out.append(contentsOf: littleEndian(crc32(data)))
        out.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: data.count)))
        return out
    }

    /// The CRC-32 gzip's trailer carries (IEEE, reflected).
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static let compressedItemsBase64 = [
        "H4sIAAAAAAACA2XYO65cNxRE0akYHStg8c83FUOBACtQICd2JmjuNiSgq+5m2ifixm1ykT9e3/79+v2f18efP17f/np9lE+vv798//r6+PX7H+X189Pv",
        "gZ4DvQf1OajvQXsO2nvQn4P+HoznYLwH8zmY78F6DtZ7sJ+D/R6c5+B4gVi6Yu1cvFcvLF9evxBALiAkkBsIEeQKQga5gxBCLiGkkFsIMeQaFTWqa1TU",
        "qPEt8GNwjYoa1TUqalTXqKhRXaOiRnWNihrVNSpqVNeoqFFdo6FGc42GGs01Gmq0+G/wz+EaDTWaazTUaK7RUKO5RkON5hoNNZprNNRortFRo7tGR43u",
        "Gh01umt01OixV3CzcI2OGt01Omp01+io0V2jo0Z3jY4a3TUGagzXGKgxXGOgxnCNgRrDNQZqjNg7uXm6xkCN4RoDNYZrDNQYrjFQY7jGRI3pGhM1pmtM",
        "1JiuMVFjusZEjekaEzVmnCU8TFxjosZ0jYka0zUmakzXWKixXGOhxnKNhRrLNRZqLNdYqLFcY6HGco2FGivOVh6urrFQY7nGQo3lGhs1tmts1NiusVFj",
        "u8ZGje0aGzW2a2zU2K6xUWO7xkaNHdYgNlxjo8Z2jYMaxzUOahzXOKhxXOOgxnGNgxrHNQ5qHNc4qHFc46DGcY2DGifsRXylvi5+hb8KAVZCYIUEK2Gw",
        "QoSVUFghw0o4rBBiJSRWSLESFivEWAmNFXKshMcKQVai0AXUh1AvokahC6mp1Iup6dQLqinVi6pp1QurqdWLq+nVC6wp1ousYVYRrQq1imxVTcVfjI9C",
        "pKvCriJeFXoV+arwqwhYhWBFwioMKyJWoViRsQrHipBVSFakrMKyImbV8qZzXXWiEEGrEK1IWoVpRdQqVCuyVuFaEbYK2Yq0VdhWxK1CtyJvFb4VgasQ",
        "rkhc9bwNXtfBKETmKpwrQlchXZG6CuuK2FVoV+SuwrsieBXiFcmrMK+IXoV6RfYq3CvCVyNvzNeVOQoRvwr9ivxV+FcEsELAIoEVBhYRrFCwyGCFg0UI",
        "KyQsUlhhYRHDCg2LHNbMV4XrWSEKkcQKE4soVqhYZLHCxSKMFTIWaaywsYhjhY5FHit8LAJZIWSRyAoji0jWypeX6+klChHKCimLVFZYWcSyQssilxVe",
        "FsGsELNIZoWZRTQr1CyyWeFmEc4KOYt01s7Xqet5KgqRzwo/i4BWCFoktMLQIqIVihYZrXC0CGmFpEVKKywtYlqhaZHTCk+LoNbJF7zrCe//Qp9//geO",
        "rjg31xUAAA==",
    ].joined()
}
