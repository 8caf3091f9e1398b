import FeedData
import Foundation
import Messages
import MockServer
import Networking
import Storage
import TestSupport
import XCTest

/// ``TwitterClient`` against an in-process ``MockServer``: every format, `since_id`, each
/// failure and its message, and the token kept out of logs and errors.
final class TwitterClientTests: XCTestCase {
    private var server: MockServer!
    private var http: CurlHTTPClient!
    private var logs: LogCapture!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try MockServer.start()
        http = CurlHTTPClient()
        logs = LogCapture()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        http = nil
        logs = nil
        super.tearDown()
    }

    // MARK: - Formats

    func test_fetchPage_v11Search_readsTheServersTweetsNewestFirst() async throws {
        // When
        let page = try await client(.search(query: "*")).fetchPage(sinceID: nil)

        // Then
        assertLooksLikeTheServersTimeline(page, count: 40)
    }

    func test_fetchPage_v2RecentSearch_readsTheServersTweetsWithAuthors() async throws {
        // When
        let page = try await client(.recentSearch(query: "*")).fetchPage(sinceID: nil)

        // Then
        assertLooksLikeTheServersTimeline(page, count: 40)
    }

    func test_fetchPage_v11UserTimeline_readsOneUsersTweets() async throws {
        // When
        let page = try await client(.userTimeline(screenName: "ada_lovelace")).fetchPage(sinceID: nil)

        // Then
        XCTAssertFalse(page.tweets.isEmpty)
        XCTAssertTrue(page.tweets.allSatisfy { $0.author.screenName == "ada_lovelace" })
        XCTAssertEqual(page.tweets.map(\.id), page.tweets.map(\.id).sorted(by: >))
        XCTAssertEqual(page.tweets.first?.author.avatarURL?.hasSuffix("/avatars/ada_lovelace.png"), true)
    }

    func test_fetchPage_sendsTheQueryTheEndpointNeeds() async throws {
        // When each endpoint is asked once, with a page size out of its range
        _ = try await client(.search(query: "#swift +ios"), pageSize: 500).fetchPage(sinceID: nil)
        _ = try await client(.userTimeline(screenName: "ada_lovelace"), pageSize: 500).fetchPage(sinceID: nil)
        _ = try await client(.recentSearch(query: "*"), pageSize: 1).fetchPage(sinceID: nil)

        // Then
        let queries = server.requests.map { "\($0.path)?\($0.query)" }
        XCTAssertEqual(queries.count, 3)
        let search = try XCTUnwrap(queries.first)
        XCTAssertTrue(search.hasPrefix("/1.1/search/tweets.json?"), search)
        for part in ["q=#swift +ios", "count=100", "tweet_mode=extended", "include_entities=0"] {
            XCTAssertTrue(search.contains(part), "\(part) in \(search)")
        }
        XCTAssertTrue(queries[1].hasPrefix("/1.1/statuses/user_timeline.json?"), queries[1])
        for part in ["screen_name=ada_lovelace", "count=200", "tweet_mode=extended"] {
            XCTAssertTrue(queries[1].contains(part), "\(part) in \(queries[1])")
        }
        XCTAssertTrue(queries[2].hasPrefix("/2/tweets/search/recent?"), queries[2])
        for part in ["query=*", "max_results=10", "expansions=author_id", "tweet.fields=created_at", "user.fields=profile_image_url"] {
            XCTAssertTrue(queries[2].contains(part), "\(part) in \(queries[2])")
        }
        XCTAssertFalse(queries.contains { $0.contains("since_id") })
    }

    func test_fetchPage_sendsSinceIDAndGetsOnlyNewerTweets() async throws {
        for endpoint in [TwitterClient.Endpoint.search(query: "*"), .recentSearch(query: "*")] {
            // Given the first page
            server.resetJournal()
            let source = client(endpoint)
            let first = try await source.fetchPage(sinceID: nil)
            let since = first.tweets[4].id

            // When
            let refresh = try await source.fetchPage(sinceID: since)

            // Then
            XCTAssertEqual(refresh.tweets, Array(first.tweets.prefix(4)), "\(endpoint)")
            XCTAssertEqual(server.requests.last?.query.contains("since_id=\(since)"), true, "\(endpoint)")
        }
    }

    // MARK: - Failures

    func test_fetchPage_wrongToken_isUnauthorized() async throws {
        // Given
        let source = client(.search(query: "*"), token: try BearerToken("not-the-token"))

        // When
        let error = await failure(of: source)

        // Then
        XCTAssertEqual(error, .unauthorized)
        XCTAssertEqual(error?.shown(), .unauthorized)
    }

    func test_fetchPage_429_isRateLimitedUntilTheResetHeader() async throws {
        for endpoint in [TwitterClient.Endpoint.search(query: "*"), .recentSearch(query: "*")] {
            // When
            let now = Date()
            let error = await failure(of: client(endpoint, extra: ["status": "429"]))

            // Then
            guard case .rateLimited(let resetAt?) = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertEqual(resetAt.timeIntervalSince(now), 60, accuracy: 5)
            guard case .rateLimited(let seconds)? = error?.shown(now: now) else {
                return XCTFail("\(String(describing: error?.shown(now: now)))")
            }
            XCTAssertTrue((1...61).contains(seconds), "\(seconds)")
        }
    }

    func test_fetchPage_otherStatus_isANetworkError() async throws {
        // When
        let error = await failure(of: client(.search(query: "*"), extra: ["status": "503"]))

        // Then
        XCTAssertEqual(error, .network(.httpStatus(503)))
        XCTAssertEqual(error?.shown(), .feedUpdateFailed)
    }

    func test_fetchPage_unknownScreenName_isA404() async throws {
        let error = await failure(of: client(.userTimeline(screenName: "nobody_here_at_all")))
        XCTAssertEqual(error, .network(.httpStatus(404)))
    }

    func test_fetchPage_malformedBody_isMalformed() async throws {
        for endpoint in [TwitterClient.Endpoint.search(query: "*"), .userTimeline(screenName: "ada_lovelace"), .recentSearch(query: "*")] {
            // When
            let error = await failure(of: client(endpoint, extra: ["malformed": "1"]))

            // Then
            guard case .malformed(let parseError) = error else { return XCTFail("\(endpoint): \(String(describing: error))") }
            XCTAssertEqual(parseError.path, "$")
            XCTAssertEqual(error?.shown(), .feedUpdateFailed)
        }
    }

    func test_fetchPage_emptyResult_isAnEmptyPage() async throws {
        for endpoint in [TwitterClient.Endpoint.search(query: "*"), .userTimeline(screenName: "ada_lovelace"), .recentSearch(query: "*")] {
            let page = try await client(endpoint, extra: ["empty": "1"]).fetchPage(sinceID: nil)
            XCTAssertEqual(page.tweets, [], "\(endpoint)")
        }
    }

    func test_fetchPage_oversizedBody_isTooLarge() async throws {
        // When
        let error = await failure(of: client(.search(query: "*"), extra: ["bytes": "6000000"]))

        // Then
        XCTAssertEqual(error, .network(.tooLarge(limit: TwitterClient.Configuration.defaultMaxPageBytes)))
    }

    func test_fetchPage_offline_isOffline() async throws {
        // Given
        try server.setOffline(true)

        // When
        let error = await failure(of: client(.search(query: "*")))

        // Then
        XCTAssertEqual(error, .network(.offline))
        XCTAssertEqual(error?.shown(), .offline)
        try server.setOffline(false)
    }

    func test_fetchPage_slowServer_timesOut() async throws {
        // Given deadlines scaled to hundreds of milliseconds and an answer later than that
        let source = client(
            .search(query: "*"), extra: ["delay": "2000"], timeouts: RequestTimeouts.default.scaled(by: 0.01))

        // When
        let start = ContinuousClock.now
        let error = await failure(of: source)

        // Then
        XCTAssertEqual(error, .network(.timedOut))
        XCTAssertLessThan((ContinuousClock.now - start).seconds, 1.5)
    }

    func test_fetchPage_cancelled_isCancelled() async throws {
        // Given a slow answer
        let source = client(.search(query: "*"), extra: ["delay": "3000"])

        // When the task is cancelled while waiting
        let task = Task { () -> FeedSourceError? in
            do throws(FeedSourceError) {
                _ = try await source.fetchPage(sinceID: nil)
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let error = await task.value

        // Then
        XCTAssertEqual(error, .network(.cancelled))
        XCTAssertNil(error?.shown())
    }

    func test_fetchPage_badBaseURL_isInvalidURL() async throws {
        // Given
        let configuration = TwitterClient.Configuration(
            baseURL: URL(fileURLWithPath: "/tmp"), endpoint: .search(query: "*"))
        let source = TwitterClient(configuration: configuration, token: try BearerToken("x"), http: http, logger: LogCapture().logger())

        // Then
        let error = await failure(of: source)
        XCTAssertEqual(error, .network(.invalidURL))
    }

    // MARK: - The token stays secret

    func test_fetchPage_neverLogsTheTokenNorPutsItInAnError() async throws {
        // Given a distinctive token the server accepts, and every way a fetch can end
        try await withServer(token: "s3cr3t-TOKEN-4f9a") { server in
            let secret = "s3cr3t-TOKEN-4f9a"
            let token = try BearerToken(secret)
            var errors: [FeedSourceError] = []
            let faults: [[String: String]] = [
                [:], ["status": "429"], ["status": "500"], ["malformed": "1"], ["bytes": "6000000"], ["empty": "1"],
            ]
            // When
            for fault in faults {
                for endpoint in [TwitterClient.Endpoint.search(query: "*"), .recentSearch(query: "*")] {
                    if let error = await failure(of: client(endpoint, token: token, extra: fault, server: server)) {
                        errors.append(error)
                    }
                }
            }
            if let error = await failure(of: client(.search(query: "*"), token: try BearerToken("wrong-\(secret)"), server: server)) {
                errors.append(error)
            }
            let slow = client(
                .search(query: "*"), token: token, extra: ["delay": "2000"], timeouts: RequestTimeouts.default.scaled(by: 0.01),
                server: server)
            if let error = await failure(of: slow) { errors.append(error) }
            try server.setOffline(true)
            if let error = await failure(of: client(.search(query: "*"), token: token, server: server)) {
                errors.append(error)
            }
            try server.setOffline(false)

            // Then
            XCTAssertGreaterThanOrEqual(errors.count, 10)
            XCTAssertTrue(errors.contains(.unauthorized))
            XCTAssertTrue(errors.contains(.network(.offline)))
            XCTAssertTrue(errors.contains(.network(.timedOut)))
            let lines = logs.lines
            XCTAssertGreaterThan(lines.count, 20)
            XCTAssertTrue(lines.contains { $0.contains("/1.1/search/tweets.json") }, "requests are logged by path")
            for line in lines {
                XCTAssertFalse(line.contains(secret), line)
                XCTAssertFalse(line.contains("Bearer "), line)
                XCTAssertFalse(line.lowercased().contains("authorization"), line)
            }
            for error in errors {
                for text in [String(describing: error), String(reflecting: error), error.localizedDescription] {
                    XCTAssertFalse(text.contains(secret), text)
                }
                var dumped = ""
                dump(error, to: &dumped)
                XCTAssertFalse(dumped.contains(secret), dumped)
            }
        }
    }

    // MARK: - Helpers

    private func client(
        _ endpoint: TwitterClient.Endpoint, token: BearerToken? = nil, pageSize: Int = 50,
        extra: [String: String] = [:], timeouts: RequestTimeouts = .default, server: MockServer? = nil
    ) -> TwitterClient {
        let server = server ?? self.server!
        let items = extra.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let configuration = TwitterClient.Configuration(
            baseURL: server.baseURL, endpoint: endpoint, pageSize: pageSize, timeouts: timeouts, extraQueryItems: items)
        let resolved = token ?? (try? BearerToken(server.token))
        guard let resolved else { preconditionFailure("the server's token is a valid token") }
        return TwitterClient(configuration: configuration, token: resolved, http: http, logger: logs.logger())
    }

    /// Runs `body` with a second server that requires `token`, stopped afterwards.
    private func withServer(token: String, _ body: (MockServer) async throws -> Void) async throws {
        let server = try MockServer.start(MockServer.Configuration(token: token))
        defer { server.stop() }
        try await body(server)
    }

    private func assertLooksLikeTheServersTimeline(_ page: TwitterPage, count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(page.tweets.count, count, file: file, line: line)
        XCTAssertEqual(page.tweets.map(\.id), page.tweets.map(\.id).sorted(by: >), "newest first", file: file, line: line)
        XCTAssertEqual(Set(page.tweets.map(\.id)).count, page.tweets.count, "unique ids", file: file, line: line)
        XCTAssertTrue(page.tweets.allSatisfy { $0.id > 1 << 53 }, "ids above 2^53", file: file, line: line)
        XCTAssertTrue(page.tweets.allSatisfy { !$0.text.isEmpty }, file: file, line: line)
        XCTAssertTrue(page.tweets.allSatisfy { $0.author.isKnown }, "every author described", file: file, line: line)
        XCTAssertTrue(
            page.tweets.allSatisfy { $0.author.avatarURL?.hasPrefix(server.baseURL.absoluteString + "/avatars/") == true },
            "avatars on the server", file: file, line: line)
        XCTAssertTrue(page.tweets.contains { $0.author.id > 1 << 53 }, "a user id above 2^53", file: file, line: line)
        XCTAssertTrue(
            page.tweets.allSatisfy { abs($0.createdAt.timeIntervalSinceNow) < 86_400 * 30 }, "recent dates",
            file: file, line: line)
    }
}
