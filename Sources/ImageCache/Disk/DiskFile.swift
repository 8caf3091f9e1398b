#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif
import Foundation

/// A failed system call on a cache file, with the system's explanation.
struct DiskFileError: Error {
    /// `strerror` text, prefixed with what was being done.
    let reason: String
    /// The `errno` of a failed system call; 0 for failures found otherwise.
    var code: Int32 = 0

    /// Whether the file or a folder on its path does not exist (`ENOENT`).
    var isMissing: Bool { code == ENOENT }

    /// Captures the current `errno`.
    static func system(_ what: String) -> DiskFileError {
        let code = errno
        return DiskFileError(reason: "\(what): \(String(cString: strerror(code)))", code: code)
    }
}

/// The POSIX calls the disk cache needs, each checked on the spot. Times are nanoseconds since
/// 1970 ("stamps"); a file's modification time holds its last access, so LRU order survives a
/// restart without relying on atime (often disabled by `noatime`/`relatime`).
enum DiskFile {
    /// Writes `data` to a new file at `path` (which must not exist) and stamps it.
    static func create(_ path: String, data: Data, stamp: Int64) throws(DiskFileError) {
        let fd = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .system("open") }
        defer { close(fd) }
        var failure: DiskFileError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = retrying { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                guard written > 0 else {
                    failure = .system("write")
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
        var times = [spec(stamp), spec(stamp)]
        guard futimens(fd, &times) == 0 else { throw .system("futimens") }
    }

    /// The whole content of the file at `path`.
    static func contents(_ path: String) throws(DiskFileError) -> Data {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .system("open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system("fstat") }
        var data = Data(count: Int(info.st_size))
        var failure: DiskFileError?
        let count = data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let got = retrying { read(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                if got < 0 { failure = .system("read") }
                if got <= 0 { break }
                offset += got
            }
            return offset
        }
        if let failure { throw failure }
        guard count == data.count else { throw DiskFileError(reason: "read: the file shrank while being read") }
        return data
    }

    /// The file at `path` in two parts, each read into a buffer of its own so that neither is
    /// copied out of the other: the bytes before the offset `split` gives for the first `peek`
    /// bytes and the file's size, and the rest. `nil` when `split` gives none (a damaged file).
    static func contents(
        _ path: String, peek: Int, split: (_ start: Data, _ size: Int) -> Int?
    ) throws(DiskFileError) -> (head: Data, body: Data)? {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .system("open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system("fstat") }
        let size = Int(info.st_size)
        let start = try readExactly(fd, count: min(max(0, peek), size), at: 0)
        guard let offset = split(start, size), offset >= 0, offset <= size else { return nil }
        let head = offset <= start.count ? start.prefix(offset) : try readExactly(fd, count: offset, at: 0)
        return (head, try readExactly(fd, count: size - offset, at: offset))
    }

    /// Exactly `count` bytes at `offset` of the open file `fd`, in a buffer `pread` fills
    /// directly: not zero-filled first (as `Data(count:)` would), since every byte is
    /// overwritten or the buffer is thrown away (a 1 MB memset was a fifth of a hit's CPU time).
    private static func readExactly(_ fd: Int32, count: Int, at offset: Int) throws(DiskFileError) -> Data {
        guard count > 0 else { return Data() }
        guard let base = malloc(count) else { throw DiskFileError(reason: "read: out of memory for \(count) bytes") }
        var done = 0
        while done < count {
            let got = retrying { pread(fd, base + done, count - done, off_t(offset + done)) }
            if got < 0 {
                let failure = DiskFileError.system("read")
                free(base)
                throw failure
            }
            if got == 0 { break }
            done += got
        }
        guard done == count else {
            free(base)
            throw DiskFileError(reason: "read: the file shrank while being read")
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// Creates the folder at `path` and any missing parents; an existing folder is fine.
    static func makeFolder(_ path: String) throws(DiskFileError) {
        if mkdir(path, 0o755) == 0 { return }
        switch errno {
        case EEXIST:
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw DiskFileError(reason: "mkdir: \(path) exists and is not a folder")
            }
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { throw .system("mkdir") }
            try makeFolder(parent)
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw .system("mkdir") }
        default:
            throw .system("mkdir")
        }
    }

    /// Sets the access and modification times of the file at `path` to `stamp`.
    static func touch(_ path: String, stamp: Int64) throws(DiskFileError) {
        var times = [spec(stamp), spec(stamp)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw .system("utimensat") }
    }

    /// Renames `source` over `destination` atomically (same folder).
    static func replace(_ destination: String, with source: String) throws(DiskFileError) {
        guard rename(source, destination) == 0 else { throw .system("rename") }
    }

    /// Deletes the file; a missing file is not an error.
    static func remove(_ path: String) throws(DiskFileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .system("unlink") }
    }

    /// Size and modification stamp of a regular file; `nil` for anything else or when absent.
    static func attributes(_ path: String) -> (size: Int, stamp: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec  // Darwin's name for POSIX's st_mtim
        #else
        let modified = info.st_mtim
        #endif
        return (Int(info.st_size), Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec))
    }

    /// The wall clock as a stamp.
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    private static func spec(_ stamp: Int64) -> timespec {
        timespec(tv_sec: Int(stamp / 1_000_000_000), tv_nsec: Int(stamp % 1_000_000_000))
    }

    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
