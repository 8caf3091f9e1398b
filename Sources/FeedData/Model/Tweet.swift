public import Foundation

/// One tweet as the feed shows and caches it: what every Twitter format reduces to.
///
/// Ids are Twitter's 64-bit snowflake ids (above 2^53, so they are read from `id_str`, never
/// through a `Double`); a larger id is a newer tweet, which is the order the feed shows.
public struct Tweet: Hashable, Sendable, Codable, Identifiable {
    /// Twitter's id (`id_str` in v1.1, `id` in v2).
    public let id: Int64
    /// The whole text (`full_text` when the answer has it).
    public let text: String
    /// When it was posted.
    public let createdAt: Date
    /// Who posted it.
    public let author: TwitterUser

    /// Creates a tweet.
    public init(id: Int64, text: String, createdAt: Date, author: TwitterUser) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.author = author
    }
}
