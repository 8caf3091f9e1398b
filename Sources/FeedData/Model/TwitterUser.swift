/// The author of a ``Tweet``.
public struct TwitterUser: Hashable, Sendable, Codable, Identifiable {
    /// Twitter's user id.
    public let id: Int64
    /// Display name; empty when the answer did not include the user (a v2 author missing from
    /// `includes.users`).
    public let name: String
    /// The handle without `@`; empty when the answer did not include the user.
    public let screenName: String
    /// Absolute URL of the avatar image, when the answer had one.
    public let avatarURL: String?

    /// Creates a user.
    public init(id: Int64, name: String, screenName: String, avatarURL: String?) {
        self.id = id
        self.name = name
        self.screenName = screenName
        self.avatarURL = avatarURL
    }

    /// Whether the answer described this user (a v2 answer may name only the author's id).
    public var isKnown: Bool { !screenName.isEmpty }
}
