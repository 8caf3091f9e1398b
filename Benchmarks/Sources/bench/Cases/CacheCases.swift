import CBenchPNG
import Foundation
import ImageCache
import ImageCodec
import MockServer
import Networking

/// Case 4: a memory-cache hit against NSCache, a disk-cache hit against reading the file,
/// ImageCodec against libpng called directly, and 100 coalesced loads against one.
struct CacheCases {
    let settings: Settings
    let ours: ServedMockServer

    func run(into report: inout Report) async throws {
        try await memoryHit(into: &report)
        let png = try fetch(ours.url(ServerCases.pngPath))
        try await diskHit(png, into: &report)
        try await decode(png, into: &report)
        try await coalescing(into: &report)
    }

    // MARK: memory cache

    static let entries = 10_000

    private func memoryHit(into report: inout Report) async throws {
        // 16×16 images (1 KB of cost each): 10,000 of them fit the default 64 MB limit.
        let image = try DecodedImage(width: 16, height: 16, pixels: [UInt8](repeating: 7, count: 16 * 16 * 4))
        let keys = (0..<Self.entries).map { "https://images.example/\($0).png" }
        let cache = MemoryImageCache()
        for key in keys { _ = cache.insert(image, for: key) }
        guard cache.count == Self.entries else { throw ChildError("the memory cache kept \(cache.count) of \(Self.entries) entries") }
        let peer = NSCache<NSString, ImageBox>()
        let peerKeys = keys.map { $0 as NSString }
        for key in peerKeys { peer.setObject(ImageBox(image), forKey: key, cost: image.width * image.height * 4) }

        // Look keys up in a shuffled order, in batches; each batch gives one ns-per-hit value.
        var generator = SplitMix64(seed: 42)
        let order = (0..<100_000).map { _ in Int(generator.next() % UInt64(Self.entries)) }
        var sink = 0
        let batches = 25
        let (oursSample, peerSample) = await alternating(rounds: batches, warmUp: 2) { _ in
            seconds { for index in order { sink &+= cache.image(for: keys[index])?.width ?? -1 } } / Double(order.count) * 1e9
        } peer: { _ in
            seconds { for index in order { sink &+= peer.object(forKey: peerKeys[index])?.image.width ?? -1 } } / Double(order.count) * 1e9
        }
        guard sink == 2 * 16 * order.count * (batches + 2) else { throw ChildError("a cache missed during the hit benchmark") }
        progress("case 4 memory hit: ours \(Format.number(oursSample.median)) ns, NSCache \(Format.number(peerSample.median)) ns")
        report.rows.append(Row(
            4, "memory-cache hit, 10,000 entries, ns", ours: oursSample, peer: "NSCache", peerSample, target: .below(1000),
            note: "Memory hit: \(Format.grouped(order.count)) lookups of shuffled keys per batch, \(batches) batches (the median batch's mean); NSCache (Foundation on Linux) holds the same images with the same costs."))
    }

    // MARK: disk cache

    private func diskHit(_ png: Data, into report: inout Report) async throws {
        let folder = try settings.folder("disk-cache")
        let disk = DiskCache(folder: folder)
        let key = ours.url(ServerCases.pngPath).absoluteString
        await disk.store(png, for: key)
        let path = folder.appendingPathComponent(DiskCache.fileName(for: key)).path
        guard FileManager.default.fileExists(atPath: path) else { throw ChildError("the disk cache did not write \(path)") }
        let reads = 40
        /// Mean µs of `reads` reads, each checked to return the whole entry.
        func meanMicroseconds(_ read: () async throws -> Int) async throws -> Double {
            var total = 0.0
            for _ in 0..<reads {
                var size = 0
                total += try await seconds { size = try await read() }
                guard size == png.count else { throw ChildError("a disk read gave \(size) of \(png.count) bytes") }
            }
            return total / Double(reads) * 1e6
        }
        let (oursSample, peerSample) = try await alternating(rounds: settings.repetitions * 5) { _ in
            try await meanMicroseconds { await disk.data(for: key)?.count ?? 0 }
        } peer: { _ in
            try await meanMicroseconds { try Self.readFile(path).count }
        }
        // What the two thread hand-offs alone cost (to the cache's queue and back), for reading
        // the row: an empty call to the actor, no file touched.
        var hops: [Double] = []
        for _ in 0..<settings.repetitions * 5 {
            hops.append(try await meanMicroseconds { _ = await disk.totalSize; return png.count })
        }
        let hop = hops.sorted()[hops.count / 2]
        progress("case 4 disk hit: ours \(Format.number(oursSample.median)) µs, raw read \(Format.number(peerSample.median)) µs, an empty call to the cache \(Format.number(hop)) µs")
        report.rows.append(Row(
            4, "disk-cache hit, \(png.count / 1024) KB entry, µs", ours: oursSample, peer: "open + read(2)", peerSample,
            target: .ratioAtMost(1.5),
            note: "Disk hit: `DiskCache.data(for:)` (an actor hop, the read, and the access time it records) against open/fstat/read/close of the same file into a `Data`; both read into a buffer that is not zero-filled first, and the file is in the page cache for both."))
    }

    /// The peer: the whole file with POSIX calls, no Foundation file APIs in between, into a
    /// buffer that is not zero-filled first, as `DiskCache` reads its entries: both do the
    /// same memory work, so the row compares the cache's own overhead.
    static func readFile(_ path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ChildError("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ChildError("fstat \(path)") }
        let size = Int(info.st_size)
        guard let base = malloc(max(size, 1)) else { throw ChildError("no memory for \(size) bytes") }
        guard read(fd, base, size) == size else {
            free(base)
            throw ChildError("short read of \(path)")
        }
        return Data(bytesNoCopy: base, count: size, deallocator: .free)
    }

    // MARK: decoding

    private func decode(_ png: Data, into report: inout Report) async throws {
        let info = try ImageCodec.probe(png)
        guard try ImageCodec.decode(png).pixels == Self.libpngDecode(png) else {
            throw ChildError("ImageCodec and libpng decoded different pixels")
        }
        let (oursSample, peerSample) = try await alternating(rounds: settings.repetitions * 10, warmUp: 2) { _ in
            try seconds { _ = try ImageCodec.decode(png) } * 1000
        } peer: { _ in
            try seconds { _ = try Self.libpngDecode(png) } * 1000
        }
        progress("case 4 decode: ours \(Format.number(oursSample.median)) ms, libpng \(Format.number(peerSample.median)) ms")
        report.rows.append(Row(
            4, "decode \(info.width)×\(info.height) PNG to RGBA, ms", ours: oursSample, peer: "libpng (simplified API)", peerSample,
            target: .ratioAtMost(1.1),
            note: "Decode: `ImageCodec.decode` against `png_image_begin_read_from_memory` + `png_image_finish_read` into a Swift array; both results are compared byte for byte."))
    }

    /// libpng's simplified API, straight: the peer of ImageCodec's PNG decoder.
    static func libpngDecode(_ png: Data) throws -> [UInt8] {
        // libpng keeps the png_image's address during a read: it lives on the heap.
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        defer { png_image_free(image); image.deallocate() }
        image.initialize(to: png_image())
        image.pointee.version = UInt32(PNG_IMAGE_VERSION)
        let began = png.withUnsafeBytes { bytes in png_image_begin_read_from_memory(image, bytes.baseAddress, bytes.count) }
        guard began != 0 else { throw ChildError("libpng: cannot read the header") }
        image.pointee.format = cbenchpng_format_rgba
        let count = Int(image.pointee.width) * Int(image.pointee.height) * 4
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            finished = png_image_finish_read(image, nil, buffer.baseAddress, 0, nil)
            initialized = count
        }
        guard finished != 0 else { throw ChildError("libpng: cannot decode") }
        return pixels
    }

    // MARK: coalescing

    private func coalescing(into report: inout Report) async throws {
        let url = ours.url("/images/2.png")
        _ = try fetch(url)  // rendered once on the server, so neither side pays for it
        let client = CurlHTTPClient()
        let (oursSample, peerSample) = try await alternating(rounds: settings.repetitions * 3) { round in
            try await Self.loads(100, of: url, client: client, folder: try settings.folder("coalesce-\(round)-a")) * 1000
        } peer: { round in
            try await Self.loads(1, of: url, client: client, folder: try settings.folder("coalesce-\(round)-b")) * 1000
        }
        progress("case 4 coalescing: 100 loads \(Format.number(oursSample.median)) ms, 1 load \(Format.number(peerSample.median)) ms")
        report.rows.append(Row(
            4, "100 loads of one URL at once vs 1 load, ms", ours: oursSample, peer: "1 load", peerSample,
            note: "Coalescing: a fresh `ImagePipeline` (empty memory and disk caches) per run over one shared CurlHTTPClient; 100 `image(for:)` calls at once share one transfer and one decode. The issue sets no target; ≈1× means the 99 extra callers cost next to nothing."))
    }

    /// Seconds for `count` simultaneous loads of `url` through a new pipeline with empty caches.
    static func loads(_ count: Int, of url: URL, client: any HTTPClient, folder: URL) async throws -> Double {
        let pipeline = ImagePipeline(client: client, memory: MemoryImageCache(), disk: DiskCache(folder: folder))
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await seconds {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<count { group.addTask { try await pipeline.image(for: url).image.width } }
                for try await width in group where width != 1024 { throw ChildError("loaded a \(width) wide image") }
            }
        }
    }
}

/// A class around a decoded image, for NSCache (which holds objects).
final class ImageBox: Sendable {
    let image: DecodedImage
    init(_ image: DecodedImage) { self.image = image }
}
