import Foundation

/// A small proxied answer's body gathered into one buffer while its head is held back, so that
/// the answer goes out as one buffer response in one resume of its connection instead of
/// streaming through ``ProxyResponse`` (a suspension and a resume per arriving piece).
///
/// Only an answer that declares its length (`Content-Length`, at most ``limit``) is gathered;
/// the bytes land here once, straight from libcurl's buffer, and the finished buffer becomes the
/// response's ``SharedBytes`` without another copy. Touched under its ``ProxyExchange``'s lock only.
final class ProxyAssembly {
    /// Declared lengths gathered at most; longer answers stream.
    static let limit = 256 * 1024
    /// How long a head is held back for its body at most (ns); a body slower than this streams.
    static let holdNanoseconds: UInt64 = 20_000_000

    /// The declared length.
    let expected: Int
    /// When the head was held back (monotonic ns).
    let since: UInt64
    private var storage: UnsafeMutableRawBufferPointer?
    /// Bytes gathered so far.
    private(set) var count = 0

    init(expected: Int, since: UInt64) {
        self.expected = expected
        self.since = since
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(expected, 1), alignment: 16)
    }

    deinit {
        storage?.deallocate()
    }

    /// Whether every declared byte is in.
    var isComplete: Bool { count == expected }

    /// Whether the head has been held for longer than ``holdNanoseconds`` by `now`.
    func isStale(now: UInt64) -> Bool { now &- since > Self.holdNanoseconds }

    /// Copies `chunk` in; `false` (nothing copied) when it would go past the declared length.
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let storage, count + chunk.count <= expected else { return false }
        if let source = chunk.baseAddress, chunk.count > 0 {
            (storage.baseAddress! + count).copyMemory(from: source, byteCount: chunk.count)
        }
        count += chunk.count
        return true
    }

    /// The whole body, handing the buffer over (the assembly is empty afterwards).
    func takeBytes() -> SharedBytes {
        let buffer = storage ?? UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 16)
        storage = nil
        return SharedBytes(adopting: buffer, count: count)
    }

    /// The bytes gathered so far as a copy, for an answer that streams after all.
    func copiedBytes() -> Data {
        guard let storage, count > 0 else { return Data() }
        return Data(UnsafeRawBufferPointer(rebasing: storage[0..<count]))
    }
}
