import FeedData
import Foundation
import GRDB

/// One row of the newest-first tweet query: a cached tweet joined with its author, read by
/// column name and mapped to the ``Tweet`` model. Only the store reads it.
///
/// Texts (the tweet's text, the author's names) are selected as `CAST(… AS BLOB)` and decoded
/// from their UTF-8 bytes: GRDB reads a TEXT column as a C string, which would cut a text at a
/// NUL. They are written with `CAST(? AS TEXT)` from their UTF-8 bytes for the same reason
/// (see `TweetStore.exactText(_:)`).
struct TweetRow: FetchableRecord {
    /// The newest `?` tweets with their authors, newest (largest id) first; one argument: the
    /// limit.
    static let newestSQL = """
        SELECT tweet.id AS id, CAST(tweet.text AS BLOB) AS text, tweet.createdAt AS createdAt,
            user.id AS authorID, CAST(user.name AS BLOB) AS name, CAST(user.screenName AS BLOB) AS screenName,
            user.avatarURL AS avatarURL
        FROM tweet JOIN user ON user.id = tweet.authorID
        ORDER BY tweet.id DESC LIMIT ?
        """

    /// The tweet as the app sees it.
    let tweet: Tweet

    init(row: Row) throws {
        let createdAt: Double = try row.decode(forColumn: "createdAt")
        tweet = Tweet(
            id: try row.decode(forColumn: "id"), text: try Self.text(row, "text"),
            createdAt: Date(timeIntervalSince1970: createdAt),
            author: TwitterUser(
                id: try row.decode(forColumn: "authorID"), name: try Self.text(row, "name"),
                screenName: try Self.text(row, "screenName"), avatarURL: try row.decode(forColumn: "avatarURL")))
    }

    /// The newest `limit` tweets, newest first.
    static func newest(limit: Int, in db: Database) throws -> [Tweet] {
        try fetchAll(db, sql: newestSQL, arguments: [limit]).map(\.tweet)
    }

    /// The text in `column`, read back with `CAST(… AS BLOB)`, whole; a text cell holding invalid UTF-8
    /// (written by another program) is repaired, never dropped. An empty text reads as an
    /// empty blob (or NULL): the empty string.
    private static func text(_ row: Row, _ column: String) throws -> String {
        let bytes: Data? = try row.decode(forColumn: column)
        return String(decoding: bytes ?? Data(), as: UTF8.self)
    }
}
