public import FeedData
public import Foundation
public import Messages
public import Networking

/// Everything the app is configured with: where the server is, where caches live, the
/// language, the token, deadlines and limits. The defaults are the design's rules.
public struct AppConfiguration: Sendable {
    /// The server's root, e.g. `http://127.0.0.1:8080` (the mock server, or a real API host).
    public var serverBaseURL: URL
    /// The gallery scenario to ask `gallery.json` for (`default`, `mixed`, `offline-first`), or
    /// `nil` for the server's default.
    public var galleryScenario: String?
    /// The folder of the image disk cache and the cached gallery list.
    public var cacheFolder: URL
    /// The feed's SQLite database, opened when the feed is first shown (read-only, or not at
    /// all, when it cannot be written: see ``FeedStorageStatus``).
    public var databaseURL: URL
    /// The language of every text on screen; `nil`: from `LANG`, else (Apple platforms) the
    /// user's preferred languages, else English.
    public var language: Language?
    /// Where the bearer token comes from.
    public var token: TokenSource
    /// What the feed reads.
    public var feedEndpoint: TwitterClient.Endpoint
    /// Deadlines of every request.
    public var timeouts: RequestTimeouts
    /// Cache sizes and body limits.
    public var limits: Limits
    /// Time between two connectivity probes (the server's `/health`).
    public var connectivityProbeInterval: Duration
    /// Time between two feed refreshes: 60 s.
    public var feedRefreshInterval: Duration

    /// Where the bearer token comes from.
    public enum TokenSource: Sendable, Hashable {
        /// `TWITTER_BEARER_TOKEN`, else the file if given.
        case environment(file: URL?)
        /// This token (tests, the mock server's `testbed-token`).
        case value(String)
    }

    /// Cache sizes and body limits.
    public struct Limits: Sendable, Hashable {
        /// Decoded images kept in memory: 64 MB.
        public var memoryCacheBytes = 64 * 1024 * 1024
        /// Image files kept on disk: 150 MB.
        public var diskCacheBytes = 150 * 1024 * 1024
        /// Avatar bytes kept in SQLite: 20 MB.
        public var avatarBytes = 20 * 1024 * 1024
        /// Body limit per image: 20 MB.
        public var imageBytes = HTTPRequest.defaultMaxBytes
        /// Body limit per feed page: 5 MB.
        public var feedPageBytes = TwitterClient.Configuration.defaultMaxPageBytes
        /// Requests in flight per host: 6.
        public var connectionsPerHost = 6

        /// The defaults.
        public init() {}
    }

    /// A configuration with the defaults for everything but the places.
    public init(
        serverBaseURL: URL, cacheFolder: URL, databaseURL: URL, galleryScenario: String? = nil, language: Language? = nil,
        token: TokenSource = .environment(file: nil), feedEndpoint: TwitterClient.Endpoint = .search(query: "swift"),
        timeouts: RequestTimeouts = .default, limits: Limits = Limits(), connectivityProbeInterval: Duration = .seconds(5),
        feedRefreshInterval: Duration = .seconds(60)
    ) {
        self.serverBaseURL = serverBaseURL
        self.cacheFolder = cacheFolder
        self.databaseURL = databaseURL
        self.galleryScenario = galleryScenario
        self.language = language
        self.token = token
        self.feedEndpoint = feedEndpoint
        self.timeouts = timeouts
        self.limits = limits
        self.connectivityProbeInterval = connectivityProbeInterval
        self.feedRefreshInterval = feedRefreshInterval
    }

    /// The gallery list's URL: `/gallery.json`, with `?scenario=` when one is set.
    public var galleryListURL: URL {
        var components = URLComponents(url: serverBaseURL.appendingPathComponent("gallery.json"), resolvingAgainstBaseURL: false)
        if let galleryScenario { components?.queryItems = [URLQueryItem(name: "scenario", value: galleryScenario)] }
        return components?.url ?? serverBaseURL.appendingPathComponent("gallery.json")
    }
}
