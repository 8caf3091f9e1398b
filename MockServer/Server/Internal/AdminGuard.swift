import Foundation
import Synchronization

/// Who may use the admin API (`/__admin/…`), which has no authentication.
///
/// - A state-changing call (any method but GET, HEAD and OPTIONS) that a browser made for a page
///   of another origin is refused with a 403: its `Origin` names neither listener (a missing
///   `Origin`, as from curl, tests and native clients, is fine), or `Sec-Fetch-Site` says
///   `cross-site`. So a web page a tester visits cannot flip the offline switch.
/// - When the admin port is kept on loopback (`adminHost`) while the main port listens beyond
///   this machine, the main port does not serve the admin API at all: from the network it is
///   unreachable.
final class AdminGuard: Sendable {
    /// Test hook: the listeners to treat as reachable from the network, as on `0.0.0.0` (tests
    /// listen on 127.0.0.1 only). `[.main, .admin]` plays `--host 0.0.0.0`; `[.main]` plays
    /// `--host 0.0.0.0 --admin-host 127.0.0.1`.
    let simulatedExposure = Mutex<Set<DaemonRole>>([])

    /// Whether `listener` (the main one when `isMain`) can be reached from other machines.
    func isExposed(_ listener: SocketAddress, isMain: Bool) -> Bool {
        !listener.isLoopback || simulatedExposure.withLock { $0.contains(isMain ? .main : .admin) }
    }

    /// Whether the main port answers `/__admin/…`: not when the admin port stays on loopback
    /// while the main port is exposed.
    func servesAdminOnMainPort(_ endpoints: ServerCore.Endpoints) -> Bool {
        guard let admin = endpoints.admin else { return true }
        return !(isExposed(endpoints.main, isMain: true) && !isExposed(admin, isMain: false))
    }

    /// The warning to give at start when the admin API answers on a listener other machines can
    /// reach, or `nil`.
    func exposureWarning(_ endpoints: ServerCore.Endpoints) -> String? {
        var exposed: [String] = []
        if servesAdminOnMainPort(endpoints), isExposed(endpoints.main, isMain: true) { exposed.append(endpoints.main.authority) }
        if let admin = endpoints.admin, isExposed(admin, isMain: false) { exposed.append(admin.authority) }
        guard !exposed.isEmpty else { return nil }
        return "the admin API (/__admin/…) has no authentication and answers on \(exposed.joined(separator: " and ")), "
            + "beyond this machine: anyone who reaches it can switch the server offline or read its journal; "
            + "keep it on this machine with --admin-host 127.0.0.1"
    }

    /// Why a call to an admin endpoint must be refused (403), or `nil` to serve it.
    /// - Parameters:
    ///   - origin: the request's `Origin` header, if any.
    ///   - fetchSite: its `Sec-Fetch-Site` header, if any.
    ///   - requestHost: the host of its valid `Host` header (brackets kept), if any.
    func refusal(
        method: String, origin: String?, fetchSite: String?, requestHost: String?, endpoints: ServerCore.Endpoints
    ) -> String? {
        guard !["GET", "HEAD", "OPTIONS"].contains(method) else { return nil }
        if fetchSite?.lowercased() == "cross-site" {
            return "a cross-site \(method) to the admin API is refused (Sec-Fetch-Site: cross-site)"
        }
        guard let origin else { return nil }
        guard isOwn(origin: origin, requestHost: requestHost, endpoints: endpoints) else {
            return "a \(method) to the admin API from another origin (\(origin)) is refused; "
                + "call it without an Origin header (curl, scripts) or from a page this server serves"
        }
        return nil
    }

    /// Whether `origin` (`scheme://host[:port]`) is one of the server's own listeners: its port
    /// is a listener's, and its host is that listener's address, a loopback name or address of a
    /// loopback or wildcard listener, or — for a wildcard listener — the IP address the request
    /// reached. Other names never are: a name can be rebound to this machine by its owner.
    func isOwn(origin: String, requestHost: String?, endpoints: ServerCore.Endpoints) -> Bool {
        guard let components = URLComponents(string: origin), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let rawHost = components.host, !rawHost.isEmpty,
            components.path.isEmpty, components.query == nil
        else { return false }
        let host = rawHost.lowercased()
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        let listeners = [endpoints.main] + (endpoints.admin.map { [$0] } ?? [])
        return listeners.contains { listener in
            guard listener.port == port else { return false }
            let isIPLiteral = SocketAddress.bytes(of: host) != nil
            let isLoopbackHost = host == "localhost" || SocketAddress.isLoopback(literal: host)
            if isLoopbackHost, listener.isLoopback || listener.isWildcard { return true }
            guard isIPLiteral else { return false }
            if listener.isWildcard { return requestHost.map { SocketAddress.bytes(of: $0) == SocketAddress.bytes(of: host) } ?? false }
            return listener.isSameAddress(as: host)
        }
    }
}
