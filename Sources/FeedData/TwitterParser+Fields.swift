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

    /// A snowflake id written as decimal digits, or why `text` is not one.
    ///
    /// Ids are positive and written without leading zeros, as Twitter writes them: `0`, `007`,
    /// a sign, spaces, a fraction or an empty string are not ids, and neither is a number
    /// beyond `Int64.max`.
    static func identifier(fromDecimal text: String) -> Result<Int64, IdentifierProblem> {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return .failure(.notDecimal)
        }
        if text == "0" { return .failure(.zero) }
        if text.utf8.first == UInt8(ascii: "0") { return .failure(.leadingZero) }
        guard let id = Int64(text) else { return .failure(.tooLarge) }
        return .success(id)
    }

    /// Why a value is not a snowflake id.
    enum IdentifierProblem: Error {
        /// Not decimal digits alone (a sign, spaces, a fraction, empty).
        case notDecimal
        /// `0`, which no tweet or user has.
        case zero
        /// Digits after a `0`, which Twitter never writes (`0123`).
        case leadingZero
        /// Decimal digits beyond `Int64.max`.
        case tooLarge

        /// One sentence for a ``FeedParseError``.
        var reason: String {
            switch self {
            case .notDecimal: return "not a decimal id that fits a 64-bit integer"
            case .zero: return "0 is not an id (ids are positive)"
            case .leadingZero: return "not a decimal id: it starts with a leading zero"
            case .tooLarge: return "not a decimal id that fits a 64-bit integer (the id does not fit)"
            }
        }
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
        switch TwitterParser.identifier(fromDecimal: text) {
        case .success(let id): return id
        case .failure(let problem): throw FeedParseError(path: path(of: key), reason: problem.reason)
        }
    }

    /// A v1.1 id: `stringKey` (`id_str`) when present (and not null), else the number under `numberKey` (`id`).
    ///
    /// The number is read as a `Decimal`, which keeps every digit of the JSON text (never
    /// through a `Double`, and never truncated the way decoding `Int64` truncates
    /// `1470000000000000123.9`): it must be a whole number from 1 to `Int64.max`.
    func identifier(string stringKey: Key, number numberKey: Key) throws -> Int64 {
        if try decodeIfPresent(String.self, forKey: stringKey) != nil { return try stringIdentifier(stringKey) }
        guard contains(numberKey), (try? decodeNil(forKey: numberKey)) != true else {
            throw FeedParseError(path: path(of: stringKey), reason: "missing (and no numeric \(numberKey.stringValue) either)")
        }
        guard let number = try? decode(Decimal.self, forKey: numberKey), number.isFinite else {
            let found = (try? decode(JSONShape.self, forKey: numberKey))?.article ?? "another kind of value"
            if found == "a number" {
                throw FeedParseError(path: path(of: numberKey), reason: "not a non-negative whole number that fits 64 bits")
            }
            throw FeedParseError(path: path(of: numberKey), reason: "expected a number, found \(found)")
        }
        if number < 0 {
            throw FeedParseError(path: path(of: numberKey), reason: "not a non-negative whole number (the id is negative)")
        }
        // `Decimal`'s description is plain decimal digits, with a point only for a fraction.
        let text = number.description
        if text.contains(".") {
            throw FeedParseError(path: path(of: numberKey), reason: "not a whole number: the id has a fractional part (\(text))")
        }
        switch TwitterParser.identifier(fromDecimal: text) {
        case .success(let id): return id
        case .failure(.tooLarge): throw FeedParseError(path: path(of: numberKey), reason: "the id does not fit a 64-bit signed integer")
        case .failure(let problem): throw FeedParseError(path: path(of: numberKey), reason: problem.reason)
        }
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
