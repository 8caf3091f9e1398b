import Foundation

/// The request side of a stub: method, URL, query parameters, headers, body and the rarer fields
/// (cookies, host, port, scheme, basic credentials). All given parts must match; header names are compared without regard to case, as HTTP wants.
public struct StubRequest: Sendable, Hashable {
    /// The method (`GET`, `POST`…), or `nil` for any (WireMock's `ANY`).
    public var method: String?
    /// The URL matcher.
    public var url: StubURLMatcher
    /// Query parameters by name.
    public var queryParameters: [String: StubValueMatcher]
    /// Headers by name.
    public var headers: [String: StubValueMatcher]
    /// Cookies (from the `Cookie` header) by name.
    public var cookies: [String: StubValueMatcher] = [:]
    /// The host the request names (its `Host` header without the port).
    public var host: StubValueMatcher?
    /// The port the request names (its `Host` header's, else the scheme's).
    public var port: Int?
    /// `http` or `https`.
    public var scheme: String?
    /// The credentials of an `Authorization: Basic` header (`basicAuthCredentials`, or its
    /// older name `basicAuth`).
    public var basicAuthCredentials: StubBasicCredentials?
    /// The path parameters of a `urlPathTemplate` (`/items/{id}`) by name.
    public var pathParameters: [String: StubValueMatcher] = [:]
    /// Patterns the request body must all match (`bodyPatterns`), in the mapping's order.
    public var bodyPatterns: [StubValueMatcher] = []

    /// A request pattern; `method: nil` matches any method.
    public init(
        method: String? = nil, url: StubURLMatcher = .any, queryParameters: [String: StubValueMatcher] = [:],
        headers: [String: StubValueMatcher] = [:]
    ) {
        if let method, method.uppercased() != "ANY" { self.method = method } else { self.method = nil }
        self.url = url
        self.queryParameters = queryParameters
        self.headers = headers
    }

    /// A `GET` of exactly this path, whatever the query.
    public static func get(urlPath: String) -> StubRequest { StubRequest(method: "GET", url: .urlPath(urlPath)) }
    /// A `POST` to exactly this path, whatever the query.
    public static func post(urlPath: String) -> StubRequest { StubRequest(method: "POST", url: .urlPath(urlPath)) }
    /// Any method on exactly this path, whatever the query.
    public static func any(urlPath: String) -> StubRequest { StubRequest(method: nil, url: .urlPath(urlPath)) }

    /// The same pattern, also requiring query parameter `name` to match.
    public func withQueryParameter(_ name: String, _ matcher: StubValueMatcher) -> StubRequest {
        var copy = self
        copy.queryParameters[name] = matcher
        return copy
    }

    /// The same pattern, also requiring header `name` to match.
    public func withHeader(_ name: String, _ matcher: StubValueMatcher) -> StubRequest {
        var copy = self
        copy.headers[name] = matcher
        return copy
    }

    /// The same pattern, also requiring the body to match `matcher`.
    public func withBodyPattern(_ matcher: StubValueMatcher) -> StubRequest {
        var copy = self
        copy.bodyPatterns.append(matcher)
        return copy
    }

    /// The pattern as a mapping's `request` object.
    var json: JSONValue {
        var object: [String: JSONValue] = ["method": .string(method ?? "ANY")]
        if let field = url.field { object[field.name] = .string(field.value) }
        if !queryParameters.isEmpty { object["queryParameters"] = .object(queryParameters.mapValues(\.json)) }
        if !headers.isEmpty { object["headers"] = .object(headers.mapValues(\.json)) }
        if !cookies.isEmpty { object["cookies"] = .object(cookies.mapValues(\.json)) }
        if let host { object["host"] = host.json }
        if let port { object["port"] = .integer(port) }
        if let scheme { object["scheme"] = .string(scheme) }
        if let basicAuthCredentials {
            object["basicAuthCredentials"] = .object([
                "username": .string(basicAuthCredentials.username), "password": .string(basicAuthCredentials.password),
            ])
        }
        if !pathParameters.isEmpty { object["pathParameters"] = .object(pathParameters.mapValues(\.json)) }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.json)) }
        return .object(object)
    }
}

/// The user name and password an `Authorization: Basic` header must carry.
public struct StubBasicCredentials: Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Credentials `username:password`.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The header value that carries them: `Basic ` and `username:password` in base64, as WireMock
    /// builds it.
    var headerValue: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }
}
