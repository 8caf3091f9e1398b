import Foundation

/// The body bytes of one transfer, collected on the driver thread.
///
/// When the server announced the size (`Content-Length`, within the limit), the bytes go into
/// one buffer of that size, allocated once and handed to the response without a copy. Its pages
/// are faulted in with a single `madvise(MADV_POPULATE_WRITE)` instead of one fault per 4 KB as
/// the bytes arrive: 32 parallel 1 MB downloads spent ~13 of their ~29 ms on page faults on a
/// fresh heap (make bench, case 3: 15.9 ms when malloc kept its memory). Without a size, or
/// when more arrives than announced, the bytes go into a growing `Data`.
final class CurlBody {
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0
    private var spilled: Data?
    /// Bytes received so far.
    private(set) var count = 0

    deinit {
        buffer?.deallocate()
    }

    /// Prepares a buffer for `expected` bytes (the announced size). Call before the first
    /// `append`; ignored afterwards or for an empty body.
    func expect(_ expected: Int) {
        guard buffer == nil, spilled == nil, count == 0, expected > 0 else { return }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: expected, alignment: 16)
        buffer = storage
        capacity = expected
        Self.populate(storage, byteCount: expected)
    }

    /// Appends `length` bytes.
    func append(_ bytes: UnsafeRawPointer, count length: Int) {
        if let buffer, count + length <= capacity {
            (buffer + count).copyMemory(from: bytes, byteCount: length)
        } else {
            if spilled == nil {
                // No size announced, or more than announced: continue in a growing Data.
                spilled = buffer.map { Data(bytes: $0, count: count) } ?? Data()
                buffer?.deallocate()
                buffer = nil
            }
            spilled!.append(bytes.assumingMemoryBound(to: UInt8.self), count: length)
        }
        count += length
    }

    /// The bytes as `Data` (the buffer itself when there is one; it then belongs to the Data).
    func take() -> Data {
        if let spilled { return spilled }
        guard let buffer else { return Data() }
        self.buffer = nil
        return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Faults in the whole pages of `[start, start + byteCount)` in one call (Linux 5.14+);
    /// elsewhere, or when the kernel refuses, the pages fault in as they are written.
    private static func populate(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let end = (Int(bitPattern: start) + byteCount) / page * page
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, populateWrite)
        #endif
    }

    /// `MADV_POPULATE_WRITE` (Linux 5.14), which Glibc's Swift module does not name.
    private static let populateWrite: Int32 = 23
}
