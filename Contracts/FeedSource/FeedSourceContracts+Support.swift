import ContractsCore
import FeedData
import Foundation
import Logging
import MockServer
import Networking
import Synchronization

/// A tweet as the server sent it, read with `JSONSerialization` by the suite itself (never by
/// the code under test): the reference a source's page is compared with.
struct ReferenceTweet: Equatable {
    let id: Int64
    let text: String
    let screenName: String
    let name: String
}

/// The query every search check uses: the mock server matches every tweet with `*`.
let everything = "*"

enum Reference {
    /// The newest tweets the server serves for `format` right now, newest first, with their
    /// v2 creation dates by id; `nil` when the server did not answer as expected.
    static func tweets(_ format: TwitterFormat, screenName: String, server: MockServer) async -> [ReferenceTweet]? {
        guard let object = await json(path(format, screenName: screenName), server: server) else { return nil }
        switch format {
        case .v11Search:
            return ((object as? [String: Any])?["statuses"] as? [[String: Any]]).flatMap(v11)
        case .v11UserTimeline:
            return (object as? [[String: Any]]).flatMap(v11)
        case .v2RecentSearch:
            guard let body = object as? [String: Any], let data = body["data"] as? [[String: Any]],
                let users = (body["includes"] as? [String: Any])?["users"] as? [[String: Any]]
            else { return nil }
            var byID: [String: [String: Any]] = [:]
            for user in users { if let id = user["id"] as? String { byID[id] = user } }
            return data.compactMap { tweet in
                guard let id = (tweet["id"] as? String).flatMap({ Int64($0) }), let text = tweet["text"] as? String,
                    let author = (tweet["author_id"] as? String).flatMap({ byID[$0] }),
                    let screenName = author["username"] as? String, let name = author["name"] as? String
                else { return nil }
                return ReferenceTweet(id: id, text: text, screenName: screenName, name: name)
            }
        }
    }

    /// Creation dates by id, from the v2 endpoint's ISO 8601 `created_at`.
    static func dates(server: MockServer) async -> [Int64: Date]? {
        guard let body = await json(path(.v2RecentSearch, screenName: ""), server: server) as? [String: Any],
            let data = body["data"] as? [[String: Any]]
        else { return nil }
        var dates: [Int64: Date] = [:]
        for tweet in data {
            guard let id = (tweet["id"] as? String).flatMap({ Int64($0) }), let text = tweet["created_at"] as? String,
                let date = (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                    ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
            else { return nil }
            dates[id] = date
        }
        return dates
    }

    /// The screen name of the newest tweet's author.
    static func someScreenName(server: MockServer) async -> String? {
        let statuses = (await json(path(.v11Search, screenName: ""), server: server) as? [String: Any])?["statuses"] as? [[String: Any]]
        return (statuses?.first?["user"] as? [String: Any])?["screen_name"] as? String
    }

    private static func v11(_ statuses: [[String: Any]]) -> [ReferenceTweet]? {
        let tweets = statuses.compactMap { status -> ReferenceTweet? in
            guard let id = (status["id_str"] as? String).flatMap({ Int64($0) }),
                let text = (status["full_text"] as? String) ?? (status["text"] as? String),
                let user = status["user"] as? [String: Any], let screenName = user["screen_name"] as? String,
                let name = user["name"] as? String
            else { return nil }
            return ReferenceTweet(id: id, text: text, screenName: screenName, name: name)
        }
        return tweets.count == statuses.count ? tweets : nil
    }

    private static func path(_ format: TwitterFormat, screenName: String) -> String {
        switch format {
        case .v11Search: return "/1.1/search/tweets.json?q=%2A&count=100&tweet_mode=extended"
        case .v11UserTimeline: return "/1.1/statuses/user_timeline.json?screen_name=\(screenName)&count=200&tweet_mode=extended"
        case .v2RecentSearch:
            return "/2/tweets/search/recent?query=%2A&max_results=100&expansions=author_id&tweet.fields=created_at&user.fields=profile_image_url"
        }
    }

    private static func json(_ pathAndQuery: String, server: MockServer) async -> Any? {
        guard let body = await ReferenceHTTP.body(port: server.port, pathAndQuery: pathAndQuery, headers: ["Authorization": "Bearer \(server.token)"])
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(body))
    }
}

/// Every line logged through a ``Logger`` made by ``logger(label:)``, message and metadata.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger at `.trace` that records here.
    func logger(label: String = "contracts.feed") -> Logger {
        var logger = Logger(label: label) { label in Handler(label: label, capture: self) }
        logger.logLevel = .trace
        return logger
    }

    var all: [String] { lines.withLock { $0 } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let label: String
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            capture.append("\(event.level) \(label) \(event.message) \(fields) [\(event.source)]")
        }
    }
}

/// A setup for `server` with the suite's defaults.
func setup(
    _ server: MockServer, _ format: TwitterFormat, screenName: String = "", token: String? = nil,
    extra: [URLQueryItem] = [], logger: Logger = Logger(label: "contracts.feed") { _ in SwiftLogNoOpLogHandler() },
    timeouts: RequestTimeouts = RequestTimeouts(connect: .seconds(5), stall: .seconds(10), total: .seconds(20))
) -> FeedSourceSetup {
    FeedSourceSetup(
        baseURL: server.baseURL, format: format, query: everything, screenName: screenName, token: token ?? server.token,
        extraQueryItems: extra, logger: logger, timeouts: timeouts)
}

/// What one fetch gave.
enum Fetched {
    case page(TwitterPage)
    case failure(FeedSourceError)
    case notBuilt(String)

    var summary: String {
        switch self {
        case .page(let page): return "a page of \(page.tweets.count) tweets"
        case .failure(let error): return "the error \(error)"
        case .notBuilt(let problem): return problem
        }
    }
}

/// Builds the source and fetches one page.
func fetch(_ subject: FeedSourceSubject, _ setup: FeedSourceSetup, sinceID: Int64? = nil) async -> Fetched {
    let source: any FeedSource
    do {
        source = try subject.makeSource(setup)
    } catch {
        return .notBuilt("the source could not be built: \(error)")
    }
    do {
        return .page(try await source.fetchPage(sinceID: sinceID))
    } catch {
        return .failure(error)
    }
}

/// Compares a page with the server's newest tweets (ids, order, text, authors, dates).
func compare(_ page: TwitterPage, with reference: [ReferenceTweet], dates: [Int64: Date]) -> String? {
    guard !page.tweets.isEmpty else { return "the page is empty; the server served \(reference.count) tweets" }
    guard page.tweets.count <= reference.count else {
        return "the page has \(page.tweets.count) tweets; the server served \(reference.count)"
    }
    for (index, (tweet, expected)) in zip(page.tweets, reference).enumerated() {
        let place = "tweet #\(index)"
        if tweet.id != expected.id { return "\(place) has id \(tweet.id); the server's is \(expected.id)" }
        if tweet.text != expected.text { return "\(place) (\(tweet.id)) has text \"\(tweet.text.prefix(40))…\"; the server sent \"\(expected.text.prefix(40))…\"" }
        if tweet.author.screenName != expected.screenName || tweet.author.name != expected.name {
            return "\(place) (\(tweet.id)) is by \(tweet.author.name) @\(tweet.author.screenName); the server says \(expected.name) @\(expected.screenName)"
        }
        if let date = dates[tweet.id], abs(tweet.createdAt.timeIntervalSince(date)) >= 1 {
            return "\(place) (\(tweet.id)) was created at \(tweet.createdAt); the server says \(date)"
        }
    }
    return nil
}
