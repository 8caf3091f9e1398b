public import Messages
public import Storage

/// How the feed's database could be opened when the feed was first shown.
public enum FeedStorageStatus: Sendable, Hashable {
    /// Opened for reading and writing; `recovery` is set when an unusable file was moved aside
    /// and a new cache started.
    case writable(recovery: DatabaseRecovery?)
    /// It could not be opened for writing (`reason`), but its cached tweets could be read: they
    /// are shown, and what the network brings is kept in memory for the run.
    case readOnly(reason: String)
    /// It could not be opened at all (`reason`): the feed works from the network, in memory.
    case memoryOnly(reason: String)

    /// What the feed screen tells the user about it, or `nil` when all is well.
    public var notice: UserMessage? {
        switch self {
        case .writable: return nil
        case .readOnly: return .feedCacheReadOnly
        case .memoryOnly: return .feedCacheUnavailable
        }
    }
}
