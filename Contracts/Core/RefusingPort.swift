import Foundation

/// A loopback port that refuses connections for as long as this value lives: a socket bound
/// to it but never listening. No other process can take the port meanwhile (unlike a port
/// freed by stopping a server, which a server starting concurrently could pick up).
package final class RefusingPort {
    package let port: Int
    private let fd: Int32

    package init?() {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(fd)
    }
}

/// `SOCK_STREAM` as `socket()` takes it: Glibc imports it as an enum, Darwin as a plain `Int32`.
let streamSocketType: Int32 = {
    #if canImport(Glibc)
    Int32(SOCK_STREAM.rawValue)
    #else
    SOCK_STREAM
    #endif
}()
