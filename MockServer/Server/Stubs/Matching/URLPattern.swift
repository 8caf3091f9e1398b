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
    /// The one value it accepts (the path, or the path and query when ``coversQuery``), when
    /// there is just one: serving then compares it directly, without measuring a distance.
    var exactValue: String? { get }
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
    var exactValue: String? { nil }

    /// Whether a request for `path` with `pathAndQuery` matches: the same verdict as
    /// ``match(path:pathAndQuery:)``, by the exact value when there is one.
    func accepts(path: String, pathAndQuery: String) -> Bool {
        if let exact = exactValue { return exact == (coversQuery ? pathAndQuery : path) }
        return match(path: path, pathAndQuery: pathAndQuery).isExactMatch
    }
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

/// A URL field whose value is compared as text, exactly. Its distance is the edit distance, so
/// a near miss names the stub with the closest URL.
protocol ExactURLPattern: URLPattern {
    /// The pattern for exactly `text`.
    init(_ text: String)
    /// What of a request it compares: the path, or the path and query.
    func value(path: String, pathAndQuery: String) -> String
}

extension ExactURLPattern {
    init(text: String, at path: String) throws(StubError) { self.init(text) }
    var exactValue: String? { text }
    func match(path: String, pathAndQuery: String) -> MatchResult {
        let actual = value(path: path, pathAndQuery: pathAndQuery)
        return MatchResult(isExactMatch: text == actual, expected: text, actual: actual)
    }
}

/// `"url": "/items?page=2"`: the path and query, exactly.
struct URLEqualToPattern: ExactURLPattern {
    static let fieldName = "url"
    let text: String
    init(_ text: String) { self.text = text }
    func value(path: String, pathAndQuery: String) -> String { pathAndQuery }
    var reportText: String { text }
    var coversQuery: Bool { true }
    var indexPlace: URLIndexPlace { .path(String(text.prefix { $0 != "?" })) }
}

/// `"urlPath": "/items"`: the path, exactly, whatever the query.
struct URLPathEqualToPattern: ExactURLPattern {
    static let fieldName = "urlPath"
    let text: String
    init(_ text: String) { self.text = text }
    func value(path: String, pathAndQuery: String) -> String { path }
    var reportText: String { "[path] " + text }
    var indexPlace: URLIndexPlace { .path(text) }
}

/// A URL field whose value is a regular expression (``StubRegex``), matched whole.
protocol RegexURLPattern: URLPattern {
    /// The expression.
    var regex: StubRegex { get }
    /// The pattern of `regex`.
    init(_ regex: StubRegex)
    /// What of a request it matches: the path, or the path and query.
    func value(path: String, pathAndQuery: String) -> String
}

extension RegexURLPattern {
    init(text: String, at path: String) throws(StubError) { self.init(try StubParser.regex(text, at: path)) }
    var text: String { regex.pattern }
    func match(path: String, pathAndQuery: String) -> MatchResult {
        MatchResult(regex.matches(value(path: path, pathAndQuery: pathAndQuery)))
    }
}

/// `"urlPattern": "/items\\?page=[0-9]+"`: the path and query match the expression.
struct URLMatchingPattern: RegexURLPattern {
    static let fieldName = "urlPattern"
    let regex: StubRegex
    init(_ regex: StubRegex) { self.regex = regex }
    func value(path: String, pathAndQuery: String) -> String { pathAndQuery }
    var reportText: String { "[regex] " + regex.pattern }
    var coversQuery: Bool { true }
    var indexPlace: URLIndexPlace { .queryPrefix(regex.literalPrefix) }
}

/// `"urlPathPattern": "/items/[0-9]+"`: the path matches the expression, whatever the query.
struct URLPathMatchingPattern: RegexURLPattern {
    static let fieldName = "urlPathPattern"
    let regex: StubRegex
    init(_ regex: StubRegex) { self.regex = regex }
    func value(path: String, pathAndQuery: String) -> String { path }
    var reportText: String { "[path regex] " + regex.pattern }
    var indexPlace: URLIndexPlace { .pathPrefix(regex.literalPrefix) }
}

/// The URL fields this server reads.
enum URLPatterns {
    /// Every URL field, in the order error messages list them.
    static let all: [any URLPattern.Type] = [
        URLEqualToPattern.self, URLMatchingPattern.self, URLPathEqualToPattern.self, URLPathMatchingPattern.self,
        URLPathTemplatePattern.self,
    ]
    /// Their names.
    static let fieldNames = all.map { $0.fieldName }
}
