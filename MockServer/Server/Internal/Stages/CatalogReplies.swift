import Foundation

/// The catalog's answers other than images: health, the gallery, the tweet endpoints, the 404, and
/// an injected non-2xx `status` (Twitter's own error bodies on its endpoints, rate-limit headers on
/// a 429). The services it needs are the timeline, its answer cache, the server's clock and the
/// `offline-first` watch.
struct CatalogReplies {
    /// The generated tweets.
    let timeline: TweetTimeline
    /// Tweet answers already built, per request, host and timeline state.
    let tweetAnswers: TweetAnswerCache
    /// The server's clock (timeline state, rate-limit reset times).
    let clock: any ServerClock
    /// Armed when the `offline-first` gallery is served.
    let offlineFirst: OfflineFirstWatch

    /// The answer for `route` (anything but an image) at `path`, with the `malformed` and `empty`
    /// faults of `faults`; `base` starts the URLs in it, and `nearMiss` gives the stubs' near-miss
    /// 404 for an unknown path (asked only then).
    func resource(_ route: Route, path: String, faults: RequestFaults, base: String, nearMiss: () -> Reply?) -> Reply {
        let (malformed, empty) = (faults.contains(.malformed), faults.contains(.empty))
        switch route {
        case .health:
            return .text(200, "ok")
        case .gallery(let scenario, let page):
            if scenario == .offlineFirst, !malformed, !empty { offlineFirst.arm() }
            let valid = scenario == .zoo
                ? Gallery.zooJSON(page: page, base: base, empty: empty)
                : Gallery.json(empty ? [] : Gallery.urls(scenario, page: page, base: base))
            return .json(200, malformed ? TwitterJSON.malformed(valid) : valid)
        case .v11Search, .v11UserTimeline, .v2Search:
            return tweets(route, malformed: malformed, empty: empty, base: base)
        case .notFound:
            return nearMiss() ?? .error(404, "nothing at \(path); GET /__admin/catalog lists what is served")
        case .image, .avatar:
            return .error(404, "nothing at \(path); GET /__admin/catalog lists what is served")
        }
    }

    /// A non-2xx `status=CODE`: a small JSON body, Twitter's own for its endpoints; 429 carries
    /// the rate-limit headers with the reset time in epoch seconds of the server clock (+60 s).
    func status(_ status: Int, path: String) -> Reply {
        let twitterV2 = path.hasPrefix("/2/")
        let twitter = Route.needsToken(path)
        switch status {
        case 429:
            let reset = Int(clock.now().timeIntervalSince1970) + 60
            let headers: [(name: String, value: String)] = [
                ("x-rate-limit-limit", "180"), ("x-rate-limit-remaining", "0"), ("x-rate-limit-reset", "\(reset)"),
            ]
            if twitter {
                return .json(429, twitterV2 ? TwitterJSON.v2RateLimited() : TwitterJSON.v11RateLimited(), headers: headers)
            }
            var reply = Reply.error(429, "too many requests")
            reply.headers = headers
            return reply
        case 401 where twitter:
            return .json(401, twitterV2 ? TwitterJSON.v2Unauthorized() : TwitterJSON.v11Unauthorized())
        case 404 where twitter:
            return .json(404, twitterV2 ? TwitterJSON.v2NotFound() : TwitterJSON.v11NotFound())
        default:
            return .error(status, "status \(status) injected by ?status=")
        }
    }

    /// A tweet endpoint's answer: from the answer cache when this page was built before at
    /// the same timeline state, else built (and cached). `empty` answers are not cached;
    /// `malformed` ones are damaged copies.
    func tweets(_ route: Route, malformed: Bool, empty: Bool, base: String) -> Reply {
        func json(_ valid: Data) -> Reply {
            .json(200, malformed ? TwitterJSON.malformed(valid) : valid)
        }
        let now = clock.now()
        if empty {
            switch route {
            case .v11Search(let text, let count, _, _):
                return json(TwitterJSON.emptyV11Search(query: text, count: count, baseURL: base))
            case .v11UserTimeline(let name, _, _, _):
                guard TweetTimeline.user(screenName: name) != nil else { return .json(404, TwitterJSON.v11NotFound()) }
                return json(TwitterJSON.emptyV11UserTimeline())
            default:
                return json(TwitterJSON.emptyV2Search())
            }
        }
        let key = TweetAnswerCache.Key(route: route, baseURL: base, tweetCount: timeline.count(at: now))
        let answer = tweetAnswers.sharedAnswer(for: key) { () -> Data? in
            switch route {
            case .v11Search(let text, let count, let sinceID, let maxID):
                let tweets = timeline.search(query: text, count: count, sinceID: sinceID, maxID: maxID, at: now)
                return TwitterJSON.v11Search(tweets, query: text, count: count, sinceID: sinceID, baseURL: base)
            case .v11UserTimeline(let name, let count, let sinceID, let maxID):
                guard let tweets = timeline.userTimeline(screenName: name, count: count, sinceID: sinceID, maxID: maxID, at: now)
                else { return nil }
                return TwitterJSON.v11UserTimeline(tweets, baseURL: base)
            case .v2Search(let text, let maxResults, let sinceID):
                // v2 clients add operators (`-is:retweet`, `lang:en`); the generated timeline has no
                // retweets or languages to filter, so operators match everything.
                let terms = text.split(separator: " ").filter { !$0.contains(":") && !$0.hasPrefix("-") }
                let tweets = timeline.search(
                    query: terms.joined(separator: " "), count: maxResults, sinceID: sinceID, maxID: nil, at: now)
                return tweets.isEmpty ? TwitterJSON.emptyV2Search() : TwitterJSON.v2Search(tweets, baseURL: base)
            default:
                return nil
            }
        }
        guard let answer else {
            // Only an unknown user's timeline builds nothing.
            return .json(404, TwitterJSON.v11NotFound())
        }
        return malformed ? json(answer.data) : .json(200, shared: answer)
    }
}
