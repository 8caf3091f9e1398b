/// An author in the generated tweet timeline.
///
/// The mock server invents its users (see ``TweetTimeline/users``); their ids and names are fixed
/// so that every run and every client sees the same people.
struct TimelineUser: Sendable, Hashable {
    /// The numeric user id; some are snowflake-sized (above 2^53), like newer Twitter accounts.
    let id: UInt64
    /// The display name; may hold non-ASCII letters, emoji and quotes.
    let name: String
    /// The handle without `@`, lowercase `[a-z0-9_]`.
    let screenName: String
}
