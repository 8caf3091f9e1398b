import Foundation

/// The whole body of a request that may be proxied, kept while it uploads: libmicrohttpd hands
/// the body over before the request is admitted, so it waits here for the upstream (up to
/// ``limit``; a longer one is answered 413 rather than sent cut). A request proxied whatever its
/// body is streams it instead (``ProxyUpload``, ``ServerCore/receiveUpload(_:size:context:connection:)``).
struct ProxyBody: Sendable {
    /// The most bytes kept (64 MB).
    static let limit = 64 * 1024 * 1024

    /// The bytes kept.
    private(set) var data = Data()
    /// The body was longer than ``limit``.
    private(set) var overflow = false

    /// Keeps a chunk, or flags the overflow and drops what was kept.
    mutating func keep(_ chunk: UnsafeRawPointer, count: Int) {
        guard !overflow else { return }
        if data.count + count > Self.limit {
            overflow = true
            data = Data()
        } else {
            data.append(chunk.assumingMemoryBound(to: UInt8.self), count: count)
        }
    }
}
