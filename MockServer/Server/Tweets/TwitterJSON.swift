import Foundation

/// Renders generated tweets as the bodies Twitter's APIs send: v1.1 `search/tweets`, v1.1
/// `statuses/user_timeline` and v2 `tweets/search/recent`, plus their error and empty bodies.
///
/// Output is deterministic (the same tweets give the same bytes), compact, UTF-8, and keeps
/// Twitter's key order. v1.1 bodies escape `/` and all non-ASCII text as `\uXXXX` like Twitter
/// did (emoji as surrogate pairs); v2 bodies carry raw UTF-8. Numeric ids are printed with every
/// digit and are always accompanied by a string form (`id_str`, or string ids in v2).
enum TwitterJSON {
    // MARK: - v1.1

    /// A v1.1 `search/tweets` body: `{"statuses":[…],"search_metadata":{…}}`.
    ///
    /// `search_metadata.max_id` is the newest returned id (else `sinceID`, else 0); `refresh_url`
    /// and `next_results` are relative query strings like Twitter's, and `next_results` is there
    /// only when the page is full (`tweets.count >= count`), i.e. older results may exist.
    /// `baseURL` (e.g. `http://127.0.0.1:8080`) prefixes the avatar URLs.
    static func v11Search(
        _ tweets: [TimelineTweet], query: String, count: Int, sinceID: UInt64?, baseURL: String
    ) -> Data {
        let maxID = tweets.first?.id ?? sinceID ?? 0
        let since = sinceID ?? 0
        let q = percentEncoded(query)
        var metadata: [(String, Value)] = [
            ("completed_in", .decimal("0.001")),
            ("max_id", .uint(maxID)), ("max_id_str", .string(String(maxID))),
        ]
        if let oldest = tweets.last, count > 0, tweets.count >= count {
            metadata.append(
                ("next_results", .string("?max_id=\(oldest.id - 1)&q=\(q)&count=\(count)&include_entities=1"))
            )
        }
        metadata += [
            ("query", .string(q)),
            ("refresh_url", .string("?since_id=\(maxID)&q=\(q)&include_entities=1")),
            ("count", .int(Int64(count))),
            ("since_id", .uint(since)), ("since_id_str", .string(String(since))),
        ]
        let body: Value = .object([
            ("statuses", .array(tweets.map { v11Status($0, baseURL: baseURL) })),
            ("search_metadata", .object(metadata)),
        ])
        return Data(encode(body, escaping: .ascii))
    }

    /// A v1.1 `statuses/user_timeline` body: a JSON array of status objects, newest first as given.
    static func v11UserTimeline(_ tweets: [TimelineTweet], baseURL: String) -> Data {
        Data(encode(.array(tweets.map { v11Status($0, baseURL: baseURL) }), escaping: .ascii))
    }

    /// A v1.1 search body with no statuses (what `?empty=1` serves).
    static func emptyV11Search(query: String, count: Int, baseURL: String) -> Data {
        v11Search([], query: query, count: count, sinceID: nil, baseURL: baseURL)
    }

    /// An empty v1.1 user timeline: `[]`.
    static func emptyV11UserTimeline() -> Data {
        Data("[]".utf8)
    }

    /// One v1.1 status object (the `tweet_mode=extended` and classic forms at once: both `text`
    /// and `full_text`).
    static func v11Status(_ tweet: TimelineTweet, baseURL: String) -> Value {
        let counts = TweetTimeline.mix(tweet.id, salt: 0x5E)
        return .object([
            ("created_at", .string(v11Date(tweet.createdAt))),
            ("id", .uint(tweet.id)),
            ("id_str", .string(String(tweet.id))),
            ("text", .string(tweet.text)),
            ("full_text", .string(tweet.text)),
            ("truncated", .bool(false)),
            ("entities", entities(of: tweet.text)),
            ("lang", .string(language(of: tweet.text))),
            ("user", v11User(tweet.user, baseURL: baseURL)),
            ("retweet_count", .int(Int64(counts % 40))),
            ("favorite_count", .int(Int64((counts >> 8) % 300))),
            ("favorited", .bool(false)),
            ("retweeted", .bool(false)),
        ])
    }

    /// One v1.1 user object with avatar URLs on this server.
    static func v11User(_ user: TimelineUser, baseURL: String) -> Value {
        let avatar = avatarURL(user, baseURL: baseURL)
        return .object([
            ("id", .uint(user.id)),
            ("id_str", .string(String(user.id))),
            ("name", .string(user.name)),
            ("screen_name", .string(user.screenName)),
            ("followers_count", .int(Int64(100 + TweetTimeline.mix(user.id, salt: 0xF0) % 50_000))),
            ("verified", .bool(false)),
            ("profile_image_url", .string(httpURL(avatar))),
            ("profile_image_url_https", .string(avatar)),
        ])
    }

    // MARK: - v2

    /// A v2 `tweets/search/recent` body: `{"data":[…],"includes":{"users":[…]},"meta":{…}}`, ids
    /// as strings, each author once in `includes.users` (in order of first appearance); for no
    /// tweets exactly `{"meta":{"result_count":0}}`, like Twitter.
    static func v2Search(_ tweets: [TimelineTweet], baseURL: String) -> Data {
        guard let newest = tweets.first, let oldest = tweets.last else { return emptyV2Search() }
        var authors: [TimelineUser] = []
        for tweet in tweets where !authors.contains(tweet.user) { authors.append(tweet.user) }
        let data: [Value] = tweets.map { tweet in
            .object([
                ("id", .string(String(tweet.id))),
                ("text", .string(tweet.text)),
                ("author_id", .string(String(tweet.user.id))),
                ("created_at", .string(v2Date(tweet.createdAt))),
                ("edit_history_tweet_ids", .array([.string(String(tweet.id))])),
            ])
        }
        let users: [Value] = authors.map { user in
            .object([
                ("id", .string(String(user.id))),
                ("name", .string(user.name)),
                ("username", .string(user.screenName)),
                ("profile_image_url", .string(avatarURL(user, baseURL: baseURL))),
            ])
        }
        let body: Value = .object([
            ("data", .array(data)),
            ("includes", .object([("users", .array(users))])),
            (
                "meta",
                .object([
                    ("newest_id", .string(String(newest.id))),
                    ("oldest_id", .string(String(oldest.id))),
                    ("result_count", .int(Int64(tweets.count))),
                ])
            ),
        ])
        return Data(encode(body, escaping: .minimal))
    }

    /// The empty v2 result: exactly `{"meta":{"result_count":0}}`, without `data` or `includes`.
    static func emptyV2Search() -> Data {
        Data(#"{"meta":{"result_count":0}}"#.utf8)
    }

    // MARK: - Helpers

    /// `baseURL/avatars/screen_name.png`, without a doubled slash.
    static func avatarURL(_ user: TimelineUser, baseURL: String) -> String {
        var base = Substring(baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        return "\(base)/avatars/\(user.screenName).png"
    }

    /// `url` with an `https://` scheme replaced by `http://`.
    private static func httpURL(_ url: String) -> String {
        url.hasPrefix("https://") ? "http://" + url.dropFirst("https://".count) : url
    }

    /// A guess at the text's language the way Twitter's `lang` reports it: `ru` for Cyrillic,
    /// `ja` for kana or kanji, else `en`.
    static func language(of text: String) -> String {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0400...0x04FF: return "ru"
            case 0x3040...0x30FF, 0x4E00...0x9FFF: return "ja"
            default: continue
            }
        }
        return "en"
    }

    /// `text` percent-encoded as UTF-8, keeping only RFC 3986 unreserved characters, as Twitter
    /// echoes `query` (`#swift` becomes `%23swift`, a space `%20`).
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
