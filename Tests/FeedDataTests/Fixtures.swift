import FeedData

/// Hand-written Twitter bodies for the parser tests.
enum Fixtures {
    /// A v1.1 status with the usual fields (entities and counts included, as Twitter sends).
    static func v11Status(
        idStr: String, text: String = "Hello, world", date: String = "Wed Oct 10 20:19:24 +0000 2018", extra: String = ""
    ) -> String {
        #"""
        {"created_at":"\#(date)","id":1,"id_str":"\#(idStr)","text":"\#(text)"\#(extra),"truncated":false,\#
        "entities":{"hashtags":[],"urls":[]},"lang":"en",\#
        "user":{"id":17874544,"id_str":"17874544","name":"Ada Lovelace","screen_name":"ada_lovelace",\#
        "followers_count":1200,"profile_image_url":"http://example.com/avatars/ada.png",\#
        "profile_image_url_https":"https://example.com/avatars/ada.png"},"retweet_count":3,"favorite_count":7}
        """#
    }

    /// A v1.1 search body around `statuses`.
    static func v11Search(_ statuses: [String]) -> String {
        #"{"statuses":[\#(statuses.joined(separator: ","))],"search_metadata":{"count":15,"max_id":0,"max_id_str":"0"}}"#
    }
}

/// The error `source` fails its first page with, or `nil` when it delivers one.
func failure(of source: some FeedSource) async -> FeedSourceError? {
    do {
        _ = try await source.fetchPage(sinceID: nil)
        return nil
    } catch {
        return error
    }
}
