/// Tells whether the network is usable, and when that changes.
///
/// Screens use it to show the offline banner and to retry what failed with
/// ``NetworkError/offline``, ``NetworkError/timedOut`` or ``NetworkError/connectionLost`` once
/// the network is back. Implementation on Linux: ``ProbingConnectivityMonitor``.
public protocol ConnectivityMonitor: Sendable {
    /// Whether the network is usable now. Known after the first check; asking before it waits
    /// for a check.
    var isOnline: Bool { get async }

    /// A new stream of the state: the current state first, once known, then each change (never
    /// the same value twice in a row). Each call returns an independent stream; it ends when the
    /// monitor stops or is released. Starting with the current state lets a subscriber read
    /// state and changes without a gap between the two.
    func changes() -> AsyncStream<Bool>
}
