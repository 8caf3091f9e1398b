import AsyncHTTPClientAdapter
import ContractsHTTPClient
import Networking
import Synchronization

/// The HTTPClient subjects for AsyncHTTPClient, and the clients they made, shut down after each contract
/// (AsyncHTTPClient must be shut down before it is released).
enum AsyncHTTPClientSubjects {
    private static let made = Mutex<[AsyncHTTPClientAdapter]>([])

    /// A subject whose clients are AsyncHTTPClientAdapters with the suite's per-host limit.
    static func subject(name: String, retriesConnections: Bool) -> HTTPClientSubject {
        HTTPClientSubject(name: name) { perHost in
            let client = AsyncHTTPClientAdapter(
                maxConnectionsPerHost: perHost, timeouts: .default, retriesConnections: retriesConnections)
            made.withLock { $0.append(client) }
            return client
        }
    }

    /// Shuts down every client made so far.
    static func shutDownAll() async {
        let clients = made.withLock { made in
            defer { made.removeAll() }
            return made
        }
        for client in clients { await client.shutdown() }
    }
}
