import CMicroHTTPD
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
    /// A second copy of the bytes in an in-memory file (Linux's memfd), or -1: what a plain
    /// connection is sent with `sendfile` (``WireStage``), which spares the kernel copying the
    /// body from our memory into socket buffers on every request.
    let file: Int32

    /// Bodies from this size up get a ``file`` when asked for (`sendsFromFile`). On loopback
    /// and fast links, copying them into the socket costs more than the two system calls
    /// (header, then `sendfile`) that replace the one `sendmsg`; smaller bodies are cheaper
    /// copied.
    static let fileThreshold = 64 * 1024
    /// Bodies from this size up are sent from the buffer again: libmicrohttpd 0.9.75 hands
    /// `sendfile` at most 128 KiB per call, so a larger body took several calls (and poll
    /// rounds) where one `sendmsg` usually takes it whole; by hand, 208 KB came out slower.
    static let fileCeiling = 128 * 1024
    /// The most such files open at once in the process. Each is a descriptor, and a process
    /// whose soft `RLIMIT_NOFILE` is 1,024 (a test run embedding the server) could otherwise
    /// spend them all on a full cache (256 MB of 64 KiB images is 4,096 files) and then refuse
    /// connections; past this, an image is sent from its buffer as before.
    static let maxOpenFiles = 256
    /// How many ``file``s are open now.
    private static let openFiles = Atomic<Int>(0)

    /// Copies `data` into a new buffer; with `sendsFromFile` and from ``fileThreshold`` up to
    /// ``fileCeiling`` bytes, into an in-memory file too (the image cache's bytes, sent many times over).
    init(_ data: Data, sendsFromFile: Bool) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        if !data.isEmpty { _ = data.copyBytes(to: storage.bindMemory(to: UInt8.self)) }
        let bytes = UnsafeRawBufferPointer(rebasing: storage[0..<data.count])
        self.storage = storage
        buffer = bytes
        file = sendsFromFile && (Self.fileThreshold..<Self.fileCeiling).contains(data.count) ? Self.openFile(copying: bytes) : -1
    }

    /// An in-memory file holding `bytes`, or -1 when ``maxOpenFiles`` are already open or the
    /// system has none to give.
    private static func openFile(copying bytes: UnsafeRawBufferPointer) -> Int32 {
        guard openFiles.add(1, ordering: .relaxed).newValue <= maxOpenFiles else {
            openFiles.subtract(1, ordering: .relaxed)
            return -1
        }
        let file = cmhd_memory_file(bytes.baseAddress, bytes.count)
        if file < 0 { openFiles.subtract(1, ordering: .relaxed) }
        return file
    }

    /// How many in-memory files are open now (for tests).
    static var openFileCount: Int { openFiles.load(ordering: .relaxed) }

    /// Copies `data` into a new buffer (no file).
    convenience init(_ data: Data) {
        self.init(data, sendsFromFile: false)
    }

    /// Takes over `storage` (allocated with `allocate(byteCount:alignment:)`, at least one byte),
    /// of which the first `count` bytes are the content: no copy; it is freed with this object.
    init(adopting storage: UnsafeMutableRawBufferPointer, count: Int) {
        precondition(count <= storage.count && storage.count > 0, "SharedBytes: \(count) bytes of a \(storage.count)-byte buffer")
        self.storage = storage
        buffer = UnsafeRawBufferPointer(rebasing: storage[0..<count])
        file = -1
    }

    /// Copies `string` as UTF-8.
    convenience init(_ string: String) {
        self.init(Data(string.utf8))
    }

    deinit {
        if file >= 0 {
            close(file)
            Self.openFiles.subtract(1, ordering: .relaxed)
        }
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
