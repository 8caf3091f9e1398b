import CMicroHTTPD
import Foundation
import Synchronization

/// The `handshake-stall` fault: a listener that accepts every connection, reads (and drops)
/// what the client sends — its ClientHello — and never answers, until the client leaves or the
/// server stops. One thread waits in `poll` on the listening socket, the open connections and
/// a wake-up pipe: no CPU while clients wait.
final class HandshakeStallListener: Sendable {
    /// Where it listens (the port bound).
    let address: SocketAddress
    private let listening: Int32
    /// The wake-up pipe: writing its end makes the thread stop.
    private let wake: (read: Int32, write: Int32)
    /// Whether the thread runs (until ``stop()``).
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Connections held now (for tests and the catalog).
    let held = Atomic<Int>(0)

    /// Most connections held at once; more are closed as soon as accepted.
    static let capacity = 4_096

    /// Binds `address` (port 0: a free one) and starts the thread.
    init(address requested: SocketAddress) throws(MockServerError) {
        let fd = cmhd_tcp_socket_cloexec(requested.isIPv6 ? AF_INET6 : AF_INET, 1)
        guard fd >= 0 else { throw .systemResource("the handshake-stall socket", errno: errno) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let length = socklen_t(requested.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        guard requested.withSockaddr({ bind(fd, $0, length) }) == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw .cannotListen(host: requested.host, port: requested.port)
        }
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &boundLength) }
        }
        let port = withUnsafeBytes(of: &bound) { raw -> UInt16 in
            // sin_port and sin6_port sit at the same offset, right after the family.
            UInt16(bigEndian: raw.load(fromByteOffset: 2, as: UInt16.self))
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(fd)
            throw .systemResource("the handshake-stall wake-up pipe", errno: errno)
        }
        listening = fd
        wake = (pipeEnds[0], pipeEnds[1])
        address = requested.with(port: Int(port))
        let worker = Thread { [self] in run() }
        worker.name = "mockserver.handshake-stall"
        worker.start()
        running.store(true, ordering: .releasing)
    }

    /// Closes every held connection and the listener; returns once the thread has ended. Idempotent.
    func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        finished.wait()
        close(wake.read)
        close(wake.write)
    }

    private func run() {
        var clients: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        defer {
            for client in clients { close(client) }
            close(listening)
            held.store(0, ordering: .relaxed)
            finished.signal()
        }
        while true {
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listening, events: Int16(POLLIN), revents: 0)]
            fds += clients.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { return }
            var leaving = Set<Int32>()
            for entry in fds.dropFirst(2) where entry.revents != 0 {
                // Drop what arrives (the ClientHello, an alert); end once the client has left.
                let count = recv(entry.fd, &buffer, buffer.count, 0)
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { leaving.insert(entry.fd) }
            }
            if !leaving.isEmpty {
                for fd in leaving { close(fd) }
                clients.removeAll { leaving.contains($0) }
            }
            if fds[1].revents != 0 {
                while true {
                    let client = accept(listening, nil, nil)
                    guard client >= 0 else { break }
                    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                    if clients.count < Self.capacity { clients.append(client) } else { close(client) }
                }
            }
            held.store(clients.count, ordering: .relaxed)
        }
    }
}
