import Foundation

/// What `before`, `after` and `equalToDateTime` share (WireMock 2.35): the expected moment — a
/// date-time, or `now` with an optional offset (`now +3 days`, or `expectedOffset` and
/// `expectedOffsetUnit`) — `actualFormat` for the request's value, and `truncateExpected` /
/// `truncateActual` (`first day of month`…).
struct DateTimeExpectation: Sendable {
    /// The modifiers the three operators take.
    static let modifierNames: Set<String> = ["actualFormat", "truncateExpected", "truncateActual", "expectedOffset", "expectedOffsetUnit"]

    /// The operand as written.
    let text: String
    /// A fixed moment, or `nil` for `now`.
    let fixed: Double?
    /// The offset added to the expected moment.
    let offset: (amount: Int, unit: Unit)?
    let actualFormat: StubDateFormat?
    let truncateExpected: Truncation?
    let truncateActual: Truncation?

    /// The units of an offset.
    enum Unit: String, Sendable, CaseIterable {
        case seconds, minutes, hours, days, months, years
    }

    /// WireMock's truncations, in UTC.
    enum Truncation: String, Sendable, CaseIterable {
        case firstMinuteOfHour = "first minute of hour"
        case firstHourOfDay = "first hour of day"
        case firstDayOfMonth = "first day of month"
        case firstDayOfNextMonth = "first day of next month"
        case lastDayOfMonth = "last day of month"
        case firstDayOfYear = "first day of year"
        case firstDayOfNextYear = "first day of next year"
        case lastDayOfYear = "last day of year"

        /// `seconds` truncated.
        func apply(_ seconds: Double) -> Double {
            let c = StubDateTime.civil(seconds)
            switch self {
            case .firstMinuteOfHour: return StubDateTime.seconds(year: c.year, month: c.month, day: c.day, hour: c.hour)
            case .firstHourOfDay: return StubDateTime.seconds(year: c.year, month: c.month, day: c.day)
            case .firstDayOfMonth: return StubDateTime.seconds(year: c.year, month: c.month, day: 1)
            case .firstDayOfNextMonth:
                return StubDateTime.seconds(year: c.month == 12 ? c.year + 1 : c.year, month: c.month % 12 + 1, day: 1)
            case .lastDayOfMonth:
                return StubDateTime.seconds(year: c.year, month: c.month, day: StubDateTime.daysIn(month: c.month, year: c.year))
            case .firstDayOfYear: return StubDateTime.seconds(year: c.year, month: 1, day: 1)
            case .firstDayOfNextYear: return StubDateTime.seconds(year: c.year + 1, month: 1, day: 1)
            case .lastDayOfYear: return StubDateTime.seconds(year: c.year, month: 12, day: 31)
            }
        }
    }

    init(json object: [String: Any], operatorName: String, at path: String) throws(StubError) {
        guard let text = object[operatorName] as? String else {
            throw StubError(.invalid, field: StubParser.join(path, operatorName), reason: "must be a date-time string or now (+3 days)")
        }
        self.text = text
        let words = text.split(separator: " ").map(String.init)
        var offset: (amount: Int, unit: Unit)?
        if words.first?.lowercased() == "now" {
            fixed = nil
            if words.count == 3, let amount = Int(words[1].hasPrefix("+") ? String(words[1].dropFirst()) : words[1]),
                abs(amount) <= 1_000_000, let unit = Unit(rawValue: words[2].lowercased())
            {
                offset = (amount, unit)
            } else if words.count != 1 {
                throw StubError(
                    .invalid, field: StubParser.join(path, operatorName),
                    reason: "'\(text)' is not now or now with an offset like now +3 days (units: \(Unit.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        } else {
            guard let moment = StubDateTime.parse(text) else {
                throw StubError(
                    .invalid, field: StubParser.join(path, operatorName), reason: "'\(text)' is not an ISO 8601 date-time or now (+3 days)")
            }
            fixed = moment
        }
        // WireMock 2.35 applies expectedOffset to `now` only (it writes the pair back as
        // `now -3 days`); beside a fixed date-time it reads and ignores it.
        if let amount = object["expectedOffset"] {
            let value = try StubParser.integer(amount, at: StubParser.join(path, "expectedOffset"), in: -1_000_000...1_000_000)
            let unitPath = StubParser.join(path, "expectedOffsetUnit")
            guard let name = try StubParser.string(object["expectedOffsetUnit"], at: unitPath), let unit = Unit(rawValue: name.lowercased()) else {
                throw StubError(.invalid, field: unitPath, reason: "must be one of \(Unit.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            offset = (value, unit)
        }
        self.offset = fixed == nil ? offset : nil
        actualFormat = try StubParser.string(object["actualFormat"], at: StubParser.join(path, "actualFormat")).map(StubDateFormat.init)
        truncateExpected = try Self.truncation(object["truncateExpected"], at: StubParser.join(path, "truncateExpected"))
        truncateActual = try Self.truncation(object["truncateActual"], at: StubParser.join(path, "truncateActual"))
    }

    private static func truncation(_ value: Any?, at path: String) throws(StubError) -> Truncation? {
        guard let name = try StubParser.string(value, at: path) else { return nil }
        guard let truncation = Truncation(rawValue: name.lowercased()) else {
            throw StubError(.invalid, field: path, reason: "'\(name)' is not one of \(Truncation.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return truncation
    }

    /// The expected moment: the fixed one as written, or the clock's offset, then truncated
    /// (WireMock 2.35 applies `truncateExpected`, like the offset, to `now` only).
    func expected(now: Date = Date()) -> Double {
        if let fixed { return fixed }
        var moment = now.timeIntervalSince1970
        if let offset {
            switch offset.unit {
            case .seconds: moment += Double(offset.amount)
            case .minutes: moment += Double(offset.amount) * 60
            case .hours: moment += Double(offset.amount) * 3600
            case .days: moment += Double(offset.amount) * 86400
            case .months, .years:
                let c = StubDateTime.civil(moment)
                let months = c.year * 12 + (c.month - 1) + offset.amount * (offset.unit == .years ? 12 : 1)
                let (year, month) = (Int((Double(months) / 12).rounded(.down)), ((months % 12) + 12) % 12 + 1)
                let day = min(c.day, StubDateTime.daysIn(month: month, year: year))  // Java clamps to the month's end
                moment = StubDateTime.seconds(year: year, month: month, day: day, hour: c.hour, minute: c.minute, second: c.second)
            }
        }
        return truncateExpected?.apply(moment) ?? moment
    }

    /// The request's value as a moment (in `actualFormat` when given), truncated; `nil` when
    /// absent or not a date-time.
    func actual(_ value: String?) -> Double? {
        guard let value else { return nil }
        guard let moment = actualFormat.map({ $0.parse(value) }) ?? StubDateTime.parse(value) else { return nil }
        return truncateActual?.apply(moment) ?? moment
    }

    /// The operator's object as a mapping writes it (`now` and its offset as `now -3 days`, as
    /// WireMock writes them).
    func json(operatorName: String) -> JSONValue {
        var operand = text
        if fixed == nil, let offset { operand = "now \(offset.amount < 0 ? "" : "+")\(offset.amount) \(offset.unit.rawValue)" }
        var object: [String: JSONValue] = [operatorName: .string(operand)]
        if let actualFormat { object["actualFormat"] = .string(actualFormat.pattern) }
        if let truncateExpected { object["truncateExpected"] = .string(truncateExpected.rawValue) }
        if let truncateActual { object["truncateActual"] = .string(truncateActual.rawValue) }
        return .object(object)
    }
}

/// A date-time operator: how the request's moment must compare with the expected one.
protocol DateTimePattern: StringValuePattern {
    var expectation: DateTimeExpectation { get }
    init(expectation: DateTimeExpectation)
    /// Whether `actual` stands as the operator wants to `expected`.
    static func holds(actual: Double, expected: Double) -> Bool
}

extension DateTimePattern {
    static var modifierNames: Set<String> { DateTimeExpectation.modifierNames }

    init(json object: [String: Any], at path: String) throws(StubError) {
        self.init(expectation: try DateTimeExpectation(json: object, operatorName: Self.operatorName, at: path))
    }

    func match(_ value: String?) -> MatchResult {
        guard let actual = expectation.actual(value) else { return .noMatch }
        return MatchResult(Self.holds(actual: actual, expected: expectation.expected()))
    }

    var expectedText: String { expectation.text }
    var json: JSONValue { expectation.json(operatorName: Self.operatorName) }
}

/// `{"before": "2025-01-01T00:00:00Z"}` or `{"before": "now +3 days"}`: a moment earlier than that.
struct BeforePattern: DateTimePattern {
    static let operatorName = "before"
    let expectation: DateTimeExpectation
    init(expectation: DateTimeExpectation) { self.expectation = expectation }
    static func holds(actual: Double, expected: Double) -> Bool { actual < expected }
}

/// `{"after": …}`: a moment later than that.
struct AfterPattern: DateTimePattern {
    static let operatorName = "after"
    let expectation: DateTimeExpectation
    init(expectation: DateTimeExpectation) { self.expectation = expectation }
    static func holds(actual: Double, expected: Double) -> Bool { actual > expected }
}

/// `{"equalToDateTime": …}`: the same moment.
struct EqualToDateTimePattern: DateTimePattern {
    static let operatorName = "equalToDateTime"
    let expectation: DateTimeExpectation
    init(expectation: DateTimeExpectation) { self.expectation = expectation }
    static func holds(actual: Double, expected: Double) -> Bool { actual == expected }
}
