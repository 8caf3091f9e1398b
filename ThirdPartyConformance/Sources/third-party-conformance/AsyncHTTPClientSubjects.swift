import AsyncHTTPClientAdapter
import ContractsHTTPClient
import Networking

/// The HTTPClient subjects for AsyncHTTPClient.
enum AsyncHTTPClientSubjects {
    /// A subject whose clients are AsyncHTTPClientAdapters made with the check's per-host limit,
    /// deadlines (AsyncHTTPClient takes its connect timeout when the client is made) and the CA
    /// the HTTPS rules' server is signed by, each
    /// shut down by the suite once its check is done (AsyncHTTPClient must be shut down before
    /// it is released).
    static func subject(name: String, retriesConnections: Bool) -> HTTPClientSubject {
        HTTPClientSubject(name: name) { setup in
            let client = AsyncHTTPClientAdapter(
                maxConnectionsPerHost: setup.maxConnectionsPerHost, timeouts: setup.timeouts,
                retriesConnections: retriesConnections, trustedCertificatesPEM: setup.trustedCertificatesPEM)
            return SubjectInstance(client) { await client.shutdown() }
        }
    }
}
