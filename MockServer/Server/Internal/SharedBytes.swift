import Foundation

/// An immutable, heap-allocated byte buffer with a stable address, shared between the cache,
/// requests and libmicrohttpd responses (which read it without copying).
///
/// `@unchecked Sendable`: the bytes are written once in `init` and only read afterwards; the
/// buffer is freed in `deinit`, after every response holding a reference released it.
final class SharedBytes: @unchecked Sendable {
    /// The bytes.
    let buffer: UnsafeRawBufferPointer

    /// Copies `data` into a new buffer.
    init(_ data: Data) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        if !data.isEmpty { _ = data.copyBytes(to: storage.bindMemory(to: UInt8.self)) }
        buffer = UnsafeRawBufferPointer(rebasing: storage[0..<data.count])
    }

    /// Copies `string` as UTF-8.
    convenience init(_ string: String) {
        self.init(Data(string.utf8))
    }

    deinit {
        // `buffer` may be an empty slice of the allocation; free the allocation itself.
        if let base = buffer.baseAddress {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// Number of bytes.
    var count: Int { buffer.count }

    /// A copy as `Data`.
    var data: Data { Data(buffer) }
}
