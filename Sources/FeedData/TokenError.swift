/// Why no ``BearerToken`` could be had. No case ever carries the token's text.
public enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `TWITTER_BEARER_TOKEN` nor a token file was given.
    case missing
    /// The token file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The source (the variable's name or the file's path) held nothing but whitespace.
    case empty(source: String)
    /// The source held a value that cannot be a token (whitespace, a line break or a control character inside).
    case invalid(source: String)

    /// One English sentence for logs and the command line; never the token itself.
    public var description: String {
        switch self {
        case .missing:
            return "no bearer token: set \(BearerToken.environmentVariable) or give a token file"
        case .unreadableFile(let path, let reason):
            return "the token file \(path) could not be read: \(reason)"
        case .empty(let source):
            return "the bearer token from \(source) is empty"
        case .invalid(let source):
            return "the bearer token from \(source) is not a valid token (it contains whitespace, a line break or a control character)"
        }
    }
}
