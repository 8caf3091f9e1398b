/// Which URLs a stub answers (WireMock's `url`, `urlPattern`, `urlPath`, `urlPathPattern`).
///
/// `url` and `urlPattern` look at the path and the query (`/items?page=2`), `urlPath` and
/// `urlPathPattern` at the path only. Patterns must match the whole value. Two matchers are
/// equal when a mapping writes them the same way.
public struct StubURLMatcher: Sendable, Hashable {
    /// The field.
    let pattern: any URLPattern

    init(_ pattern: any URLPattern) { self.pattern = pattern }

    /// Any URL (the mapping names none).
    public static var any: StubURLMatcher { StubURLMatcher(AnyURLPattern()) }
    /// The path and query, exactly (`"url": "/items?page=2"`).
    public static func url(_ url: String) -> StubURLMatcher { StubURLMatcher(URLEqualToPattern(url)) }
    /// The path and query match the expression (`"urlPattern": "/items\\?page=[0-9]+"`).
    public static func urlPattern(_ regex: StubRegex) -> StubURLMatcher { StubURLMatcher(URLMatchingPattern(regex)) }
    /// The path, exactly, whatever the query (`"urlPath": "/items"`).
    public static func urlPath(_ path: String) -> StubURLMatcher { StubURLMatcher(URLPathEqualToPattern(path)) }
    /// The path matches the expression, whatever the query (`"urlPathPattern": "/items/[0-9]+"`).
    public static func urlPathPattern(_ regex: StubRegex) -> StubURLMatcher { StubURLMatcher(URLPathMatchingPattern(regex)) }

    /// The path matches the template, whatever the query (`"urlPathTemplate": "/items/{id}"`,
    /// WireMock 3); throws when the template is not one.
    public static func urlPathTemplate(_ template: String) throws(StubError) -> StubURLMatcher {
        StubURLMatcher(try URLPathTemplatePattern(text: template, at: "urlPathTemplate"))
    }

    /// Whether a request for `path` with `pathAndQuery` (the path, then `?query` when there is
    /// one) matches.
    func accepts(path: String, pathAndQuery: String) -> Bool {
        pattern.accepts(path: path, pathAndQuery: pathAndQuery)
    }

    /// Whether the matcher looks at the query (`url`, `urlPattern`): then every parameter of a
    /// request it accepted is part of what the stub matched, the app's and not a fault
    /// (`"url": "/orders?status=all"` must not read `status=all` as MockServer's `status`).
    var coversQuery: Bool { pattern.coversQuery }

    /// The field name and value as a mapping writes them; `nil` for ``any``.
    var field: (name: String, value: String)? {
        let name = type(of: pattern).fieldName
        return name.isEmpty ? nil : (name, pattern.text)
    }

    /// Equal when written the same way.
    public static func == (lhs: StubURLMatcher, rhs: StubURLMatcher) -> Bool {
        type(of: lhs.pattern).fieldName == type(of: rhs.pattern).fieldName && lhs.pattern.text == rhs.pattern.text
    }
    /// Hashes what a mapping writes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type(of: pattern).fieldName)
        hasher.combine(pattern.text)
    }
}
