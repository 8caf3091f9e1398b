import Foundation

/// The v1.1 shapes: `search/tweets` (`{"statuses":[…]}`) and `statuses/user_timeline` (`[…]`).
extension TwitterParser {
    /// The tweets of a v1.1 `search/tweets` body.
    static func decodeV11Search(_ data: Data, with decoder: JSONDecoder) throws -> [Tweet] {
        try decoder.decode(V11SearchBody.self, from: data).statuses.map(\.tweet)
    }

    /// The tweets of a v1.1 `statuses/user_timeline` body.
    static func decodeV11UserTimeline(_ data: Data, with decoder: JSONDecoder) throws -> [Tweet] {
        try decoder.decode([V11Status].self, from: data).map(\.tweet)
    }
}

/// `{"statuses":[…],"search_metadata":{…}}`; the metadata is not needed.
private struct V11SearchBody: Decodable {
    let statuses: [V11Status]
}

/// One v1.1 status: `id_str` (else `id`), `full_text` (else `text`), `created_at`, `user`.
private struct V11Status: Decodable {
    let tweet: Tweet

    private enum CodingKeys: String, CodingKey {
        case id, idString = "id_str", text, fullText = "full_text", createdAt = "created_at", user
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.identifier(string: .idString, number: .id)
        let text = TwitterParser.unescapingHTML(
            try container.decodeIfPresent(String.self, forKey: .fullText)
                ?? container.decode(String.self, forKey: .text))
        let createdAt = try container.v11Date(.createdAt)
        let user = try container.decode(V11User.self, forKey: .user)
        tweet = Tweet(id: id, text: text, createdAt: createdAt, author: user.user)
    }
}

/// A v1.1 user: `id_str` (else `id`), `name`, `screen_name`, and an avatar when present.
private struct V11User: Decodable {
    let user: TwitterUser

    private enum CodingKeys: String, CodingKey {
        case id, idString = "id_str", name, screenName = "screen_name"
        case avatarHTTPS = "profile_image_url_https", avatar = "profile_image_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let avatar =
            try container.decodeIfPresent(String.self, forKey: .avatarHTTPS)
            ?? container.decodeIfPresent(String.self, forKey: .avatar)
        user = TwitterUser(
            id: try container.identifier(string: .idString, number: .id),
            name: try container.decode(String.self, forKey: .name),
            screenName: try container.decode(String.self, forKey: .screenName),
            avatarURL: avatar)
    }
}
