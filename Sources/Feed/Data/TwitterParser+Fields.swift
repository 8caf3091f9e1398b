import Foundation

/// Reading the fields every format shares: snowflake ids and Twitter's two date forms.
extension TwitterParser {
    /// v1.1 `created_at`, e.g. `Wed Oct 10 20:19:24 +0000 2018` (English names, any offset).
    static let v11DateStrategy = Date.ParseStrategy(
        format: """
            \(weekday: .abbreviated) \(month: .abbreviated) \(day: .twoDigits) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) \
            \(timeZone: .iso8601(.short)) \(year: .defaultDigits)
            """,
        locale: Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)

    /// v2 `created_at` with fractional seconds, e.g. `2018-10-10T20:19:24.000Z`.
    static let v2DateWithFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    /// v2 `created_at` without fractional seconds, e.g. `2018-10-10T20:19:24Z`.
    static let v2Date = Date.ISO8601FormatStyle()

    /// A snowflake id written as decimal digits, or `nil` when `text` is anything else
    /// (sign, spaces, empty) or does not fit a non-negative `Int64`.
    static func identifier(fromDecimal text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int64(text)
    }
}

extension KeyedDecodingContainer {
    /// The JSON path of `key` in this container, e.g. `$.statuses[2].id_str`.
    func path(of key: Key) -> String {
        TwitterParser.jsonPath(codingPath + [key])
    }

    /// A required string id under `key` (`"1050118621198921728"`).
    func stringIdentifier(_ key: Key) throws -> Int64 {
        let text = try decode(String.self, forKey: key)
        guard let id = TwitterParser.identifier(fromDecimal: text) else {
            throw FeedParseError(path: path(of: key), reason: "not a decimal id that fits a 64-bit integer")
        }
        return id
    }

    /// A v1.1 id: `stringKey` (`id_str`) when present (and not null), else the number under `numberKey` (`id`),
    /// read exactly as an integer (never through a `Double`).
    func identifier(string stringKey: Key, number numberKey: Key) throws -> Int64 {
        if let text = try decodeIfPresent(String.self, forKey: stringKey) {
            guard let id = TwitterParser.identifier(fromDecimal: text) else {
                throw FeedParseError(path: path(of: stringKey), reason: "not a decimal id that fits a 64-bit integer")
            }
            return id
        }
        guard contains(numberKey), (try? decodeNil(forKey: numberKey)) != true else {
            throw FeedParseError(path: path(of: stringKey), reason: "missing (and no numeric \(numberKey.stringValue) either)")
        }
        if let id = try? decode(Int64.self, forKey: numberKey), id >= 0 { return id }
        if (try? decode(UInt64.self, forKey: numberKey)) != nil {
            throw FeedParseError(path: path(of: numberKey), reason: "the id does not fit a 64-bit signed integer")
        }
        let found = (try? decode(JSONShape.self, forKey: numberKey))?.article ?? "another kind of value"
        if found == "a number" {
            throw FeedParseError(path: path(of: numberKey), reason: "not a non-negative whole number that fits 64 bits")
        }
        throw FeedParseError(path: path(of: numberKey), reason: "expected a number, found \(found)")
    }

    /// A required v1.1 date under `key`, like `Wed Oct 10 20:19:24 +0000 2018`.
    func v11Date(_ key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = try? TwitterParser.v11DateStrategy.parse(text) else {
            throw FeedParseError(path: path(of: key), reason: "not a date like \"Wed Oct 10 20:19:24 +0000 2018\"")
        }
        return date
    }

    /// A required v2 date under `key`: ISO 8601, with or without fractional seconds.
    func v2Date(_ key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        if let date = try? TwitterParser.v2DateWithFraction.parse(text) { return date }
        if let date = try? TwitterParser.v2Date.parse(text) { return date }
        throw FeedParseError(path: path(of: key), reason: "not an ISO 8601 date like \"2018-10-10T20:19:24.000Z\"")
    }
}
