public import Foundation

/// Plain TCP to 127.0.0.1, for test helpers that must not go through the code under test.
public enum Loopback {
    /// `127.0.0.1:port` as a `sockaddr_in`.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A connected TCP socket to 127.0.0.1:`port`; the caller closes it.
    public static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        return fd
    }
}

/// Process-wide measurements for load and idle-CPU tests.
public enum ProcessStats {
    /// User + system CPU seconds this process used so far.
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Raises the open-files soft limit to the hard limit (stall tests hold thousands of sockets).
    public static func raiseFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Monotonic seconds.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
