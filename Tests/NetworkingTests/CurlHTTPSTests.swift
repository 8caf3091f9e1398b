import Foundation
import MockServer
import Networking
import TestSupport
import XCTest

/// ``CurlHTTPClient`` over HTTPS against MockServer's TLS port and its certificate faults: a
/// trusted CA's chain works, each fault is ``NetworkError/secureConnectionFailed(_:)`` of its
/// kind, and a stalled handshake ends at the stall or the connect deadline.
final class CurlHTTPSTests: HTTPSServerTestCase {
    private static let quick = RequestTimeouts(connect: .seconds(2), stall: .seconds(3), total: .seconds(5))

    private func send(
        _ url: URL, trusting certificates: Data?, timeouts: RequestTimeouts = quick
    ) async -> (result: Result<HTTPResponse, NetworkError>, seconds: Double) {
        let client = CurlHTTPClient(configuration: .init(trustedCertificates: certificates))
        let start = ContinuousClock.now
        do {
            let response = try await client.send(HTTPRequest(url: url, timeouts: timeouts))
            return (.success(response), (ContinuousClock.now - start).seconds)
        } catch {
            return (.failure(error), (ContinuousClock.now - start).seconds)
        }
    }

    private func error(of url: URL, trusting certificates: Data?, timeouts: RequestTimeouts = quick) async -> NetworkError? {
        guard case .failure(let error) = await send(url, trusting: certificates, timeouts: timeouts).result else { return nil }
        return error
    }

    // MARK: - A valid chain

    func test_validChainFromTheTrustedCA_delivers200_andTheBodyIntact() async throws {
        // Given the server's CA trusted
        let ca = try certificateAuthority()

        // When the same image comes over HTTPS and over HTTP
        let secure = try await send(try httpsURL("/images/3.png?w=640&h=480"), trusting: ca).result.get()
        let plain = try await send(server.url("/images/3.png?w=640&h=480"), trusting: nil).result.get()

        // Then the HTTPS body is byte for byte the HTTP one
        XCTAssertEqual(secure.status, 200)
        XCTAssertEqual(secure.header("content-type"), "image/png")
        XCTAssertGreaterThan(secure.body.count, 10_000)
        XCTAssertEqual(secure.body, plain.body)
        XCTAssertEqual(secure.url.scheme, "https")
    }

    func test_trustedCA_keepsConnectionsForReuse_andServesEveryRequest() async throws {
        let client = CurlHTTPClient(configuration: .init(trustedCertificates: try certificateAuthority()))
        for index in 1...3 {
            let response = try await client.send(HTTPRequest(url: try httpsURL("/health?n=\(index)"), timeouts: Self.quick))
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "ok")
        }
        let connections = Set(server.requests.map(\.connection))
        XCTAssertEqual(connections.count, 1, "one TLS connection for three requests")
    }

    func test_plainHTTP_isUnaffectedByTrustedCertificates() async throws {
        let response = try await send(server.url("/health"), trusting: Data("not a certificate".utf8)).result.get()
        XCTAssertEqual(response.status, 200)
    }

    // MARK: - Certificate faults

    func test_eachCertificateFault_isSecureConnectionFailed_ofItsKind() async throws {
        let ca = try certificateAuthority()
        let expected: [(MockServer.TLSFault, SecureConnectionFailure)] = [
            (.expired, .expired), (.notYetValid, .notYetValid), (.wrongHost, .wrongHost), (.selfSigned, .selfSigned),
            (.unknownAuthority, .untrustedIssuer),
        ]
        for (fault, kind) in expected {
            let error = await error(of: try faultURL(fault), trusting: ca)
            XCTAssertEqual(error, .secureConnectionFailed(kind), "\(fault)")
        }
    }

    func test_withoutTheCA_theValidChainIsAnUntrustedIssuer() async throws {
        let error = await error(of: try httpsURL("/health"), trusting: nil)
        XCTAssertEqual(error, .secureConnectionFailed(.untrustedIssuer))
        XCTAssertFalse(error?.isTransient ?? true, "not offline, not a timeout: a retry cannot fix it")
    }

    func test_anotherCA_isNotTheServersCA_untrustedIssuer() async throws {
        // Given a CA that did not issue the server's certificate (a second server's, in another folder)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("other-ca-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try MockServer.certificateAuthorityPEM(in: folder)

        let error = await error(of: try httpsURL("/health"), trusting: Data(other.utf8))
        XCTAssertEqual(error, .secureConnectionFailed(.untrustedIssuer))
    }

    func test_offlineSwitch_closesTheTLSPort_offline_notACertificateError() async throws {
        let url = try httpsURL("/health")
        try server.setOffline(true)
        let error = await error(of: url, trusting: try certificateAuthority())
        XCTAssertEqual(error, .offline)
    }

    func test_tls10Only_isProtocolRefused() async throws {
        let error = await error(of: try faultURL(.tls10Only), trusting: try certificateAuthority())
        XCTAssertEqual(error, .secureConnectionFailed(.protocolRefused))
    }

    func test_peerClosingDuringTheHandshake_isConnectionLost_notAProtocolRefusal() async throws {
        // A server that reads the ClientHello and closes the connection (curl 35, SSL_ERROR_SYSCALL)
        let closing = try OneShotServer(reply: "")
        let error = await error(of: try XCTUnwrap(URL(string: "https://127.0.0.1:\(closing.port)/")), trusting: nil)
        XCTAssertEqual(error, .connectionLost)
    }

    func test_plainHTTPAnswerToTheClientHello_isProtocolRefused() async throws {
        // Not TLS at all (curl 35, OpenSSL's "wrong version number")
        let plain = try OneShotServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        let error = await error(of: try XCTUnwrap(URL(string: "https://127.0.0.1:\(plain.port)/")), trusting: nil)
        XCTAssertEqual(error, .secureConnectionFailed(.protocolRefused))
    }

    func test_trustedCertificatesThatAreNotPEM_failEveryHTTPSRequest_unspecified() async throws {
        let error = await error(of: try httpsURL("/health"), trusting: Data("not a certificate".utf8))
        XCTAssertEqual(error, .secureConnectionFailed(.unspecified))
    }

    // MARK: - A stalled handshake

    func test_stalledHandshake_endsAtTheStallDeadline_whenItComesFirst() async throws {
        // A stall deadline far shorter than the connect deadline ends it, counted from the TCP connection
        try await assertStalledHandshakeTimesOut(RequestTimeouts(connect: .seconds(3), stall: .milliseconds(300), total: .seconds(5)))
    }

    func test_stalledHandshake_endsAtTheConnectDeadline_whenItComesFirst() async throws {
        try await assertStalledHandshakeTimesOut(RequestTimeouts(connect: .milliseconds(300), stall: .seconds(3), total: .seconds(5)))
    }

    /// A server that reads the ClientHello and never answers: the request ends in `timedOut`
    /// after 0.3 s (the shorter deadline of `timeouts`), well before 1.5 s.
    private func assertStalledHandshakeTimesOut(_ timeouts: RequestTimeouts, file: StaticString = #filePath, line: UInt = #line) async throws {
        let (result, seconds) = await send(try faultURL(.handshakeStall), trusting: try certificateAuthority(), timeouts: timeouts)
        guard case .failure(let error) = result else { return XCTFail("expected a failure, got \(result)", file: file, line: line) }
        XCTAssertEqual(error, .timedOut, file: file, line: line)
        XCTAssertGreaterThanOrEqual(seconds, 0.29, file: file, line: line)
        XCTAssertLessThan(seconds, 1.5, file: file, line: line)
    }

    func test_waitingOnAStalledHandshake_usesLittleCPU() async throws {
        // Given a warm client (thread started) and a handshake that never gets an answer
        let client = CurlHTTPClient(configuration: .init(trustedCertificates: try certificateAuthority()))
        _ = try await client.send(HTTPRequest(url: try httpsURL("/health"), timeouts: Self.quick))
        let timeouts = RequestTimeouts(connect: .seconds(3), stall: .milliseconds(600), total: .seconds(5))
        let stalled = HTTPRequest(url: try faultURL(.handshakeStall), timeouts: timeouts)

        // When the client waits for its stall deadline
        let cpu = ProcessStats.cpuSeconds()
        let start = ContinuousClock.now
        var failure: NetworkError?
        do { _ = try await client.send(stalled) } catch { failure = error }
        let seconds = (ContinuousClock.now - start).seconds
        let used = ProcessStats.cpuSeconds() - cpu

        // Then it slept: nothing polls while the handshake stalls
        XCTAssertEqual(failure, .timedOut)
        XCTAssertGreaterThanOrEqual(seconds, 0.59)
        XCTAssertLessThan(used / seconds, 0.2, "CPU \(used) s over \(seconds) s of waiting")
    }

    func test_stallDeadline_stillCountsFromTheLastByte_onceTheHandshakeIsDone() async throws {
        // A body that pauses 200 ms between bytes, under a 400 ms stall deadline, over HTTPS:
        // the handshake's clock must not keep running after the connection is ready.
        let timeouts = RequestTimeouts(connect: .seconds(2), stall: .milliseconds(400), total: .seconds(5))
        let (result, seconds) = await send(try httpsURL("/health?bytes=6&drip=5"), trusting: try certificateAuthority(), timeouts: timeouts)
        let response = try result.get()
        XCTAssertEqual(response.body.count, 6)
        XCTAssertGreaterThan(seconds, 0.6, "the drip took its time, past the stall deadline in total")
    }
}
