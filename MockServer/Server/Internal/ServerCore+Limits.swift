import Foundation

/// The connection limit and the idle timeout.
///
/// Up to ``MockServer/Configuration/connectionLimit`` connections per port are served. The next
/// ``overflowReserve`` are accepted only to answer their first request with a 503 and close; past
/// those, connections are closed as soon as they are accepted (the accept policy), so a client
/// never hangs in the listen backlog. A connection without traffic for the idle timeout (a
/// half-sent request, a forgotten keep-alive, a client that stopped reading) is closed by
/// libmicrohttpd, which does not count the time a connection is suspended (delays, drips,
/// stalls, images and journals being built) and restarts the count when it is resumed.
extension ServerCore {
    /// Connections per port beyond the limit that are answered with a 503 before being closed.
    static let overflowReserve = 64
    /// The largest connection limit taken (libmicrohttpd counts in `unsigned int`).
    static let maximumConnectionLimit = 1_000_000

    /// libmicrohttpd's idle timeout in whole seconds (rounded up), 0 for none.
    var idleTimeoutSeconds: UInt32 {
        guard let timeout = configuration.idleTimeout, timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        return UInt32(clamping: seconds + (attoseconds > 0 ? 1 : 0))
    }

    /// Whether a newly accepted connection on `daemon` is kept (else it is closed at once).
    static func accepts(on daemon: DaemonHandle) -> Bool {
        daemon.open.load(ordering: .relaxed) < daemon.limit + overflowReserve
    }

    /// The answer to a request on a connection opened past the limit.
    static func connectionLimitReply(limit: Int) -> Reply {
        var reply = Reply.error(503, "the server serves at most \(limit) connections at once on this port; try again later")
        reply.headers.append(("Connection", "close"))
        reply.headers.append(("Retry-After", "1"))
        return reply
    }
}
