/// Which URLs a stub answers (WireMock's `url`, `urlPattern`, `urlPath`, `urlPathPattern`).
///
/// `url` and `urlPattern` look at the path and the query (`/items?page=2`), `urlPath` and
/// `urlPathPattern` at the path only. Patterns must match the whole value.
public enum StubURLMatcher: Sendable, Hashable {
    /// Any URL (the mapping names none).
    case any
    /// The path and query, exactly (`"url": "/items?page=2"`).
    case url(String)
    /// The path and query match the expression (`"urlPattern": "/items\\?page=[0-9]+"`).
    case urlPattern(StubRegex)
    /// The path, exactly, whatever the query (`"urlPath": "/items"`).
    case urlPath(String)
    /// The path matches the expression, whatever the query (`"urlPathPattern": "/items/[0-9]+"`).
    case urlPathPattern(StubRegex)

    /// Whether a request for `path` with `pathAndQuery` (the path, then `?query` when there is
    /// one) matches.
    func accepts(path: String, pathAndQuery: String) -> Bool {
        switch self {
        case .any: return true
        case .url(let url): return url == pathAndQuery
        case .urlPattern(let regex): return regex.matches(pathAndQuery)
        case .urlPath(let expected): return expected == path
        case .urlPathPattern(let regex): return regex.matches(path)
        }
    }

    /// Whether the matcher looks at the query (`url`, `urlPattern`): then every parameter of a
    /// request it accepted is part of what the stub matched, the app's and not a fault
    /// (`"url": "/orders?status=all"` must not read `status=all` as MockServer's `status`).
    var coversQuery: Bool {
        switch self {
        case .url, .urlPattern: return true
        case .any, .urlPath, .urlPathPattern: return false
        }
    }

    /// The exact path this matcher needs, when it needs one (what the store indexes by).
    var exactPath: String? {
        switch self {
        case .urlPath(let path): return path
        case .url(let url): return String(url.prefix { $0 != "?" })
        default: return nil
        }
    }

    /// The field name and value as a mapping writes them; `nil` for ``any``.
    var field: (name: String, value: String)? {
        switch self {
        case .any: return nil
        case .url(let url): return ("url", url)
        case .urlPattern(let regex): return ("urlPattern", regex.pattern)
        case .urlPath(let path): return ("urlPath", path)
        case .urlPathPattern(let regex): return ("urlPathPattern", regex.pattern)
        }
    }
}
