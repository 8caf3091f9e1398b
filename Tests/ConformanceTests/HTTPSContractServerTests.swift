import Contracts
import ContractsTesting
import Foundation
import MockServer
import Networking
import Synchronization
import Testing

/// The HTTPS rules run against a server with TLS listeners and hand the client its CA: the
/// server a harness passes when it has TLS, a second one of their own when it has not.
@Suite(.contractIsolation) struct HTTPSContractServerTests {
    /// A subject that records the setups it was given and makes our client from each.
    final class Recording: Sendable {
        private let setups = Mutex<[HTTPClientSetup]>([])
        var seen: [HTTPClientSetup] { setups.withLock { $0 } }

        var subject: HTTPClientSubject {
            HTTPClientSubject(name: "Recording") { (setup: HTTPClientSetup) in
                self.setups.withLock { $0.append(setup) }
                return SubjectInstance(Conformance.HTTPClientSuite.real(setup))
            }
        }
    }

    @Test func aServerWithTLS_isUsedAndItsCAHandedToTheClient() async throws {
        // Given a server started with TLS
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("HTTPSContractServerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = MockServer.Configuration()
        configuration.tls = MockServer.TLSOptions(directory: folder)
        let server = try MockServer.start(configuration)
        defer { server.stop() }
        let recording = Recording()

        // When the valid-chain rule is checked with it
        let violation = await HTTPClientContracts.validChainWorks.check(recording.subject, server: server)

        // Then the rule held against this server (the reference and the HTTPS request both
        // reached it) and the client was given this server's CA
        #expect(violation == nil)
        #expect(server.requests.filter { $0.path == "/health" }.count == 2)
        let authority = try #require(server.certificateAuthorityPEM)
        #expect(recording.seen.map(\.trustedCertificatesPEM) == [Data(authority.utf8)])
    }

    @Test func aServerWithoutTLS_getsAnHTTPSServerBesideIt() async throws {
        // Given a plain server
        let server = try MockServer.start()
        defer { server.stop() }
        let recording = Recording()

        // When the valid-chain rule is checked with it
        let violation = await HTTPClientContracts.validChainWorks.check(recording.subject, server: server)

        // Then the rule held on a server of its own, whose CA the client was given
        #expect(violation == nil)
        #expect(server.requests.filter { $0.path == "/health" }.isEmpty)
        let given = try #require(recording.seen.first?.trustedCertificatesPEM)
        #expect(String(decoding: given, as: UTF8.self).hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test func plainRules_giveNoCA() async {
        // Given a subject that records its setups
        let recording = Recording()

        // When a plain HTTP rule is checked
        _ = await HTTPClientContracts.notFoundIsHTTPStatus.check(recording.subject)

        // Then its client was given no CA
        #expect(recording.seen.count == 1)
        #expect(recording.seen.first?.trustedCertificatesPEM == nil)
    }

    @Test func certificateRule_allowsUnspecified_andWantsTheFailureFast() async {
        // Given a client that names no kind, and one that reports its first failure late
        let unspecified = Conformance.HTTPClientSuite.twin("Unspecified") { MixingUpClient(inner: $0, mixUp: .unspecifiedCertificateKind) }
        let late = Conformance.HTTPClientSuite.twin("Late") { LateFailureClient(inner: $0) }

        // When the certificate rule is checked against both
        let rule = HTTPClientContracts.certificateFailureIsCertificateError
        let unspecifiedViolation = await rule.check(unspecified)
        let lateViolation = await rule.check(late)

        // Then unspecified is a kind the rule allows, and a failure after 1.5 s is not
        #expect(unspecifiedViolation == nil)
        #expect(lateViolation?.observed.contains("expired: failed only after") == true)
    }
}

/// Reports its first failure 1.6 s late (the others at once).
private final class LateFailureClient: HTTPClient {
    let inner: any HTTPClient
    private let failures = Mutex(0)

    init(inner: any HTTPClient) {
        self.inner = inner
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        do {
            return try await inner.send(request)
        } catch {
            let first = failures.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            if first { try? await Task.sleep(for: .milliseconds(1600)) }
            throw error
        }
    }
}
