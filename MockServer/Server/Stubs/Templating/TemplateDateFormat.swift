import Foundation

/// Dates as WireMock's date helpers write and read them: ISO 8601 without fractions
/// (`2026-11-28T00:21:55Z`, `…+11:00` in another zone), `epoch` (milliseconds) and `unix`
/// (seconds), and Java `SimpleDateFormat` patterns (`yyyy-MM-dd HH:mm:ss.SSSZ`).
enum TemplateDateFormat {
    /// The letters Java's `SimpleDateFormat` takes as fields; any other unquoted letter is an error.
    private static let patternLetters = Set("GyYMLwWDdFEuaHkKhmsSzZX")

    /// The time zone named `identifier` (`UTC`, `Europe/Paris`, `GMT+2`), or a `.badArgument`
    /// naming it, as Java's `ZoneId.of` refuses it.
    static func zone(_ identifier: String, helper: String) throws(TemplateError) -> TimeZone {
        if let zone = TimeZone(identifier: identifier) { return zone }
        throw TemplateError.badArgument(helper, "java.time.zone.ZoneRulesException: Unknown time-zone ID: \(identifier)")
    }

    /// `date` as ISO 8601 in `zone`, seconds without fraction: `Z` for UTC, else `+hh:mm`.
    static func iso(_ date: Date, zone: TimeZone) -> String {
        TemplateValue.isoFormat(date, offset: zone.secondsFromGMT(for: date))
    }

    /// `date` written in `format`: `epoch`, `unix`, or a Java pattern (its letters checked).
    /// `namedUTC`: the zone is UTC by that name (Foundation calls it GMT; Java's `z` writes `UTC`).
    static func format(_ date: Date, _ format: String, zone: TimeZone, namedUTC: Bool, helper: String) throws(TemplateError) -> TemplateValue {
        switch format {
        case "epoch": return .integer(Int((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case "unix": return .integer(Int(date.timeIntervalSince1970.rounded(.down)))
        default:
            let formatter = try formatter(format, zone: zone, namedUTC: namedUTC, helper: helper)
            return .string(formatter.string(from: date))
        }
    }

    /// `text` read in `format` (`epoch`, `unix` or a Java pattern), or, without one, as
    /// ISO 8601 (fraction and offset allowed) or RFC 1123, with the UTC offset it was written
    /// with (0 when it names none), which WireMock 2.35's parsed date keeps and prints; `nil`
    /// when it does not read.
    static func parse(_ text: String, format: String?, helper: String) throws(TemplateError) -> (date: Date, offset: Int)? {
        switch format {
        case "epoch": return Double(text).map { (Date(timeIntervalSince1970: $0 / 1000), 0) }
        case "unix": return Double(text).map { (Date(timeIntervalSince1970: $0), 0) }
        case let pattern?:
            let formatter = try formatter(pattern, zone: TimeZone(identifier: "UTC") ?? .current, namedUTC: true, helper: helper)
            guard let date = formatter.date(from: text) else { return nil }
            let namesZone = pattern.contains { "ZXxz".contains($0) }
            return (date, namesZone ? writtenOffset(of: text) : 0)
        case nil:
            guard let date = instant(text) else { return nil }
            return (date, writtenOffset(of: text))
        }
    }

    /// The UTC offset at the end of `text`, in seconds: `+02:00`, `-0500` or `+02`; 0 for `Z`,
    /// `GMT`, `UTC` or none.
    static func writtenOffset(of text: String) -> Int {
        let scalars = Array(text.unicodeScalars.suffix(6))
        guard let signIndex = scalars.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return 0 }
        let digits = scalars[(signIndex + 1)...].filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return 0 }
        let number = digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
        let hours = digits.count == 4 ? number / 100 : number
        let minutes = digits.count == 4 ? number % 100 : 0
        let sign = scalars[signIndex] == "-" ? -1 : 1
        return sign * (hours * 3600 + minutes * 60)
    }

    /// `text` as ISO 8601 (with or without a fraction) or RFC 1123.
    private static func instant(_ text: String) -> Date? {
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            let iso = ISO8601DateFormatter()
            iso.formatOptions = options
            if let date = iso.date(from: text) { return date }
        }
        let rfc = DateFormatter()
        rfc.locale = Locale(identifier: "en_US_POSIX")
        rfc.timeZone = TimeZone(identifier: "GMT")
        rfc.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return rfc.date(from: text)
    }

    /// A formatter for Java pattern `pattern` in `zone`; an unknown letter is the error Java gives.
    private static func formatter(_ pattern: String, zone: TimeZone, namedUTC: Bool, helper: String) throws(TemplateError) -> DateFormatter {
        var quoted = false
        var icu = ""
        // Java names UTC `UTC` where ICU writes `GMT`: in UTC, `z` becomes the literal.
        let utc = namedUTC && zone.secondsFromGMT() == 0
        for character in pattern {
            if character == "'" {
                quoted.toggle()
            } else if !quoted, character.isASCII, character.isLetter, !patternLetters.contains(character) {
                throw TemplateError.badArgument(helper, "java.lang.IllegalArgumentException: Illegal pattern character '\(character)'")
            }
            if utc, !quoted, character == "z" {
                if !icu.hasSuffix("'UTC'") { icu += "'UTC'" }
            } else {
                icu.append(character)
            }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = icu
        return formatter
    }

    /// `date` moved by `offset` (`3 days`, `-1 months`, `+2 hours`, `now +5 years`), as
    /// WireMock's `DateOffset` reads it: one space apart, units seconds to years.
    static func offset(_ date: Date, by offset: String, zone: TimeZone, helper: String) throws(TemplateError) -> Date {
        var parts = offset.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 3, parts[0] == "now" { parts.removeFirst() }
        guard parts.count == 2, let amount = Int(parts[0]) else {
            throw TemplateError.badArgument(
                helper,
                "java.lang.IllegalArgumentException: Offset can be of the short form <amount> <unit> e.g. 8 seconds "
                    + "or long form now +/-<amount> <unit> e.g. now +5 years")
        }
        let component: Calendar.Component
        switch parts[1].uppercased() {
        case "SECONDS": component = .second
        case "MINUTES": component = .minute
        case "HOURS": component = .hour
        case "DAYS": component = .day
        case "MONTHS": component = .month
        case "YEARS": component = .year
        default:
            throw TemplateError.badArgument(
                helper, "java.lang.IllegalArgumentException: No enum constant com.github.tomakehurst.wiremock.common.DateTimeUnit.\(parts[1].uppercased())")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(byAdding: component, value: amount, to: date) ?? date
    }
}
