import FeedData
import Foundation
import Networking
import TestSupport
import XCTest

/// What ``TwitterClient`` sends and how it reads statuses, with a stub transport (no server).
final class TwitterClientRequestTests: XCTestCase {
    private let base = URL(string: "http://127.0.0.1:9/api/")

    func test_fetchPage_sendsTheTokenOnlyInTheAuthorizationHeader() async throws {
        // Given
        let stub = StubHTTPClient(status: 200, body: Data("[]".utf8))
        let source = try client(.userTimeline(screenName: "ada"), http: stub)

        // When
        _ = try await source.fetchPage(sinceID: 1_050_118_621_198_921_728)

        // Then
        let request = try XCTUnwrap(stub.requests.first)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.headers["Authorization"], "Bearer tok-123")
        XCTAssertFalse(request.url.absoluteString.contains("tok-123"))
        XCTAssertEqual(request.maxBytes, 5 * 1024 * 1024)
        XCTAssertEqual(request.acceptableStatus, 200...599)
        XCTAssertEqual(
            request.url.absoluteString,
            "http://127.0.0.1:9/api/1.1/statuses/user_timeline.json?screen_name=ada&count=50&tweet_mode=extended"
                + "&since_id=1050118621198921728")
    }

    func test_fetchPage_percentEncodesTheQuery() async throws {
        // Given a search with characters a query string would otherwise misread
        let stub = StubHTTPClient(status: 200, body: Data(#"{"statuses":[]}"#.utf8))
        let source = try client(.search(query: "#swift +ios&x=1"), http: stub, extra: [URLQueryItem(name: "delay", value: "5")])

        // When
        _ = try await source.fetchPage(sinceID: nil)

        // Then
        let url = try XCTUnwrap(stub.requests.first?.url.absoluteString)
        XCTAssertEqual(
            url,
            "http://127.0.0.1:9/api/1.1/search/tweets.json?q=%23swift%20%2Bios%26x%3D1&count=50&tweet_mode=extended"
                + "&include_entities=0&delay=5")
    }

    func test_configuration_clampsThePageSizeToTheEndpointsRange() throws {
        let url = try XCTUnwrap(base)
        let cases: [(TwitterClient.Endpoint, Int, Int)] = [
            (.search(query: "a"), 0, 1), (.search(query: "a"), 1000, 100), (.search(query: "a"), 30, 30),
            (.userTimeline(screenName: "a"), -5, 1), (.userTimeline(screenName: "a"), 1000, 200),
            (.recentSearch(query: "a"), 1, 10), (.recentSearch(query: "a"), 1000, 100), (.recentSearch(query: "a"), 50, 50),
        ]
        for (endpoint, asked, expected) in cases {
            let configuration = TwitterClient.Configuration(baseURL: url, endpoint: endpoint, pageSize: asked)
            XCTAssertEqual(configuration.effectivePageSize, expected, "\(endpoint) \(asked)")
        }
    }

    func test_fetchPage_429WithoutAReadableReset_isRateLimitedWithoutATime() async throws {
        for headers in [[:], ["x-rate-limit-reset": "soon"], ["x-rate-limit-reset": "-4"]] {
            // Given
            let source = try client(.search(query: "a"), http: StubHTTPClient(status: 429, headers: headers))

            // When
            let error = await failure(of: source)

            // Then
            XCTAssertEqual(error, .rateLimited(resetAt: nil), "\(headers)")
            XCTAssertEqual(error?.shown(), .feedUpdateFailed)
        }
    }

    func test_fetchPage_429WithAReset_isRateLimitedUntilThen() async throws {
        // Given
        let stub = StubHTTPClient(status: 429, headers: ["X-Rate-Limit-Reset": "1539202764"])

        // When
        let error = await failure(of: try client(.recentSearch(query: "a"), http: stub))

        // Then
        XCTAssertEqual(error, .rateLimited(resetAt: Date(timeIntervalSince1970: 1_539_202_764)))
        XCTAssertEqual(error?.shown(now: Date(timeIntervalSince1970: 1_539_202_764 - 42)), .rateLimited(seconds: 42))
    }

    func test_fetchPage_mapsStatusesAndTransportErrors() async throws {
        let cases: [(StubHTTPClient, FeedSourceError)] = [
            (StubHTTPClient(status: 401), .unauthorized),
            (StubHTTPClient(status: 403), .network(.httpStatus(403))),
            (StubHTTPClient(status: 500), .network(.httpStatus(500))),
            (StubHTTPClient(error: .timedOut), .network(.timedOut)),
            (StubHTTPClient(error: .connectionLost), .network(.connectionLost)),
            (StubHTTPClient(error: .tooLarge(limit: 10)), .network(.tooLarge(limit: 10))),
        ]
        for (stub, expected) in cases {
            let error = await failure(of: try client(.search(query: "a"), http: stub))
            XCTAssertEqual(error, expected)
        }
    }

    func test_fetchPage_2xxWithAnUnreadableBody_isMalformedWithThePath() async throws {
        // Given
        let stub = StubHTTPClient(status: 200, body: Data(#"{"statuses":[{"id_str":"x"}]}"#.utf8))

        // When
        let error = await failure(of: try client(.search(query: "a"), http: stub))

        // Then
        XCTAssertEqual(error, .malformed(FeedParseError(path: "$.statuses[0].id_str", reason: "not a decimal id that fits a 64-bit integer")))
    }

    func test_fetchPage_nonHTTPBaseURL_isInvalidURLAndSendsNothing() async throws {
        for text in ["file:///tmp/x", "ftp://example.com", "relative/path", "http://"] {
            // Given
            let stub = StubHTTPClient(status: 200)
            let url = try XCTUnwrap(URL(string: text), text)
            let configuration = TwitterClient.Configuration(baseURL: url, endpoint: .search(query: "a"))
            let source = TwitterClient(configuration: configuration, token: try BearerToken("t"), http: stub, logger: LogCapture().logger())

            // When
            let error = await failure(of: source)

            // Then
            XCTAssertEqual(error, .network(.invalidURL), text)
            XCTAssertTrue(stub.requests.isEmpty, text)
        }
    }

    // MARK: - Helpers

    private func client(
        _ endpoint: TwitterClient.Endpoint, http: StubHTTPClient, extra: [URLQueryItem] = []
    ) throws -> TwitterClient {
        let configuration = TwitterClient.Configuration(baseURL: try XCTUnwrap(base), endpoint: endpoint, extraQueryItems: extra)
        return TwitterClient(configuration: configuration, token: try BearerToken("tok-123"), http: http, logger: LogCapture().logger())
    }

}
