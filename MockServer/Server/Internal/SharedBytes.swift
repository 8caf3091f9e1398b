import Foundation

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

    /// Copies `data` into a new buffer.
    init(_ data: Data) {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        if !data.isEmpty { _ = data.copyBytes(to: storage.bindMemory(to: UInt8.self)) }
        buffer = UnsafeRawBufferPointer(rebasing: storage[0..<data.count])
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
}
