/// Why ``WebServer`` cannot serve.
public enum WebServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The page's files are not among the package's resources (a broken install).
    case missingAssets(String)
    /// The address to listen on cannot be used: the reason.
    case cannotListen(String)

    public var description: String {
        switch self {
        case .missingAssets(let detail): "the page's files are missing: \(detail)"
        case .cannotListen(let detail): "cannot listen: \(detail)"
        }
    }
}
