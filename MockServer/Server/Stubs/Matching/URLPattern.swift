/// One of WireMock's URL fields (`url`, `urlPattern`, `urlPath`, `urlPathPattern`): how it is
/// read, how it matches a request's path (and query) and where the store indexes it.
///
/// Each field is one type; ``URLPatterns/all`` lists them.
protocol URLPattern: Sendable {
    /// The mapping field's name (`"urlPath"`).
    static var fieldName: String { get }
    /// Reads the field's value; `path` names it in errors.
    init(text: String, at path: String) throws(StubError)

    /// How a request for `path` with `pathAndQuery` (the path, then `?query` when there is one)
    /// compares.
    func match(path: String, pathAndQuery: String) -> MatchResult
    /// The value as the mapping writes it.
    var text: String { get }
    /// The value as the near-miss report prints it (`[path] /items`).
    var reportText: String { get }
    /// Whether the pattern looks at the query (`url`, `urlPattern`): then every parameter of a
    /// request it accepted is part of what the stub matched, the app's and not a fault.
    var coversQuery: Bool { get }
    /// Where the store files a stub with this pattern.
    var indexPlace: URLIndexPlace { get }
}

/// Where the store files a stub by its URL pattern.
enum URLIndexPlace: Sendable, Equatable {
    /// Under this exact path.
    case path(String)
    /// Among the patterns on the path whose every match starts with this literal text.
    case pathPrefix(String)
    /// Among the patterns on path and query whose every match starts with this literal text.
    case queryPrefix(String)
    /// In the list every request looks at.
    case everywhere
}

extension URLPattern {
    var coversQuery: Bool { false }
}

/// No URL field: any URL.
struct AnyURLPattern: URLPattern {
    static let fieldName = ""
    init() {}
    init(text: String, at path: String) throws(StubError) {}
    func match(path: String, pathAndQuery: String) -> MatchResult { .exact }
    var text: String { "" }
    var reportText: String { "[any URL]" }
    var indexPlace: URLIndexPlace { .everywhere }
}

/// `"url": "/items?page=2"`: the path and query, exactly.
struct URLEqualToPattern: URLPattern {
    static let fieldName = "url"
    let text: String
    init(_ text: String) { self.text = text }
    init(text: String, at path: String) throws(StubError) { self.init(text) }
    func match(path: String, pathAndQuery: String) -> MatchResult {
        MatchResult(isExactMatch: text == pathAndQuery, expected: text, actual: pathAndQuery)
    }
    var reportText: String { text }
    var coversQuery: Bool { true }
    var indexPlace: URLIndexPlace { .path(String(text.prefix { $0 != "?" })) }
}

/// `"urlPath": "/items"`: the path, exactly, whatever the query.
struct URLPathEqualToPattern: URLPattern {
    static let fieldName = "urlPath"
    let text: String
    init(_ text: String) { self.text = text }
    init(text: String, at path: String) throws(StubError) { self.init(text) }
    func match(path: String, pathAndQuery: String) -> MatchResult {
        MatchResult(isExactMatch: text == path, expected: text, actual: path)
    }
    var reportText: String { "[path] " + text }
    var indexPlace: URLIndexPlace { .path(text) }
}

/// `"urlPattern": "/items\\?page=[0-9]+"`: the path and query match the expression.
struct URLMatchingPattern: URLPattern {
    static let fieldName = "urlPattern"
    let regex: StubRegex
    init(_ regex: StubRegex) { self.regex = regex }
    init(text: String, at path: String) throws(StubError) { self.init(try StubParser.regex(text, at: path)) }
    func match(path: String, pathAndQuery: String) -> MatchResult { MatchResult(regex.matches(pathAndQuery)) }
    var text: String { regex.pattern }
    var reportText: String { "[regex] " + regex.pattern }
    var coversQuery: Bool { true }
    var indexPlace: URLIndexPlace { .queryPrefix(regex.literalPrefix) }
}

/// `"urlPathPattern": "/items/[0-9]+"`: the path matches the expression, whatever the query.
struct URLPathMatchingPattern: URLPattern {
    static let fieldName = "urlPathPattern"
    let regex: StubRegex
    init(_ regex: StubRegex) { self.regex = regex }
    init(text: String, at path: String) throws(StubError) { self.init(try StubParser.regex(text, at: path)) }
    func match(path: String, pathAndQuery: String) -> MatchResult { MatchResult(regex.matches(path)) }
    var text: String { regex.pattern }
    var reportText: String { "[path regex] " + regex.pattern }
    var indexPlace: URLIndexPlace { .pathPrefix(regex.literalPrefix) }
}

/// The URL fields this server reads.
enum URLPatterns {
    /// Every URL field, in the order error messages list them.
    static let all: [any URLPattern.Type] = [
        URLEqualToPattern.self, URLMatchingPattern.self, URLPathEqualToPattern.self, URLPathMatchingPattern.self,
    ]
    /// Their names.
    static let fieldNames = all.map { $0.fieldName }
}
