import Foundation

/// The `request` object of a mapping.
extension StubParser {
    static let requestFields: Set<String> = [
        "method", "url", "urlPattern", "urlPath", "urlPathPattern", "queryParameters", "headers", "bodyPatterns",
    ]
    static let unsupportedRequestFields: Set<String> = [
        "scheme", "host", "port", "clientIp", "urlPathTemplate", "pathParameters", "formParameters", "cookies",
        "basicAuth", "basicAuthCredentials", "customMatcher", "multipartPatterns",
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
        let urlFields = URLPatterns.all.filter { object[$0.fieldName] != nil && !(object[$0.fieldName] is NSNull) }
        if urlFields.count > 1 {
            throw StubError(
                .invalid, field: join(path, urlFields[1].fieldName),
                reason: "give one of \(URLPatterns.fieldNames.joined(separator: ", ")) (\(urlFields[0].fieldName) is given too)")
        }
        if let field = urlFields.first, let text = try string(object[field.fieldName], at: join(path, field.fieldName)) {
            request.url = StubURLMatcher(try field.init(text: text, at: join(path, field.fieldName)))
        }
        if let parameters = object["queryParameters"] {
            request.queryParameters = try matchers(parameters, at: join(path, "queryParameters"))
        }
        if let headers = object["headers"] {
            request.headers = try matchers(headers, at: join(path, "headers"))
        }
        if let patterns = object["bodyPatterns"], !(patterns is NSNull) {
            guard let list = patterns as? [Any] else {
                throw StubError(.invalid, field: join(path, "bodyPatterns"), reason: "must be an array of match operators")
            }
            for (index, spec) in list.enumerated() {
                request.bodyPatterns.append(StubValueMatcher(try StringValuePatterns.parse(spec, at: join(path, "bodyPatterns[\(index)]"))))
            }
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
            result[name] = StubValueMatcher(try StringValuePatterns.parse(spec, at: join(path, name)))
        }
        return result
    }
}
