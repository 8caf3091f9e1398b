import ContractsCore
public import Networking

/// An ``HTTPClient`` implementation under test: a name for reports and a factory, because some
/// rules need a fresh client (connection reuse) or one with a given per-host limit.
public struct HTTPClientSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Makes a new client that runs at most `maxConnectionsPerHost` requests at once per host.
    public let makeClient: @Sendable (_ maxConnectionsPerHost: Int) -> any HTTPClient

    /// Creates a subject.
    public init(name: String, makeClient: @escaping @Sendable (_ maxConnectionsPerHost: Int) -> any HTTPClient) {
        self.name = name
        self.makeClient = makeClient
    }
}
