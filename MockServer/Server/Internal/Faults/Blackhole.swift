import CMicroHTTPD
import Foundation
import Synchronization

/// An address where `connect()` never completes: the "connect timeout" fault.
///
/// A listening socket with a backlog of 0 whose one queue place is taken by a connection of our
/// own (the filler), and which is never accepted. Linux (and BSD) then drop every further SYN
/// when the accept queue is full, so a client's connect waits, retransmitting its SYN, until its
/// own connect timeout — curl's exit 28, not the fast refusal (7) of a closed port.
///
/// It costs two file descriptors and nothing else: no thread, no polling, no CPU. The kernel
/// keeps the queued connection and drops the SYNs. ``close()`` closes both sockets.
final class Blackhole: Sendable {
    /// The address clients connect to in vain.
    let address: SocketAddress
    /// The listening socket and the filler, until closed (`nil` after).
    private let sockets: Mutex<(listener: Int32, filler: Int32)?>

    /// Opens a blackhole on `host` (its port; 0 picks a free one).
    init(host: SocketAddress) throws(MockServerError) {
        let family = host.isIPv6 ? AF_INET6 : AF_INET
        let listener = cmhd_tcp_socket_cloexec(family, 0)
        guard listener >= 0 else { throw .systemResource("the blackhole's socket", errno: errno) }
        var bound = host
        do throws(MockServerError) {
            let length = socklen_t(host.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
            // Like libmicrohttpd's listeners: a restart may rebind a fixed port at once.
            var on: Int32 = 1
            setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if host.isIPv6 { setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size)) }
            guard bound.withSockaddr({ bind(listener, $0, length) }) == 0 else {
                let code = errno
                if code == EADDRINUSE { throw .addressInUse(host: host.host, port: host.port) }
                throw .systemResource("the blackhole's socket (bind)", errno: code)
            }
            // Backlog 0: the accept queue holds one connection; the filler takes that place.
            guard listen(listener, 0) == 0 else { throw .systemResource("the blackhole's socket (listen)", errno: errno) }
            bound = host.with(port: try Self.port(of: listener, isIPv6: host.isIPv6))
        } catch {
            closeDescriptor(listener)
            throw error
        }
        // A wildcard address is reached through loopback.
        let target = bound.isWildcard ? (SocketAddress(host: host.isIPv6 ? "::1" : "127.0.0.1", port: bound.port) ?? bound) : bound
        let filler: Int32
        do throws(MockServerError) {
            filler = try Self.connectFiller(to: target)
        } catch {
            closeDescriptor(listener)
            throw error
        }
        address = bound
        sockets = Mutex((listener, filler))
    }

    deinit {
        close()
    }

    /// Closes the listener and the filler (a client still waiting then gets a refusal or a reset
    /// on its next SYN); idempotent.
    func close() {
        guard let open = sockets.withLock({ sockets in defer { sockets = nil }; return sockets }) else { return }
        closeDescriptor(open.filler)
        closeDescriptor(open.listener)
    }

    /// Whether the sockets are open.
    var isOpen: Bool { sockets.withLock { $0 != nil } }

    /// `http://host:port` of the blackhole.
    var url: String { "http://\(address.authority)" }

    // MARK: - Sockets

    /// The port the kernel gave `listener`.
    private static func port(of listener: Int32, isIPv6: Bool) throws(MockServerError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard result == 0 else { throw .systemResource("the blackhole's socket (getsockname)", errno: errno) }
        return withUnsafePointer(to: &storage) { pointer in
            if isIPv6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Connects the filler, which the kernel completes at once (the queue has room): a
    /// non-blocking connect and a poll of at most a second, so a misbehaving stack cannot hang
    /// the server's start.
    private static func connectFiller(to target: SocketAddress) throws(MockServerError) -> Int32 {
        let fd = cmhd_tcp_socket_cloexec(target.isIPv6 ? AF_INET6 : AF_INET, 1)
        guard fd >= 0 else { throw .systemResource("the blackhole's filler socket", errno: errno) }
        let length = socklen_t(target.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let started = target.withSockaddr { connect(fd, $0, length) }
        if started != 0 {
            guard errno == EINPROGRESS else {
                let code = errno
                closeDescriptor(fd)
                throw .systemResource("the blackhole's filler connection", errno: code)
            }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            let ready = poll(&poller, 1, 1000)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size)
            guard ready == 1, failure == 0 else {
                closeDescriptor(fd)
                throw .systemResource("the blackhole's filler connection", errno: failure != 0 ? failure : ETIMEDOUT)
            }
        }
        return fd
    }
}

/// `close(2)` (the name ``Blackhole/close()`` would shadow inside the class).
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
