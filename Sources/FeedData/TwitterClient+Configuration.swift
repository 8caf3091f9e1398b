public import Foundation
public import Networking

extension TwitterClient {
    /// Where a ``TwitterClient`` asks for tweets and how.
    public struct Configuration: Sendable, Hashable {
        /// The body limit for one page: 5 MB, the feed page's limit in the contracts' rules (docs/ARCHITECTURE.md); a
        /// larger body fails as `tooLarge` and reading stops there.
        public static let defaultMaxPageBytes = 5 * 1024 * 1024

        /// Scheme, host and port (and an optional path prefix), e.g. `http://127.0.0.1:8080`.
        public var baseURL: URL
        /// Which endpoint to read, with its query or screen name.
        public var endpoint: Endpoint
        /// Tweets asked for per page, clamped to what the endpoint accepts (``effectivePageSize``).
        public var pageSize: Int
        /// Deadlines of each request.
        public var timeouts: RequestTimeouts
        /// Most body bytes accepted for one page; more is ``NetworkError/tooLarge(limit:)``.
        public var maxPageBytes: Int
        /// Query items appended to every request (mock-server faults in tests: `status=429`,
        /// `malformed=1`, `delay=…`).
        public var extraQueryItems: [URLQueryItem]

        /// Creates a configuration: 50 tweets a page, default deadlines, a 5 MB page limit.
        public init(
            baseURL: URL, endpoint: Endpoint, pageSize: Int = 50, timeouts: RequestTimeouts = .default,
            maxPageBytes: Int = Configuration.defaultMaxPageBytes, extraQueryItems: [URLQueryItem] = []
        ) {
            self.baseURL = baseURL
            self.endpoint = endpoint
            self.pageSize = pageSize
            self.timeouts = timeouts
            self.maxPageBytes = maxPageBytes
            self.extraQueryItems = extraQueryItems
        }

        /// ``pageSize`` clamped to the endpoint's range: search 1...100, user timeline 1...200,
        /// v2 recent search 10...100.
        public var effectivePageSize: Int {
            let range = endpoint.pageSizeRange
            return min(max(pageSize, range.lowerBound), range.upperBound)
        }

        /// The request URL for a page newer than `sinceID` (all of them when `nil`), or `nil`
        /// when ``baseURL`` is not an absolute http(s) URL.
        public func url(sinceID: Int64?) -> URL? {
            guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = components.host, !host.isEmpty
            else { return nil }
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            components.percentEncodedPath = basePath + endpoint.format.path
            var items = endpoint.queryItems(pageSize: effectivePageSize)
            if let sinceID { items.append(URLQueryItem(name: "since_id", value: String(sinceID))) }
            items += extraQueryItems
            components.percentEncodedQuery = items.map(Self.encoded).joined(separator: "&")
            components.fragment = nil
            return components.url
        }

        /// `name=value` with everything but RFC 3986 unreserved characters percent-encoded
        /// (so `+`, `&`, `#` and spaces in a search survive the trip).
        private static func encoded(_ item: URLQueryItem) -> String {
            let name = percentEncoded(item.name)
            guard let value = item.value else { return name }
            return name + "=" + percentEncoded(value)
        }

        private static let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

        private static func percentEncoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        }
    }
}
