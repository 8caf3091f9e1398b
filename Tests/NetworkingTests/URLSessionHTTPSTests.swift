import Foundation
import MockServer
import Networking
import XCTest

/// ``URLSessionHTTPClient`` over HTTPS against MockServer's TLS port. FoundationNetworking on
/// Linux cannot trust a CA of the caller's (see the client's documentation), so the server's
/// own chain is an untrusted issuer here; what it can tell apart is checked.
final class URLSessionHTTPSTests: HTTPSServerTestCase {
    private func send(
        _ url: URL, timeouts: RequestTimeouts = RequestTimeouts(connect: .seconds(2), stall: .seconds(3), total: .seconds(5))
    ) async -> (error: NetworkError?, seconds: Double) {
        let start = ContinuousClock.now
        do {
            _ = try await URLSessionHTTPClient().send(HTTPRequest(url: url, timeouts: timeouts))
            return (nil, (ContinuousClock.now - start).seconds)
        } catch {
            return (error, (ContinuousClock.now - start).seconds)
        }
    }

    func test_theServersChain_isAnUntrustedIssuer_theSystemStoreAloneApplies() async throws {
        let (error, _) = await send(try httpsURL("/health"))
        XCTAssertEqual(error, .secureConnectionFailed(.untrustedIssuer))
    }

    func test_selfSignedCertificate_isSelfSigned() async throws {
        let (error, _) = await send(try faultURL(.selfSigned))
        XCTAssertEqual(error, .secureConnectionFailed(.selfSigned))
    }

    func test_tls10Only_isASecureConnectionFailure_seenAsTheUntrustedChainFirst() async throws {
        // OpenSSL checks the chain when the certificate arrives, before the TLS 1.0 signature
        // that ends the handshake for a client trusting the CA (CurlHTTPClient: protocolRefused);
        // the session cannot trust it, so the chain fails first.
        let (error, _) = await send(try faultURL(.tls10Only))
        XCTAssertEqual(error, .secureConnectionFailed(.untrustedIssuer))
    }

    func test_stalledHandshake_endsAtTheStallDeadline() async throws {
        let timeouts = RequestTimeouts(connect: .seconds(3), stall: .milliseconds(300), total: .seconds(5))
        let (error, seconds) = await send(try faultURL(.handshakeStall), timeouts: timeouts)
        XCTAssertEqual(error, .timedOut)
        XCTAssertGreaterThanOrEqual(seconds, 0.29)
        XCTAssertLessThan(seconds, 1.5)
    }
}
