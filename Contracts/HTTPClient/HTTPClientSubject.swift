import ContractsCore
public import Networking

/// An ``HTTPClient`` implementation under test: a name for reports and a factory, because some
/// rules need a fresh client (connection reuse) or one with a given per-host limit.
public struct HTTPClientSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Makes a new client for `setup`, with what releases it once the check is done (the suite
    /// calls that teardown after every check, whatever its outcome).
    public let open: @Sendable (_ setup: HTTPClientSetup) async -> SubjectInstance<any HTTPClient>

    /// Creates a subject from an async factory that may return a teardown (AsyncHTTPClient:
    /// `SubjectInstance(adapter) { try? await client.shutdown() }`).
    public init(name: String, open: @escaping @Sendable (_ setup: HTTPClientSetup) async -> SubjectInstance<any HTTPClient>) {
        self.name = name
        self.open = open
    }

    /// Creates a subject from a factory given only the per-host limit, for a client with
    /// nothing to tear down (the deadlines come with each request).
    public init(name: String, makeClient: @escaping @Sendable (_ maxConnectionsPerHost: Int) -> any HTTPClient) {
        self.init(name: name, open: { setup in SubjectInstance(makeClient(setup.maxConnectionsPerHost)) })
    }

    /// A client for a check: made by the factory, its teardown left to the running check.
    func makeClient(_ maxConnectionsPerHost: Int = 6, timeouts: RequestTimeouts = .default) async -> any HTTPClient {
        ContractScope.adopt(await open(HTTPClientSetup(maxConnectionsPerHost: maxConnectionsPerHost, timeouts: timeouts)))
    }
}

/// How the suite wants a client made for one check.
public struct HTTPClientSetup: Sendable, Hashable {
    /// Most requests in flight at once per host (`http.perHostLimit` uses 3, the others 6).
    public let maxConnectionsPerHost: Int
    /// The deadlines the check's requests carry (each ``HTTPRequest`` has them too); where
    /// they differ, the most generous. A client configured once at creation (a connect
    /// timeout on the connection pool) takes them from here.
    public let timeouts: RequestTimeouts

    /// Creates a setup.
    public init(maxConnectionsPerHost: Int, timeouts: RequestTimeouts) {
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.timeouts = timeouts
    }
}
