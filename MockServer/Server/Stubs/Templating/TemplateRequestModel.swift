import Foundation

/// The `request` a stub's template reads, built as WireMock 2.35's `RequestTemplateModel` is:
/// `url` (as sent), `path` (decoded; `.[n]` its segments), `pathSegments`, `query.NAME`,
/// `headers.NAME` (any case), `cookies.NAME`, `body`, `method`, `scheme`, `host`, `port`,
/// `baseUrl`, and `requestLine.*` with the same parts.
enum TemplateRequestModel {
    /// The model's members, in the order WireMock's map lists them.
    static let fieldNames = [
        "url", "path", "pathSegments", "query", "method", "scheme", "host", "port", "baseUrl", "headers", "cookies", "body",
        "requestLine",
    ]

    /// The model of `request`, every member.
    static func value(of request: StubRequestInfo) -> TemplateValue {
        value(of: request, fields: nil)
    }

    /// The model of `request` with only the members in `fields` (all when `nil`): a template
    /// that reads `request.path` alone costs no header, cookie or query decoding.
    static func value(of request: StubRequestInfo, fields: Set<String>?) -> TemplateValue {
        var model = TemplateObject()
        for name in fieldNames where fields?.contains(name) ?? true { model[name] = field(name, of: request) }
        return .object(model)
    }

    /// One member of the model (`.null` for a name it lacks).
    static func field(_ name: String, of request: StubRequestInfo) -> TemplateValue {
        switch name {
        case "url": return .string(request.pathAndQuery)
        case "path", "pathSegments": return urlPath(of: request)
        case "query": return .object(query(of: request))
        case "method": return method(request.method)
        case "scheme": return .string(request.scheme)
        case "host": return .string(host(of: request))
        case "port": return .integer(request.port)
        case "baseUrl": return .string(baseURL(of: request))
        case "headers": return .object(headers(of: request))
        case "cookies": return .object(cookies(of: request))
        case "body": return .string(request.body.text ?? "")
        case "requestLine":
            var requestLine = TemplateObject()
            let path = urlPath(of: request)
            requestLine["method"] = method(request.method)
            requestLine["scheme"] = .string(request.scheme)
            requestLine["host"] = .string(host(of: request))
            requestLine["port"] = .integer(request.port)
            requestLine["path"] = path
            requestLine["pathSegments"] = path
            requestLine["query"] = .object(query(of: request))
            requestLine["url"] = .string(request.pathAndQuery)
            requestLine["baseUrl"] = .string(baseURL(of: request))
            return .object(requestLine)
        default: return .null
        }
    }

    /// The method as WireMock 2.35 hands it over: a `RequestMethod` object, not text. It prints
    /// as its name (`POST`) and reads as text where a helper takes the text of its argument
    /// (`upper`, `contains`, `matches`), but it equals no text (`{{eq request.method 'POST'}}` is
    /// false, as in WireMock; `request.method.name` is the text), and `size` finds no size in it.
    static func method(_ name: String) -> TemplateValue {
        var object = TemplateObject([("name", .string(name)), ("value", .string(name))])
        object.printedText = name
        object.isJavaBean = true
        return .object(object)
    }

    /// The decoded path, which prints as itself and whose `.[n]` are its segments.
    private static func urlPath(of request: StubRequestInfo) -> TemplateValue {
        // Foundation's decoding costs microseconds even with nothing to decode: most paths have no `%`.
        let path = request.path.utf8.contains(UInt8(ascii: "%")) ? request.path.removingPercentEncoding ?? request.path : request.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { TemplateValue.string(String($0)) }
        return .urlPath(path, segments: segments)
    }

    /// Each query parameter as a `ListOrSingle` of its values.
    private static func query(of request: StubRequestInfo) -> TemplateObject {
        var query = TemplateObject()
        for pair in request.query.pairs { query.appendToList(.string(pair.value ?? ""), at: pair.name) }
        return query
    }

    private static func host(of request: StubRequestInfo) -> String { request.host ?? "localhost" }

    /// `scheme://` and the `Host` header as sent (the server's own address without one).
    private static func baseURL(of request: StubRequestInfo) -> String {
        let hostHeader = request.headerValues(lowercased: "host").first?.trimmingCharacters(in: .whitespaces)
        return "\(request.scheme)://\(hostHeader.flatMap { $0.isEmpty ? nil : $0 } ?? host(of: request))"
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
