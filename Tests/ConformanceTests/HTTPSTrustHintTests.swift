import Contracts
import ContractsTesting
import Networking
import Testing

/// The valid-chain rules say when the client did not trust the check's CA, and how to give it
/// (`open:` gets the PEM), instead of leaving an adopter with a bare certificate error.
@Suite(.contractIsolation) struct HTTPSTrustHintTests {
    /// Our client, not given the check's CA.
    static func untrusting(_ maxConnectionsPerHost: Int) -> CurlHTTPClient {
        CurlHTTPClient(configuration: CurlHTTPClient.Configuration(maxConnectionsPerHost: maxConnectionsPerHost))
    }

    @Test func makeClientSubject_isToldItsFactoryGetsNoCA() async throws {
        // Given a subject made with the convenience factory, which never sees the CA
        let subject = HTTPClientSubject(name: "NoCA", makeClient: { Self.untrusting($0) })

        // When the valid-chain rule is checked
        let violation = try #require(await HTTPClientContracts.validChainWorks.check(subject))

        // Then the violation names the cause and the way out
        #expect(violation.observed.contains("threw secureConnectionFailed"), "\(violation)")
        #expect(violation.observed.contains("the client did not trust the check's CA"), "\(violation)")
        #expect(violation.observed.contains("made with HTTPClientSubject(name:makeClient:), whose factory gets no CA"), "\(violation)")
        #expect(violation.observed.contains("`open:` gets the CA's PEM in setup.trustedCertificatesPEM"), "\(violation)")
    }

    @Test func openSubjectIgnoringThePEM_isAskedWhetherItPassedIt() async throws {
        // Given a subject whose `open:` factory gets the CA but does not hand it to the client
        let subject = HTTPClientSubject(name: "IgnoresCA") { setup in SubjectInstance(Self.untrusting(setup.maxConnectionsPerHost)) }

        // When the HTTPS body rule is checked
        let violation = try #require(await HTTPClientContracts.httpsBodyIntact.check(subject))

        // Then the first request's failure says the CA was not trusted and how to pass it
        #expect(violation.observed.hasPrefix("the first request: threw secureConnectionFailed"), "\(violation)")
        #expect(violation.observed.contains("was setup.trustedCertificatesPEM passed to the client?"), "\(violation)")
        #expect(violation.observed.contains("`open:` gets the CA's PEM"), "\(violation)")
        #expect(!violation.observed.contains("makeClient"), "\(violation)")
    }

    @Test func aClientThatTrustsTheCA_getsNoHint() async throws {
        // Given a client that trusts the CA but corrupts bodies on a reused connection
        // When the HTTPS body rule is checked
        let violation = try #require(await HTTPClientContracts.httpsBodyIntact.check(Conformance.HTTPClientSuite.reusedTLSCorrupting))

        // Then the violation is about the body, with no word about trust
        #expect(!violation.observed.contains("did not trust"), "\(violation)")
    }
}
