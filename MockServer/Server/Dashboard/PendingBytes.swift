import Foundation

/// Bytes waiting to be handed to libmicrohttpd by a content reader, a block at a time.
struct PendingBytes {
    private var data = Data()
    private var offset = 0

    /// Nothing left to hand over.
    var isEmpty: Bool { offset >= data.count }

    /// Starts handing over `data`.
    init(_ data: Data = Data()) {
        self.data = data
    }

    /// Copies the next bytes (at most `maximum`) to `destination`; returns how many.
    mutating func copy(into destination: UnsafeMutableRawPointer, maximum: Int) -> Int {
        let count = min(maximum, data.count - offset)
        guard count > 0 else { return 0 }
        data.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            destination.copyMemory(from: base + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
