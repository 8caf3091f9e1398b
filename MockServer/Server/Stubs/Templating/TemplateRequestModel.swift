import Foundation

/// The `request` a stub's template reads, built as WireMock 2.35's `RequestTemplateModel` is:
/// `url` (as sent), `path` (decoded; `.[n]` its segments), `pathSegments`, `query.NAME`,
/// `headers.NAME` (any case), `cookies.NAME`, `body`, `method`, `scheme`, `host`, `port`,
/// `baseUrl`, and `requestLine.*` with the same parts.
enum TemplateRequestModel {
    /// The model of `request`.
    static func value(of request: StubRequestInfo) -> TemplateValue {
        let path = request.path.removingPercentEncoding ?? request.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { TemplateValue.string(String($0)) }
        let urlPath = TemplateValue.urlPath(path, segments: segments)
        var query = TemplateObject()
        for pair in request.query.pairs { query.appendToList(.string(pair.value ?? ""), at: pair.name) }
        let host = request.host ?? "localhost"
        let port = request.port
        let hostHeader = request.headerValues(lowercased: "host").first?.trimmingCharacters(in: .whitespaces)
        let baseURL = "\(request.scheme)://\(hostHeader.flatMap { $0.isEmpty ? nil : $0 } ?? host)"
        var requestLine = TemplateObject()
        requestLine["method"] = .string(request.method)
        requestLine["scheme"] = .string(request.scheme)
        requestLine["host"] = .string(host)
        requestLine["port"] = .integer(port)
        requestLine["path"] = urlPath
        requestLine["pathSegments"] = urlPath
        requestLine["query"] = .object(query)
        requestLine["url"] = .string(request.pathAndQuery)
        requestLine["baseUrl"] = .string(baseURL)
        var model = TemplateObject()
        model["url"] = .string(request.pathAndQuery)
        model["path"] = urlPath
        model["pathSegments"] = urlPath
        model["query"] = .object(query)
        model["method"] = .string(request.method)
        model["scheme"] = .string(request.scheme)
        model["host"] = .string(host)
        model["port"] = .integer(port)
        model["baseUrl"] = .string(baseURL)
        model["headers"] = .object(headers(of: request))
        model["cookies"] = .object(cookies(of: request))
        model["body"] = .string(request.body.text ?? "")
        model["requestLine"] = .object(requestLine)
        return .object(model)
    }

    /// The root context of a stub's template: `request` and `parameters` (its `transformerParameters`).
    static func context(request: TemplateValue, parameters: TemplateValue) -> TemplateValue {
        var root = TemplateObject()
        root["parameters"] = parameters
        root["request"] = request
        return .object(root)
    }

    /// The headers, names merged without regard to case and sorted so (as WireMock's map
    /// prints them), each a `ListOrSingle` of its values in arrival order.
    private static func headers(of request: StubRequestInfo) -> TemplateObject {
        var order: [String] = []
        var values: [String: (name: String, values: [TemplateValue])] = [:]
        for header in request.headers {
            let key = header.name.lowercased()
            if values[key] == nil {
                order.append(key)
                values[key] = (header.name, [])
            }
            values[key]?.values.append(.string(header.value))
        }
        var object = TemplateObject()
        object.ignoresKeyCase = true
        for key in order.sorted() {
            guard let entry = values[key] else { continue }
            object[entry.name] = .listOrSingle(entry.values)
        }
        return object
    }

    /// The cookies of every `Cookie` header, each a `ListOrSingle` of its values in order.
    private static func cookies(of request: StubRequestInfo) -> TemplateObject {
        var object = TemplateObject()
        for header in request.headerValues(lowercased: "cookie") {
            for pair in header.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                object.appendToList(.string(String(trimmed[trimmed.index(after: equals)...])), at: String(trimmed[..<equals]))
            }
        }
        return object
    }
}
