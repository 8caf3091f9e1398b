import Foundation
public import Logging
public import Networking

/// Fetches pages of tweets from Twitter's API (or the MockServer) over an ``HTTPClient``.
///
/// One `GET` per page with `Authorization: Bearer <token>`; the answer is read by
/// ``TwitterParser`` in the endpoint's ``TwitterFormat``. Failures are ``FeedSourceError``s:
/// 401 ``FeedSourceError/unauthorized``, 429 ``FeedSourceError/rateLimited(resetAt:)`` (from
/// `x-rate-limit-reset`), other statuses and transport errors ``FeedSourceError/network(_:)``,
/// an unreadable body ``FeedSourceError/malformed(_:)``. The token appears in no log line and in
/// no error: requests are logged by path and query only.
public struct TwitterClient: FeedSource {
    /// Where and how pages are fetched.
    public let configuration: Configuration
    private let token: BearerToken
    private let http: any HTTPClient
    private let logger: Logger

    /// Creates a client; `http` is shared (one connection pool per app).
    public init(
        configuration: Configuration, token: BearerToken, http: any HTTPClient,
        logger: Logger = Logger(label: "testbed.feed")
    ) {
        self.configuration = configuration
        self.token = token
        self.http = http
        self.logger = logger
    }

    /// The newest page, or with `sinceID` only tweets newer than it.
    public func fetchPage(sinceID: Int64?) async throws(FeedSourceError) -> TwitterPage {
        guard let url = configuration.url(sinceID: sinceID) else {
            logger.warning("feed request not sent: the base URL is not an absolute http(s) URL")
            throw .network(.invalidURL)
        }
        let target = Self.pathAndQuery(of: url)
        if Task.isCancelled {
            logger.debug("feed request cancelled before it was sent", metadata: ["url": "\(target)"])
            throw .network(.cancelled)
        }
        let request = HTTPRequest(
            url: url, headers: ["Authorization": token.authorizationHeaderValue, "Accept": "application/json"],
            timeouts: configuration.timeouts, maxBytes: configuration.maxPageBytes, acceptableStatus: 200...599)
        logger.debug("feed request", metadata: ["method": "GET", "url": "\(target)"])

        let start = ContinuousClock.now
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            let failure = FeedSourceError.network(Task.isCancelled ? .cancelled : error)
            log(failure, target: target, since: start)
            throw failure
        }
        if Task.isCancelled {
            let failure = FeedSourceError.network(.cancelled)
            log(failure, target: target, since: start)
            throw failure
        }
        do {
            let page = try page(from: response)
            logger.info(
                "feed page",
                metadata: [
                    "url": "\(target)", "status": "\(response.status)", "bytes": "\(response.body.count)",
                    "ms": "\(Self.milliseconds(since: start))", "tweets": "\(page.tweets.count)",
                ])
            return page
        } catch {
            log(error, target: target, since: start, status: response.status, bytes: response.body.count)
            throw error
        }
    }

    /// The page in `response`, or the failure its status or body means.
    private func page(from response: HTTPResponse) throws(FeedSourceError) -> TwitterPage {
        switch response.status {
        case 200...299:
            do {
                return try TwitterParser.parse(response.body, as: configuration.endpoint.format)
            } catch {
                throw .malformed(error)
            }
        case 401:
            throw .unauthorized
        case 429:
            throw .rateLimited(resetAt: Self.resetDate(response.header("x-rate-limit-reset")))
        default:
            throw .network(.httpStatus(response.status))
        }
    }

    /// `x-rate-limit-reset` (epoch seconds) as a date, or `nil` when absent or not a number.
    static func resetDate(_ header: String?) -> Date? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), let seconds = Int64(text), seconds >= 0 else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Logs a failed fetch: a cancellation at debug, anything else as a warning.
    private func log(_ error: FeedSourceError, target: String, since start: ContinuousClock.Instant, status: Int? = nil, bytes: Int? = nil) {
        var metadata: Logger.Metadata = [
            "url": "\(target)", "ms": "\(Self.milliseconds(since: start))", "error": "\(error.description)",
        ]
        if let status { metadata["status"] = "\(status)" }
        if let bytes { metadata["bytes"] = "\(bytes)" }
        if case .network(.cancelled) = error {
            logger.debug("feed request cancelled", metadata: metadata)
        } else {
            logger.warning("feed request failed", metadata: metadata)
        }
    }

    /// The URL's path and query, what a log line may show (never the headers).
    private static func pathAndQuery(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return components.percentEncodedPath + query
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        Int(((ContinuousClock.now - start).seconds * 1000).rounded())
    }
}
