#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// What the C socket API spells differently on Glibc and Darwin, for test helpers.
public enum Sockets {
    /// `SOCK_STREAM` as `socket()` takes it: Glibc imports it as an enum, Darwin as a plain `Int32`.
    public static let stream: Int32 = {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }()

    /// A new IPv4 TCP socket (-1 with `errno` on failure); the caller closes it.
    public static func tcp() -> Int32 {
        socket(AF_INET, stream, 0)
    }

    /// A new non-blocking IPv4 TCP socket: `SOCK_NONBLOCK` is Linux's, so `fcntl` sets the flag.
    public static func nonBlockingTCP() -> Int32 {
        let fd = tcp()
        if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return fd
    }

    /// `connect(2)` (the C function, whatever a caller's own `connect` methods are called).
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(fd, address, length)
        #elseif canImport(Musl)
        Musl.connect(fd, address, length)
        #else
        Darwin.connect(fd, address, length)
        #endif
    }

    /// `listen(2)`, likewise.
    public static func listen(_ fd: Int32, backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(fd, backlog)
        #elseif canImport(Musl)
        Musl.listen(fd, backlog)
        #else
        Darwin.listen(fd, backlog)
        #endif
    }
}
