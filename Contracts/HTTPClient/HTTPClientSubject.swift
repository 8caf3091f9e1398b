import ContractsCore
public import Foundation
public import Networking

/// An ``HTTPClient`` implementation under test: a name for reports and a factory, because some
/// rules need a fresh client (connection reuse) or one with a given per-host limit.
public struct HTTPClientSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Makes a new client for `setup`, with what releases it once the check is done (the suite
    /// calls that teardown after every check, whatever its outcome).
    public let open: @Sendable (_ setup: HTTPClientSetup) async -> SubjectInstance<any HTTPClient>
    /// Made with ``init(name:makeClient:)``: the factory never sees the setup's CA, which the
    /// HTTPS rules' violations then say.
    private(set) var factoryGetsNoCA = false

    /// Creates a subject from an async factory that may return a teardown (AsyncHTTPClient:
    /// `SubjectInstance(adapter) { try? await client.shutdown() }`).
    public init(name: String, open: @escaping @Sendable (_ setup: HTTPClientSetup) async -> SubjectInstance<any HTTPClient>) {
        self.name = name
        self.open = open
    }

    /// Creates a subject from a factory given only the per-host limit, for a client with
    /// nothing to tear down (the deadlines come with each request). Such a client cannot trust
    /// the check's certificate authority, so it breaks the HTTPS rules that need a valid chain
    /// (`http.validChainWorks`, `http.httpsBodyIntact`): use ``init(name:open:)`` and
    /// ``HTTPClientSetup/trustedCertificatesPEM`` for those.
    public init(name: String, makeClient: @escaping @Sendable (_ maxConnectionsPerHost: Int) -> any HTTPClient) {
        self.init(name: name, open: { setup in SubjectInstance(makeClient(setup.maxConnectionsPerHost)) })
        factoryGetsNoCA = true
    }

    /// A client for a check: made by the factory, its teardown left to the running check.
    /// `trusting` is the PEM of the certificate authority behind the server's HTTPS listener,
    /// for the HTTPS rules.
    func makeClient(_ maxConnectionsPerHost: Int = 6, timeouts: RequestTimeouts = .default, trusting: Data? = nil) async -> any HTTPClient {
        let setup = HTTPClientSetup(maxConnectionsPerHost: maxConnectionsPerHost, timeouts: timeouts, trustedCertificatesPEM: trusting)
        return ContractScope.adopt(await open(setup))
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
    /// The certificate authority to trust (PEM: one or more `-----BEGIN CERTIFICATE-----`
    /// blocks), or `nil` for a check that sends no HTTPS. The HTTPS rules run against a
    /// `MockServer` TLS listener whose certificates this CA issued: a client that trusts it
    /// (beside or instead of the system's roots: `CurlHTTPClient.Configuration.trustedCertificates`,
    /// AsyncHTTPClient's `TLSConfiguration.trustRoots`) can reach the valid listener, and meets
    /// each certificate fault as the fault itself rather than as an unknown issuer.
    public let trustedCertificatesPEM: Data?

    /// Creates a setup.
    public init(maxConnectionsPerHost: Int, timeouts: RequestTimeouts, trustedCertificatesPEM: Data? = nil) {
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.timeouts = timeouts
        self.trustedCertificatesPEM = trustedCertificatesPEM
    }
}
