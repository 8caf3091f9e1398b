import AsyncHTTPClientAdapter
import ContractsHTTPClient
import Networking

/// The HTTPClient subjects for AsyncHTTPClient.
enum AsyncHTTPClientSubjects {
    /// A subject whose clients are AsyncHTTPClientAdapters made with the check's per-host limit
    /// and deadlines (AsyncHTTPClient takes its connect timeout when the client is made), each
    /// shut down by the suite once its check is done (AsyncHTTPClient must be shut down before
    /// it is released).
    static func subject(name: String, retriesConnections: Bool) -> HTTPClientSubject {
        HTTPClientSubject(name: name) { setup in
            let client = AsyncHTTPClientAdapter(
                maxConnectionsPerHost: setup.maxConnectionsPerHost, timeouts: setup.timeouts,
                retriesConnections: retriesConnections)
            return SubjectInstance(client) { await client.shutdown() }
        }
    }
}
