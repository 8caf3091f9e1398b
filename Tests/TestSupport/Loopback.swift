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
        let fd = Sockets.tcp()
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Sockets.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
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
        #if canImport(Glibc)
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)  // an enum on Glibc, an Int32 on Darwin
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Raises the open-files soft limit as far as the system allows (stall tests hold thousands
    /// of sockets): to the hard limit on Linux; on Darwin to `OPEN_MAX` at most, since macOS
    /// refuses a soft limit above it for `RLIMIT_NOFILE` even when the hard limit is unlimited.
    public static func raiseFileLimit() {
        #if canImport(Glibc)
        let files = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(files, &limit) == 0 else { return }
        #if canImport(Darwin)
        limit.rlim_cur = Swift.min(rlim_t(OPEN_MAX), limit.rlim_max)
        #else
        limit.rlim_cur = limit.rlim_max
        #endif
        setrlimit(files, &limit)
    }

    /// Monotonic seconds.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
