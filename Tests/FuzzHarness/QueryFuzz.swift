import Foundation
@testable import MockServer

/// Reads the bytes as `PATH?QUERY` (as libmicrohttpd hands them over: `&`-separated pairs,
/// percent-decoded) and runs them through `QueryParameters`, `RequestFaults` and `Route`:
/// either a `ParameterError` naming a parameter, or values inside their documented ranges.
enum QueryFuzz {
    static func check(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let (path, rawQuery) = split(text)
        let query = QueryParameters(pairs: pairs(rawQuery))
        _ = query.canonical
        do {
            for fault in try RequestFaults(query).list {
                if let problem = outOfRange(fault) { return problem }
            }
        } catch {
            if error.parameter.isEmpty || error.error.isEmpty { return "a ParameterError without a parameter or message" }
        }
        do {
            let route = try Route(path: path, query: query)
            switch route {
            case .image(let key, _), .avatar(let key):
                if !(1...Route.maximumSide).contains(key.width) || !(1...Route.maximumSide).contains(key.height) {
                    return "an image of \(key.width)x\(key.height)"
                }
            case .v11Search(_, let count, let since, let max), .v11UserTimeline(_, let count, let since, let max):
                if count < 1 || count > 200 || since == 0 || max == 0 { return "\(route) out of range" }
            case .v2Search(_, let maxResults, let since):
                if !(10...100).contains(maxResults) || since == 0 { return "\(route) out of range" }
            case .health, .gallery, .notFound:
                break
            }
        } catch {
            if error.parameter.isEmpty || error.error.isEmpty { return "a ParameterError without a parameter or message" }
        }
        return nil
    }

    /// A problem when `fault`'s value lies outside what its row of the fault table accepts.
    static func outOfRange(_ fault: Fault) -> String? {
        let (name, value) = (fault.name, fault.value)
        switch name.kind {
        case .flag:
            return value == "1" ? nil : "\(name.rawValue) \(value) is not a switch"
        case .integer(let range, _):
            guard let number = Int(value), range.contains(number) else { return "\(name.rawValue) \(value) out of range" }
        case .probability:
            guard let rate = Double(value), (0...1).contains(rate) else { return "\(name.rawValue) \(value) out of range" }
        case .choice(let words):
            guard words.contains(value) else { return "\(name.rawValue) \(value) is not one of its words" }
        case .mediaType, .cacheControl:
            if value.isEmpty || value.utf8.count > 255 || value.utf8.contains(where: { $0 < 32 || $0 >= 127 }) {
                return "a \(name.rawValue) value that cannot be a header: \(value.debugDescription)"
            }
        }
        return nil
    }

    /// `PATH?QUERY`; a text without `?` is a query on `/images/1.png` (the route with most parameters).
    static func split(_ text: String) -> (path: String, query: Substring) {
        guard let mark = text.firstIndex(of: "?") else { return ("/images/1.png", Substring(text)) }
        return (String(text[..<mark]), text[text.index(after: mark)...])
    }

    /// `a=1&b&c=%41` as decoded pairs; `+` is a space, a bad escape stays as it is.
    static func pairs(_ query: Substring) -> [(name: String, value: String?)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (decode(item), nil) }
            return (decode(item[..<equals]), decode(item[item.index(after: equals)...]))
        }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
