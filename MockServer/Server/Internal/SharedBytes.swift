import Foundation
import Synchronization

/// An immutable, heap-allocated byte buffer with a stable address, shared between the cache,
/// requests and libmicrohttpd responses (which read it without copying).
///
/// `@unchecked Sendable`: the bytes are written once in `init` and only read afterwards; the
/// buffer is freed in `deinit`, after every response holding a reference released it.
final class SharedBytes: @unchecked Sendable {
    /// The bytes.
    let buffer: UnsafeRawBufferPointer
    /// The allocation behind `buffer` (at least one byte, so an empty body has an address too).
    private let storage: UnsafeMutableRawBufferPointer
    /// The bytes' FNV-1a digest, once computed (`conditional`/`ranges` ETags of cached images).
    private let digestCache = Mutex<FNV1a?>(nil)

    /// Copies `data` into a new buffer.
    init(_ data: Data) {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        if !data.isEmpty { _ = data.copyBytes(to: storage.bindMemory(to: UInt8.self)) }
        buffer = UnsafeRawBufferPointer(rebasing: storage[0..<data.count])
    }

    /// Takes over `storage` (allocated with `allocate(byteCount:alignment:)`, at least one byte),
    /// of which the first `count` bytes are the content: no copy; it is freed with this object.
    init(adopting storage: UnsafeMutableRawBufferPointer, count: Int) {
        precondition(count <= storage.count && storage.count > 0, "SharedBytes: \(count) bytes of a \(storage.count)-byte buffer")
        self.storage = storage
        buffer = UnsafeRawBufferPointer(rebasing: storage[0..<count])
    }

    /// Copies `string` as UTF-8.
    convenience init(_ string: String) {
        self.init(Data(string.utf8))
    }

    deinit {
        storage.deallocate()
    }

    /// Number of bytes.
    var count: Int { buffer.count }

    /// A copy as `Data`.
    var data: Data { Data(buffer) }

    /// The FNV-1a digest of the bytes, computed on first use and kept: the bytes never change.
    var digest: FNV1a {
        if let known = digestCache.withLock({ $0 }) { return known }
        var digest = FNV1a()
        digest.add(buffer)
        digestCache.withLock { $0 = digest }
        return digest
    }
}
