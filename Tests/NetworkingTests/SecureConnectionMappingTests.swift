import CCurl
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import Networking

/// How each client's TLS failures become ``SecureConnectionFailure``s: libcurl's codes, OpenSSL's
/// verify results and the error messages measured with libcurl 7.88 / OpenSSL 3.0.
final class SecureConnectionMappingTests: XCTestCase {
    private func curlError(_ code: CURLcode, verify: Int = 1, message: String = "") -> NetworkError {
        CurlCodeMapping.error(
            for: code, exceededLimit: false, limit: 1, connected: false, tls: CurlTLSReport(verifyResult: verify, message: message))
    }

    // MARK: NetworkError

    func test_secureConnectionFailed_isNotTransient_andNamesItsKind() {
        for failure in SecureConnectionFailure.allCases {
            let error = NetworkError.secureConnectionFailed(failure)
            XCTAssertFalse(error.isTransient, "\(failure)")
            XCTAssertEqual(error.caseName, "secureConnectionFailed(\(failure.rawValue))")
            XCTAssertTrue(error.description.hasPrefix("secure connection failed (\(failure.rawValue)): "), error.description)
        }
        XCTAssertEqual(NetworkError.secureConnectionFailed(.expired).caseName, "secureConnectionFailed(expired)")
        XCTAssertEqual(
            Set(SecureConnectionFailure.allCases.map(\.rawValue)),
            ["expired", "notYetValid", "wrongHost", "selfSigned", "untrustedIssuer", "protocolRefused", "unspecified"])
    }

    // MARK: libcurl

    func test_curlPeerFailedVerification_takesItsKindFromOpenSSLsVerifyResult() {
        let rows: [(Int, SecureConnectionFailure)] = [
            (10, .expired), (9, .notYetValid), (18, .selfSigned), (19, .untrustedIssuer), (20, .untrustedIssuer),
            (21, .untrustedIssuer), (2, .untrustedIssuer), (62, .wrongHost), (64, .wrongHost), (1, .unspecified),
            (0, .unspecified), (50, .unspecified),
        ]
        for (verify, expected) in rows {
            XCTAssertEqual(curlError(CURLE_PEER_FAILED_VERIFICATION, verify: verify), .secureConnectionFailed(expected), "X509 \(verify)")
        }
    }

    func test_curlWrongHost_isReadFromTheMessage_asLibcurlChecksTheHostItself() {
        // Measured: libcurl 7.88 leaves verify result 1 when its own host name check fails.
        let message = "SSL: no alternative certificate subject name matches target host name '127.0.0.1'"
        XCTAssertEqual(curlError(CURLE_PEER_FAILED_VERIFICATION, verify: 1, message: message), .secureConnectionFailed(.wrongHost))
        XCTAssertEqual(
            curlError(CURLE_PEER_FAILED_VERIFICATION, verify: 0, message: "SSL: certificate subject name 'a' does not match target host name 'b'"),
            .secureConnectionFailed(.wrongHost))
    }

    func test_curlSSLConnectError_isProtocolRefused_unlessTheConnectionBroke() {
        let refused = [
            "OpenSSL/3.0.19: error:0A00014D:SSL routines::legacy sigalg disallowed or unsupported",
            "OpenSSL/3.0.19: error:0A000102:SSL routines::unsupported protocol",
            "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number",
            "OpenSSL/3.0.19: error:0A000410:SSL routines::sslv3 alert handshake failure",
            "",
        ]
        for message in refused {
            XCTAssertEqual(curlError(CURLE_SSL_CONNECT_ERROR, message: message), .secureConnectionFailed(.protocolRefused), message)
        }
        let broken = [
            "Recv failure: Connection reset by peer",
            "OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443 ",
            "OpenSSL SSL_connect: Connection reset by peer in connection to 127.0.0.1:8443 ",
            "OpenSSL/3.0.19: error:0A000126:SSL routines::unexpected eof while reading",
            "Send failure: Broken pipe",
        ]
        for message in broken {
            XCTAssertEqual(curlError(CURLE_SSL_CONNECT_ERROR, message: message), .connectionLost, message)
        }
    }

    func test_curlOtherTLSCodes_areSecureConnectionFailures() {
        XCTAssertEqual(curlError(CURLE_SSL_CIPHER), .secureConnectionFailed(.protocolRefused))
        XCTAssertEqual(curlError(CURLE_SSL_ISSUER_ERROR), .secureConnectionFailed(.untrustedIssuer))
        for code in [
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CRL_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_SSL_ENGINE_NOTFOUND,
        ] {
            XCTAssertEqual(curlError(code), .secureConnectionFailed(.unspecified), "curl \(code.rawValue)")
        }
        // Not TLS: unchanged.
        XCTAssertEqual(curlError(CURLE_RECV_ERROR), .connectionLost)
        XCTAssertEqual(curlError(CURLE_COULDNT_CONNECT), .offline)
        XCTAssertEqual(curlError(CURLE_OPERATION_TIMEDOUT), .timedOut)
    }

    // MARK: Messages (both clients)

    func test_tlsFailureText_readsEachMeasuredMessage() {
        let rows: [(String, NetworkError?)] = [
            ("SSL certificate problem: certificate has expired", .secureConnectionFailed(.expired)),
            ("SSL certificate problem: certificate is not yet valid", .secureConnectionFailed(.notYetValid)),
            ("SSL certificate problem: self-signed certificate", .secureConnectionFailed(.selfSigned)),
            ("SSL certificate problem: self signed certificate", .secureConnectionFailed(.selfSigned)),
            ("SSL certificate problem: self-signed certificate in certificate chain", .secureConnectionFailed(.untrustedIssuer)),
            ("SSL certificate problem: unable to get local issuer certificate", .secureConnectionFailed(.untrustedIssuer)),
            ("SSL certificate problem: unable to verify the first certificate", .secureConnectionFailed(.untrustedIssuer)),
            ("SSL: no alternative certificate subject name matches target host name 'x'", .secureConnectionFailed(.wrongHost)),
            ("SSL certificate problem: certificate signature failure", .secureConnectionFailed(.unspecified)),
            ("error importing CA certificate blob", .secureConnectionFailed(.unspecified)),
            ("OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number", .secureConnectionFailed(.protocolRefused)),
            ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:1 ", .connectionLost),
            ("transfer closed with 1000 bytes remaining to read", nil),
            ("Recv failure: Connection reset by peer", nil),
            ("", nil),
        ]
        for (message, expected) in rows {
            XCTAssertEqual(TLSFailureText.error(in: message), expected, message)
        }
    }

    // MARK: URLSession

    func test_urlSessionUnknownError_isReadFromLibcurlsMessage() {
        func sessionError(_ description: String) -> NetworkError {
            NetworkError(sessionError: URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: description]))
        }
        XCTAssertEqual(sessionError("SSL certificate problem: certificate has expired"), .secureConnectionFailed(.expired))
        XCTAssertEqual(
            sessionError("SSL certificate problem: unable to get local issuer certificate"), .secureConnectionFailed(.untrustedIssuer))
        XCTAssertEqual(sessionError("OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"), .secureConnectionFailed(.protocolRefused))
        // A cut body is -1 as well: still connectionLost.
        XCTAssertEqual(sessionError("transfer closed with 1000 bytes remaining to read"), .connectionLost)
        XCTAssertEqual(NetworkError(sessionError: URLError(.unknown)), .connectionLost)
    }

    func test_urlErrorTLSCodes_mapToTheirKinds() {
        let rows: [(URLError.Code, SecureConnectionFailure)] = [
            (.serverCertificateHasBadDate, .expired), (.serverCertificateNotYetValid, .notYetValid),
            (.serverCertificateHasUnknownRoot, .untrustedIssuer), (.serverCertificateUntrusted, .unspecified),
            (.secureConnectionFailed, .unspecified), (.clientCertificateRejected, .unspecified),
            (.clientCertificateRequired, .unspecified),
        ]
        for (code, expected) in rows {
            XCTAssertEqual(NetworkError(urlErrorCode: code), .secureConnectionFailed(expected), "URLError \(code.rawValue)")
            XCTAssertEqual(NetworkError(sessionError: URLError(code)), .secureConnectionFailed(expected), "URLError \(code.rawValue)")
        }
    }

    // MARK: Apple's URLSession

    func test_applesCertificateErrors_takeTheirKindFromSecureTransportsStatus() {
        // Given the -1200 family as Apple's URLSession reports it, with the stream status beside it
        func sessionError(_ code: URLError.Code, status: Int?) -> NetworkError {
            let info: [String: Any] = status.map { ["_kCFStreamErrorCodeKey": $0] } ?? [:]
            return NetworkError(sessionError: URLError(code, userInfo: info))
        }
        // Then a status that names the fault decides; one that does not leaves it to the code
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: -9814), .secureConnectionFailed(.expired))
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: -9815), .secureConnectionFailed(.notYetValid))
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: -9843), .secureConnectionFailed(.wrongHost))
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: -9813), .secureConnectionFailed(.untrustedIssuer))
        XCTAssertEqual(sessionError(.secureConnectionFailed, status: -9836), .secureConnectionFailed(.protocolRefused))
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: -9807), .secureConnectionFailed(.unspecified))
        XCTAssertEqual(sessionError(.serverCertificateUntrusted, status: nil), .secureConnectionFailed(.unspecified))
        XCTAssertEqual(sessionError(.serverCertificateHasBadDate, status: nil), .secureConnectionFailed(.expired))
        XCTAssertEqual(sessionError(.serverCertificateHasUnknownRoot, status: -9807), .secureConnectionFailed(.untrustedIssuer))
    }
}
