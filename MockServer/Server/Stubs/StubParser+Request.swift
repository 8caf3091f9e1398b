import Foundation

/// The `request` object of a mapping.
extension StubParser {
    static let requestFields: Set<String> = [
        "method", "url", "urlPattern", "urlPath", "urlPathPattern", "queryParameters", "headers", "cookies", "host", "port",
        "scheme", "basicAuth", "basicAuthCredentials", "urlPathTemplate", "pathParameters", "bodyPatterns",
    ]
    static let unsupportedRequestFields: Set<String> = [
        "clientIp", "formParameters", "customMatcher", "multipartPatterns",
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
        try otherFields(object, into: &request, at: path)
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

    /// `pathParameters`, `cookies`, `host`, `port`, `scheme` and `basicAuthCredentials` (or
    /// `basicAuth`).
    private static func otherFields(_ object: [String: Any], into request: inout StubRequest, at path: String) throws(StubError) {
        if let parameters = object["pathParameters"], !(parameters is NSNull) {
            let place = join(path, "pathParameters")
            guard let template = request.url.pattern as? URLPathTemplatePattern else {
                throw StubError(.invalid, field: place, reason: "needs a urlPathTemplate naming them")
            }
            request.pathParameters = try matchers(parameters, at: place)
            for name in request.pathParameters.keys.sorted() where !template.parameterNames.contains(name) {
                throw StubError(.invalid, field: join(place, name), reason: "is not a parameter of urlPathTemplate \(template.text)")
            }
        }
        if let cookies = object["cookies"], !(cookies is NSNull) {
            request.cookies = try matchers(cookies, at: join(path, "cookies"))
        }
        if let host = object["host"], !(host is NSNull) {
            request.host = StubValueMatcher(try StringValuePatterns.parse(host, at: join(path, "host")))
        }
        if let port = object["port"], !(port is NSNull) {
            request.port = try integer(port, at: join(path, "port"), in: 0...65535)
        }
        if let scheme = try string(object["scheme"], at: join(path, "scheme")) {
            guard scheme == "http" || scheme == "https" else {
                throw StubError(.invalid, field: join(path, "scheme"), reason: "'\(scheme)' is not http or https")
            }
            request.scheme = scheme
        }
        let credentials = ["basicAuthCredentials", "basicAuth"].filter { object[$0] != nil && !(object[$0] is NSNull) }
        if credentials.count > 1 {
            throw StubError(.invalid, field: join(path, "basicAuth"), reason: "the older name of basicAuthCredentials, which is given too")
        }
        if let field = credentials.first, let value = object[field] {
            let place = join(path, field)
            let fields = try self.object(value, at: place)
            try checkFields(fields, at: place, known: ["username", "password"], unsupported: [])
            guard let username = try string(fields["username"], at: join(place, "username")) else {
                throw StubError(.invalid, field: join(place, "username"), reason: "is required")
            }
            guard let password = try string(fields["password"], at: join(place, "password")) else {
                throw StubError(.invalid, field: join(place, "password"), reason: "is required")
            }
            request.basicAuthCredentials = StubBasicCredentials(username: username, password: password)
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
