import Foundation

/// One tweet of the generated timeline: a pure value, rendered by ``TwitterJSON``.
struct TimelineTweet: Sendable, Hashable {
    /// The snowflake-sized id (above 2^53); ids grow with creation time.
    let id: UInt64
    /// The tweet text; may contain quotes, backslashes, newlines, tabs and non-ASCII text.
    let text: String
    /// When the tweet appeared, in server time.
    let createdAt: Date
    /// The author.
    let user: TimelineUser
}
