import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkError {
    /// The ``NetworkError`` for an error a `URLSession` task completed with.
    ///
    /// Only for the session's own errors: a cancellation the adapter caused (deadline, byte limit)
    /// never reaches this mapping, because the adapter has already ended the request.
    init(sessionError error: any Error) {
        guard let error = error as? URLError else {
            self = .connectionLost
            return
        }
        self.init(urlErrorCode: error.code)
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
        default:
            self = .connectionLost
        }
    }
}
