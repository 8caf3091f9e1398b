public import ContractsCore
import FeedData
import FeedScreen
import Foundation
import Messages
import MockServer
import Networking

/// The rules every ``FeedSource`` keeps, each a live ``Contract`` against the mock server's
/// Twitter endpoints. The source's answers are compared with what the server really sent, read
/// by the suite's own JSON reading (never the code under test).
public enum FeedSourceContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<FeedSourceSubject>] = [
        readsV11Search, readsV11UserTimeline, readsV2RecentSearch, sinceIDOnlyNewer, rejectsMalformed, unauthorized,
        rateLimited, pageByteLimit, tokenNeverExposed,
    ]

    public static let readsV11Search = reads(
        .v11Search, id: "feed.readsV11Search",
        rule: "A v1.1 search/tweets page comes back as the server's newest tweets: ids from id_str (above 2^53), full text, authors, dates.")

    public static let readsV11UserTimeline = reads(
        .v11UserTimeline, id: "feed.readsV11UserTimeline",
        rule: "A v1.1 statuses/user_timeline page (a bare array) comes back as that account's newest tweets, fields as the server sent them.")

    public static let readsV2RecentSearch = reads(
        .v2RecentSearch, id: "feed.readsV2RecentSearch",
        rule: "A v2 tweets/search/recent page comes back with each author taken from includes.users by author_id, ISO 8601 dates read.")

    private static func reads(_ format: TwitterFormat, id: String, rule: String) -> Contract<FeedSourceSubject> {
        Contract(id: id, rule: rule) { subject, server in
            var screenName = ""
            if format == .v11UserTimeline {
                guard let name = await Reference.someScreenName(server: server) else { return "the server's search gave no screen name" }
                screenName = name
            }
            guard let reference = await Reference.tweets(format, screenName: screenName, server: server),
                let dates = await Reference.dates(server: server)
            else { return "the suite could not read the server's own answer" }
            switch await fetch(subject, setup(server, format, screenName: screenName)) {
            case .page(let page): return compare(page, with: reference, dates: dates)
            case let other: return "fetching a \(format.rawValue) page gave \(other.summary)"
            }
        }
    }

    public static let sinceIDOnlyNewer = Contract<FeedSourceSubject>(
        id: "feed.sinceIDOnlyNewer",
        rule: "fetchPage(sinceID:) sends since_id and delivers only the tweets newer than it."
    ) { subject, server in
        guard let reference = await Reference.tweets(.v11Search, screenName: "", server: server), reference.count > 5
        else { return "the suite could not read the server's own answer" }
        let since = reference[4].id
        server.resetJournal()
        switch await fetch(subject, setup(server, .v11Search), sinceID: since) {
        case .page(let page):
            let ids = page.tweets.map(\.id)
            let expected = reference.prefix(4).map(\.id)
            if ids != expected { return "since_id \(since) delivered ids \(ids.prefix(6)), expected the 4 newer \(expected)" }
            let sent = server.requests.contains { $0.query.split(separator: "&").contains("since_id=\(since)") }
            return sent ? nil : "no request carried since_id=\(since): \(server.requests.map(\.query))"
        case let other:
            return "fetching with since_id gave \(other.summary)"
        }
    }

    public static let rejectsMalformed = Contract<FeedSourceSubject>(
        id: "feed.rejectsMalformed",
        rule: "An invalid JSON answer (malformed=1) is FeedSourceError.malformed in every format; an empty result (empty=1) is an empty page, not an error."
    ) { subject, server in
        let screenName = await Reference.someScreenName(server: server) ?? ""
        for format in TwitterFormat.allCases {
            let malformed = await fetch(subject, setup(server, format, screenName: screenName, extra: [URLQueryItem(name: "malformed", value: "1")]))
            guard case .failure(.malformed) = malformed else {
                return "a malformed \(format.rawValue) answer gave \(malformed.summary), not .malformed"
            }
            let empty = await fetch(subject, setup(server, format, screenName: screenName, extra: [URLQueryItem(name: "empty", value: "1")]))
            guard case .page(let page) = empty, page.tweets.isEmpty else {
                return "an empty \(format.rawValue) result gave \(empty.summary), not an empty page"
            }
        }
        return nil
    }

    public static let unauthorized = Contract<FeedSourceSubject>(
        id: "feed.unauthorized",
        rule: "A refused token (HTTP 401) is FeedSourceError.unauthorized, shown as the unauthorized message."
    ) { subject, server in
        let result = await fetch(subject, setup(server, .v11Search, token: "contract-wrong-token"))
        guard case .failure(let error) = result, error == .unauthorized else { return "a 401 gave \(result.summary), not .unauthorized" }
        let message = FailureMessages.feedRefresh(for: error, now: Date())
        return message == .unauthorized ? nil : "a 401 shows \(message.map { "\($0)" } ?? "nothing"), not unauthorized"
    }

    public static let rateLimited = Contract<FeedSourceSubject>(
        id: "feed.rateLimited",
        rule: "HTTP 429 is FeedSourceError.rateLimited with the reset time from x-rate-limit-reset, shown as rateLimited with the seconds left."
    ) { subject, server in
        let result = await fetch(subject, setup(server, .v2RecentSearch, extra: [URLQueryItem(name: "status", value: "429")]))
        guard case .failure(let error) = result, case .rateLimited(let resetAt) = error else {
            return "a 429 gave \(result.summary), not .rateLimited"
        }
        guard let resetAt else { return "a 429 with x-rate-limit-reset gave no reset time" }
        let now = Date()
        let left = resetAt.timeIntervalSince(now)
        guard (30...62).contains(left) else { return "the server resets in 60 s; the error says \(Int(left)) s" }
        guard case .rateLimited(let seconds)? = FailureMessages.feedRefresh(for: error, now: now), (30...62).contains(seconds) else {
            return "a 429 resetting in 60 s shows \(FailureMessages.feedRefresh(for: error, now: now).map { "\($0)" } ?? "nothing")"
        }
        return nil
    }

    public static let pageByteLimit = Contract<FeedSourceSubject>(
        id: "feed.pageByteLimit",
        rule: "A page answer over 5 MB is NetworkError.tooLarge: the read stops at the limit, the body is never parsed."
    ) { subject, server in
        let result = await fetch(subject, setup(server, .v11Search, extra: [URLQueryItem(name: "bytes", value: "6000000")]))
        guard case .failure(.network(.tooLarge(let limit))) = result else {
            return "a 6,000,000-byte answer gave \(result.summary), not tooLarge"
        }
        return limit <= 5 * 1024 * 1024 ? nil : "the limit reported is \(limit) bytes, over 5 MB"
    }

    public static let tokenNeverExposed = Contract<FeedSourceSubject>(
        id: "feed.tokenNeverExposed",
        rule: "The bearer token (right or wrong) appears in no error description, reflection or log line, whatever the failure."
    ) { subject, server in
        let capture = LogCapture()
        let wrong = "contract-wrong-token-7Q2X"
        let cases: [(String, String, [URLQueryItem])] = [
            ("a page", server.token, []),
            ("a 401", wrong, []),
            ("a 429", server.token, [URLQueryItem(name: "status", value: "429")]),
            ("a 500", server.token, [URLQueryItem(name: "status", value: "500")]),
            ("malformed JSON", server.token, [URLQueryItem(name: "malformed", value: "1")]),
            ("a cut body", server.token, [URLQueryItem(name: "truncate", value: "100")]),
            ("a stall", server.token, [URLQueryItem(name: "stall_after", value: "10")]),
        ]
        let quick = RequestTimeouts(connect: .seconds(2), stall: .milliseconds(300), total: .seconds(5))
        var texts: [(String, String)] = []
        for (what, token, extra) in cases {
            let result = await fetch(subject, setup(server, .v11Search, token: token, extra: extra, logger: capture.logger(), timeouts: quick))
            if case .failure(let error) = result {
                texts.append((what, "\(error)"))
                texts.append((what, String(reflecting: error)))
                texts.append((what, error.localizedDescription))
                var dumped = ""
                dump(error, to: &dumped)
                texts.append((what, dumped))
            }
        }
        guard (try? server.setOffline(true)) != nil else { return "the server could not go offline" }
        let offline = await fetch(subject, setup(server, .v11Search, logger: capture.logger(), timeouts: quick))
        try? server.setOffline(false)
        if case .failure(let error) = offline { texts.append(("offline", "\(error)")) }
        texts += capture.all.map { ("a log line", $0) }
        for secret in [server.token, wrong] {
            if let (what, text) = texts.first(where: { $0.1.contains(secret) }) {
                return "the token appears in \(what): \(text.prefix(160))"
            }
        }
        return nil
    }
}
