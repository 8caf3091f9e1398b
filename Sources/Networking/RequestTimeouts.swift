/// How long a request may take. Each limit ends the request with ``NetworkError/timedOut``,
/// except a connection that cannot be made at all, which is ``NetworkError/offline``.
public struct RequestTimeouts: Sendable, Hashable {
    /// Most time to establish the connection (default 10 s).
    public var connect: Duration
    /// Most time without receiving a single byte once connected (default 15 s).
    public var stall: Duration
    /// Most time for the whole request, from start to the last body byte (default 30 s):
    /// what a user waits at most for one image.
    public var total: Duration

    /// 10 s connect, 15 s stall, 30 s total.
    public static let `default` = RequestTimeouts(connect: .seconds(10), stall: .seconds(15), total: .seconds(30))

    /// Creates a set of deadlines.
    public init(connect: Duration, stall: Duration, total: Duration) {
        self.connect = connect
        self.stall = stall
        self.total = total
    }

    /// Every deadline multiplied by `factor` (tests run the same rules in hundreds of ms).
    public func scaled(by factor: Double) -> RequestTimeouts {
        RequestTimeouts(connect: connect * factor, stall: stall * factor, total: total * factor)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
