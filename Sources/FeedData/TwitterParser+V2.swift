import Foundation

/// The v2 shape: `{"data":[…],"includes":{"users":[…]},"meta":{…}}`.
extension TwitterParser {
    /// The tweets of a v2 `tweets/search/recent` body, authors joined from `includes.users`.
    ///
    /// No `data` (the empty result `{"meta":{"result_count":0}}`) is no tweets; an author missing
    /// from `includes.users` is a ``TwitterUser`` with the id only.
    static func decodeV2RecentSearch(_ data: Data, with decoder: JSONDecoder) throws -> [Tweet] {
        let body = try decoder.decode(V2Body.self, from: data)
        var users: [Int64: TwitterUser] = [:]
        for user in body.includes?.users ?? [] { users[user.user.id] = user.user }
        return (body.data ?? []).map { post in
            let author = users[post.authorID] ?? TwitterUser(id: post.authorID, name: "", screenName: "", avatarURL: nil)
            return Tweet(id: post.id, text: post.text, createdAt: post.createdAt, author: author)
        }
    }
}

/// The whole v2 body; `meta` is not needed.
private struct V2Body: Decodable {
    let data: [V2Post]?
    let includes: V2Includes?
}

/// `includes`: the expanded authors.
private struct V2Includes: Decodable {
    let users: [V2User]?
}

/// One v2 tweet: string `id`, `text`, `author_id`, `created_at`.
private struct V2Post: Decodable {
    let id: Int64
    let text: String
    let authorID: Int64
    let createdAt: Date

    private enum CodingKeys: String, CodingKey {
        case id, text, authorID = "author_id", createdAt = "created_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.stringIdentifier(.id)
        text = TwitterParser.unescapingHTML(try container.decode(String.self, forKey: .text))
        authorID = try container.stringIdentifier(.authorID)
        createdAt = try container.v2Date(.createdAt)
    }
}

/// One v2 user: string `id`, `name`, `username`, optional `profile_image_url`.
private struct V2User: Decodable {
    let user: TwitterUser

    private enum CodingKeys: String, CodingKey {
        case id, name, username, avatar = "profile_image_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = TwitterUser(
            id: try container.stringIdentifier(.id),
            name: try container.decode(String.self, forKey: .name),
            screenName: try container.decode(String.self, forKey: .username),
            avatarURL: try container.decodeIfPresent(String.self, forKey: .avatar))
    }
}
