import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkError {
    /// The ``NetworkError`` for an error a `URLSession` task completed with.
    ///
    /// Only for the session's own errors: a cancellation the adapter caused (deadline, byte limit)
    /// never reaches this mapping, because the adapter has already ended the request.
    ///
    /// The adapter sends only absolute http(s) URLs, so a URL error from the session is about
    /// the answer: FoundationNetworking reports an answer that is not HTTP (curl 1) as
    /// `unsupportedURL` (-1002) and a connection closed without a reply (curl 52) as
    /// `badServerResponse` (-1011). Those are ``invalidResponse`` and ``connectionLost``, as
    /// ``CurlHTTPClient`` reports them.
    ///
    /// FoundationNetworking (Swift 6.3.1) reports every TLS failure as `unknown` (-1), with
    /// libcurl's error message as the description ("SSL certificate problem: certificate has
    /// expired", "… SSL routines::wrong version number"); the -1200 family never comes on
    /// Linux. So an `unknown` error whose description is about TLS is
    /// ``secureConnectionFailed(_:)``, the kind read from the message
    /// (``TLSFailureText/error(in:)``), as ``CurlHTTPClient`` reads it.
    ///
    /// Apple's URLSession reports the -1200 family instead, mostly `serverCertificateUntrusted`
    /// (-1202) whatever the certificate's fault, with Secure Transport's status in the error's
    /// `_kCFStreamErrorCodeKey`: when that status names the fault (expired, not yet valid, wrong
    /// host, unknown root, protocol version), it decides the kind; otherwise the code does. Not
    /// measured on a Mac by this project yet (docs/APPLE.md lists it for the first Mac run).
    init(sessionError error: any Error) {
        guard let error = error as? URLError else {
            self = .connectionLost
            return
        }
        switch error.code {
        case .unsupportedURL, .badURL: self = .invalidResponse
        case .badServerResponse: self = .connectionLost
        case .unknown: self = TLSFailureText.error(in: error.localizedDescription) ?? .connectionLost
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid, .secureConnectionFailed:
            let status = (error as NSError).userInfo["_kCFStreamErrorCodeKey"] as? Int
            if let failure = status.flatMap(Self.secureTransportFailure) {
                self = .secureConnectionFailed(failure)
            } else {
                self.init(urlErrorCode: error.code)
            }
        default: self.init(urlErrorCode: error.code)
        }
    }

    /// The kind a Secure Transport status (`errSSL…`, SecureTransport.h) names, or `nil` for a
    /// status that does not tell (`errSSLXCertChainInvalid`, -9807, covers every trust failure).
    static func secureTransportFailure(_ status: Int) -> SecureConnectionFailure? {
        switch status {
        case -9814: return .expired  // errSSLCertExpired
        case -9815: return .notYetValid  // errSSLCertNotYetValid
        case -9843: return .wrongHost  // errSSLHostNameMismatch
        case -9812, -9813: return .untrustedIssuer  // errSSLUnknownRootCert, errSSLNoRootCert
        case -9836, -9801: return .protocolRefused  // errSSLPeerProtocolVersion, errSSLNegotiation
        default: return nil
        }
    }

    /// The ``NetworkError`` for a `URLError` code.
    init(urlErrorCode code: URLError.Code) {
        switch code {
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed,
            .internationalRoamingOff, .dataNotAllowed:
            self = .offline
        case .timedOut:
            self = .timedOut
        // -1 (unknown) is what FoundationNetworking reports for a body cut short.
        case .networkConnectionLost, .unknown:
            self = .connectionLost
        case .cancelled, .userCancelledAuthentication:
            self = .cancelled
        case .badURL, .unsupportedURL:
            self = .invalidURL
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .httpTooManyRedirects, .redirectToNonExistentLocation:
            self = .invalidResponse
        // The TLS family (Apple's platforms; FoundationNetworking on Linux reports `unknown`).
        case .serverCertificateHasBadDate:
            self = .secureConnectionFailed(.expired)
        case .serverCertificateNotYetValid:
            self = .secureConnectionFailed(.notYetValid)
        case .serverCertificateHasUnknownRoot:
            self = .secureConnectionFailed(.untrustedIssuer)
        // "Untrusted" covers a self-signed leaf, an unknown issuer and a wrong host alike; a
        // generic TLS failure, or a client certificate refused or required: no kind to tell.
        case .serverCertificateUntrusted, .secureConnectionFailed, .clientCertificateRejected,
            .clientCertificateRequired:
            self = .secureConnectionFailed(.unspecified)
        default:
            self = .connectionLost
        }
    }
}
