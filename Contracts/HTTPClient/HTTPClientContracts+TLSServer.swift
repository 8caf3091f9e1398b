import ContractsCore
import Foundation
import MockServer
import Networking

extension HTTPClientContracts {
    /// Runs `body` with a server that has an HTTPS listener and the PEM of the certificate
    /// authority behind its certificates: `server` itself when it was started with TLS, else a
    /// fresh one on 127.0.0.1 (free ports), its CA created in a temporary folder that is
    /// deleted afterwards, stopped once `body` returns.
    static func withTLSServer(_ server: MockServer, _ body: (MockServer, Data) async -> String?) async -> String? {
        if server.httpsBaseURL != nil, let authority = server.certificateAuthorityPEM {
            return await body(server, Data(authority.utf8))
        }
        return await withTemporaryFolder(prefix: "ContractsTLS") { folder in
            var configuration = MockServer.Configuration()
            configuration.tls = MockServer.TLSOptions(directory: folder)
            let secure: MockServer
            do {
                secure = try MockServer.start(configuration)
            } catch {
                return "the mock server did not start with TLS: \(error)"
            }
            defer { secure.stop() }
            guard let authority = secure.certificateAuthorityPEM else {
                return "the mock server started with TLS but has no CA certificate"
            }
            return await body(secure, Data(authority.utf8))
        }
    }

    /// `https://127.0.0.1:<port>` of `fault`'s listener followed by `pathAndQuery`, or nil when
    /// the server has no such listener.
    static func faultURL(_ server: MockServer, _ fault: MockServer.TLSFault, _ pathAndQuery: String) -> URL? {
        server.tlsFaultURL(fault).flatMap { URL(string: $0.absoluteString + pathAndQuery) }
    }
}
