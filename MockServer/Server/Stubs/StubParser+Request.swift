import Foundation

/// The `request` object of a mapping.
extension StubParser {
    static let requestFields: Set<String> = [
        "method", "url", "urlPattern", "urlPath", "urlPathPattern", "queryParameters", "headers",
    ]
    static let unsupportedRequestFields: Set<String> = [
        "scheme", "host", "port", "clientIp", "urlPathTemplate", "pathParameters", "formParameters", "cookies",
        "basicAuth", "basicAuthCredentials", "bodyPatterns", "customMatcher", "multipartPatterns",
    ]
    /// Match operators of WireMock this server does not implement.
    static let unsupportedOperators: Set<String> = [
        "doesNotContain", "doesNotMatch", "equalToJson", "matchesJsonPath", "matchesJsonSchema", "equalToXml",
        "matchesXPath", "not", "before", "after", "equalToDateTime", "anything", "and", "or", "matchesPathTemplate",
        "hasExactly", "includes", "binaryEqualTo",
    ]

    /// The request pattern.
    static func request(_ value: Any, at path: String) throws(StubError) -> StubRequest {
        let object = try object(value, at: path)
        try checkFields(object, at: path, known: requestFields, unsupported: unsupportedRequestFields)
        var request = StubRequest()
        if let method = try string(object["method"], at: join(path, "method")) {
            let valid = !method.isEmpty && method.count <= 32 && method.utf8.allSatisfy { $0 >= 65 && $0 <= 90 || $0 == 45 || $0 == 95 }
            guard valid else {
                throw StubError(.invalid, field: join(path, "method"), reason: "'\(method)' is not an HTTP method in capitals (or ANY)")
            }
            request.method = method == "ANY" ? nil : method
        }
        let urlFields = ["url", "urlPattern", "urlPath", "urlPathPattern"].filter { object[$0] != nil && !(object[$0] is NSNull) }
        if urlFields.count > 1 {
            throw StubError(
                .invalid, field: join(path, urlFields[1]),
                reason: "give one of url, urlPattern, urlPath, urlPathPattern (\(urlFields[0]) is given too)")
        }
        if let field = urlFields.first, let text = try string(object[field], at: join(path, field)) {
            let place = join(path, field)
            switch field {
            case "url": request.url = .url(text)
            case "urlPath": request.url = .urlPath(text)
            case "urlPattern": request.url = .urlPattern(try regex(text, at: place))
            default: request.url = .urlPathPattern(try regex(text, at: place))
            }
        }
        if let parameters = object["queryParameters"] {
            request.queryParameters = try matchers(parameters, at: join(path, "queryParameters"))
        }
        if let headers = object["headers"] {
            request.headers = try matchers(headers, at: join(path, "headers"))
        }
        return request
    }

    /// A compiled expression, or the error naming `path`.
    static func regex(_ pattern: String, at path: String) throws(StubError) -> StubRegex {
        do {
            return try StubRegex(pattern)
        } catch {
            throw StubError(error.kind, field: path, reason: error.reason)
        }
    }

    /// `{"name": {"equalTo": …}, …}`.
    private static func matchers(_ value: Any, at path: String) throws(StubError) -> [String: StubValueMatcher] {
        let object = try object(value, at: path)
        var result: [String: StubValueMatcher] = [:]
        for (name, spec) in object {
            result[name] = try matcher(spec, at: join(path, name))
        }
        return result
    }

    /// One of `equalTo` (with `caseInsensitive`), `contains`, `matches`, `absent`.
    static func matcher(_ value: Any, at path: String) throws(StubError) -> StubValueMatcher {
        let object = try object(value, at: path)
        let operators = object.keys.filter { $0 != "caseInsensitive" }.sorted()
        guard let name = operators.first else {
            throw StubError(.invalid, field: path, reason: "needs one of equalTo, contains, matches, absent")
        }
        if operators.count > 1 {
            throw StubError(.invalid, field: join(path, operators[1]), reason: "one match operator per value (\(operators[0]) is given too)")
        }
        let place = join(path, name)
        if object["caseInsensitive"] != nil, name != "equalTo" {
            throw StubError(.invalid, field: join(path, "caseInsensitive"), reason: "applies to equalTo only")
        }
        func operand() throws(StubError) -> String {
            guard let text = object[name] as? String else { throw StubError(.invalid, field: place, reason: "must be a string") }
            return text
        }
        switch name {
        case "equalTo":
            var caseInsensitive = false
            if let flag = object["caseInsensitive"] {
                guard case .bool(let value)? = JSONValue(foundation: flag) else {
                    throw StubError(.invalid, field: join(path, "caseInsensitive"), reason: "must be true or false")
                }
                caseInsensitive = value
            }
            return .equalTo(try operand(), caseInsensitive: caseInsensitive)
        case "contains":
            return .contains(try operand())
        case "matches":
            return .matches(try regex(try operand(), at: place))
        case "absent":
            return .absent
        default:
            if unsupportedOperators.contains(name) {
                throw StubError(.unsupported, field: place, reason: "not supported by mockserver (supported: equalTo, contains, matches, absent)")
            }
            throw StubError(.invalid, field: place, reason: "unknown match operator (supported: equalTo, contains, matches, absent)")
        }
    }
}
