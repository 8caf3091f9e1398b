/// The Twitter answer formats a ``TwitterParser`` reads, one per endpoint.
public enum TwitterFormat: String, CaseIterable, Sendable {
    /// v1.1 `GET /1.1/search/tweets.json`: `{"statuses":[…],"search_metadata":{…}}`.
    case v11Search
    /// v1.1 `GET /1.1/statuses/user_timeline.json`: a JSON array of statuses.
    case v11UserTimeline
    /// v2 `GET /2/tweets/search/recent` with `expansions=author_id`:
    /// `{"data":[…],"includes":{"users":[…]},"meta":{…}}`; no result is `{"meta":{"result_count":0}}`.
    case v2RecentSearch

    /// The endpoint's path, e.g. `/1.1/search/tweets.json`.
    public var path: String {
        switch self {
        case .v11Search: return "/1.1/search/tweets.json"
        case .v11UserTimeline: return "/1.1/statuses/user_timeline.json"
        case .v2RecentSearch: return "/2/tweets/search/recent"
        }
    }
}
