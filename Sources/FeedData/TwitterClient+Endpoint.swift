import Foundation

extension TwitterClient {
    /// The Twitter endpoint a ``TwitterClient`` reads, with what it asks for.
    public enum Endpoint: Sendable, Hashable {
        /// v1.1 `search/tweets` for `query` (Twitter's `q`).
        case search(query: String)
        /// v1.1 `statuses/user_timeline` of `screenName` (without `@`).
        case userTimeline(screenName: String)
        /// v2 `tweets/search/recent` for `query`, authors expanded.
        case recentSearch(query: String)

        /// The answer format of the endpoint.
        public var format: TwitterFormat {
            switch self {
            case .search: return .v11Search
            case .userTimeline: return .v11UserTimeline
            case .recentSearch: return .v2RecentSearch
            }
        }

        /// The page sizes the endpoint accepts: `count` 1...100 (search), 1...200 (timeline),
        /// `max_results` 10...100 (v2).
        public var pageSizeRange: ClosedRange<Int> {
            switch self {
            case .search: return 1...100
            case .userTimeline: return 1...200
            case .recentSearch: return 10...100
            }
        }

        /// The endpoint's own query items for a page of `pageSize` tweets (no `since_id`).
        func queryItems(pageSize: Int) -> [URLQueryItem] {
            switch self {
            case .search(let query):
                return [
                    URLQueryItem(name: "q", value: query), URLQueryItem(name: "count", value: String(pageSize)),
                    URLQueryItem(name: "tweet_mode", value: "extended"), URLQueryItem(name: "include_entities", value: "0"),
                ]
            case .userTimeline(let screenName):
                return [
                    URLQueryItem(name: "screen_name", value: screenName),
                    URLQueryItem(name: "count", value: String(pageSize)),
                    URLQueryItem(name: "tweet_mode", value: "extended"),
                ]
            case .recentSearch(let query):
                return [
                    URLQueryItem(name: "query", value: query), URLQueryItem(name: "max_results", value: String(pageSize)),
                    URLQueryItem(name: "expansions", value: "author_id"),
                    URLQueryItem(name: "tweet.fields", value: "created_at"),
                    URLQueryItem(name: "user.fields", value: "profile_image_url"),
                ]
            }
        }
    }
}
