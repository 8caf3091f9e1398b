import CMicroHTTPD
import Foundation

/// The daemons behind the server's ports: what a started one is, which are running, where they
/// listen, and how one is started and stopped (``ServerCore`` decides when).
extension ServerCore {
    /// A started daemon and the retained handle its callbacks receive.
    struct Running: @unchecked Sendable {
        // `@unchecked`: the daemon pointer is only used once, to stop it, under `listeners`' lock.
        let handle: DaemonHandle
        let daemon: OpaquePointer
        let retainedHandle: UnsafeMutableRawPointer
    }

    struct Listeners {
        var main: Running?
        var admin: Running?
        /// The TLS port: open and closed with the main port by the offline switch.
        var tls: Running?
        /// The certificate faults' listeners: open from start to stop, like the blackhole.
        var faults: [Running] = []
        var stall: HandshakeStallListener?
        var stopped = false
    }

    /// Where the server listens, once bound.
    struct Endpoints: Sendable {
        var main: SocketAddress
        /// The admin listener (its port is the configured one until bound); `nil` without one.
        var admin: SocketAddress?
        /// The TLS port (its configured port until bound); `nil` without HTTPS.
        var tls: SocketAddress?
        /// Each certificate fault's listener, once bound.
        var faults: [MockServer.TLSFault: SocketAddress] = [:]
    }

    /// The main port's libmicrohttpd threads: as configured, or one per core.
    var servingThreads: Int {
        let configured = configuration.servingThreads
        return min(max(1, configured > 0 ? configured : ProcessInfo.processInfo.activeProcessorCount), 64)
    }

    /// Starts a daemon; with `credential`, a TLS one presenting it (with `priorities`, GnuTLS's).
    /// `tlsListener` names it in ``MockServerError/tlsListenerRefused(host:port:listener:)``.
    func listen(
        role: DaemonRole, on address: SocketAddress, limit: Int, threads: Int, credential: TLSCredential? = nil,
        priorities: String = "NORMAL", tlsListener: String = "HTTPS port's"
    ) throws(MockServerError) -> Running {
        let limit = min(max(1, limit), Self.maximumConnectionLimit)
        let handle = DaemonHandle(id: nextDaemonID.add(1, ordering: .relaxed).oldValue, role: role, core: self, limit: limit)
        let retained = Unmanaged.passRetained(handle).toOpaque()
        // libmicrohttpd stops accepting (connections hang in the backlog) once its own limit is
        // reached, so its limit stays above ours: the accept policy refuses before it is reached.
        // A thread pool splits libmicrohttpd's limit among its threads, and one thread may end
        // up with most connections, so each thread's share is the whole.
        // Its idle timeout does not run while a connection is suspended (delay, drip, stall,
        // image or journal being built) and restarts when it is resumed.
        let ownLimit = UInt32(clamping: (limit + Self.overflowReserve + 1) * threads)
        // One start for both: the TLS options (key, certificate, priorities) go in only with a
        // credential, since a plain daemon refuses them.
        let daemon = address.withSockaddr { sockaddr in
            cmhd_start(
                platform.daemonFlags | (credential == nil ? 0 : MHD_USE_TLS.rawValue), sockaddr, Callbacks.accept,
                Callbacks.access, retained, Callbacks.completed, Callbacks.connection, Callbacks.rawURI, ownLimit, idleTimeoutSeconds,
                UInt32(threads), credential?.keyPEM, credential?.certificatePEM, credential == nil ? nil : priorities)
        }
        guard let daemon else {
            Unmanaged<DaemonHandle>.fromOpaque(retained).release()
            // libmicrohttpd says no more than "no daemon"; with TLS, a port we can bind means
            // GnuTLS refused the credential or the priorities, which "port in use" would hide.
            if credential != nil, address.bindError() == nil {
                throw .tlsListenerRefused(host: address.host, port: address.port, listener: tlsListener)
            }
            throw .cannotListen(host: address.host, port: address.port)
        }
        return Running(handle: handle, daemon: daemon, retainedHandle: retained)
    }

    func stopDaemon(_ running: Running) {
        scheduler.beginStopping(daemon: running.handle.id)
        MHD_stop_daemon(running.daemon)
        scheduler.endStopping(daemon: running.handle.id)
        Unmanaged<DaemonHandle>.fromOpaque(running.retainedHandle).release()
    }

    /// The flags libmicrohttpd runs the main port with (its polling mechanism resolved), or
    /// `nil` while offline.
    var mainDaemonFlags: UInt32? {
        listeners.withLock { listeners in listeners.main.map { cmhd_daemon_flags($0.daemon) } }
    }
}
