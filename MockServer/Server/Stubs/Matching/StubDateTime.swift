import Foundation
import Synchronization

/// A moment as WireMock's date-time operators compare it: seconds since 1970 in UTC, read from
/// ISO 8601 (`2021-06-14T12:13:14Z`, `+02:00` offsets, fractions; a local time counts as UTC),
/// a local date, RFC 1123 (`Mon, 14 Jun 2021 12:13:14 GMT`), or the text of an `actualFormat`.
enum StubDateTime {
    /// Parses `text` in the ISO 8601 or RFC 1123 forms; `nil` for anything else.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 64 else { return nil }
        return iso(bytes) ?? rfc1123(bytes)
    }

    /// Seconds since 1970 of a civil date and time in UTC.
    static func seconds(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0) -> Double {
        Double(HTTPDate.days(fromCivil: year, month: month, day: day)) * 86400 + Double(hour * 3600 + minute * 60) + second
    }

    /// The civil date and time (UTC) of `seconds` since 1970.
    static func civil(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) {
        let days = Int((seconds / 86400).rounded(.down))
        let rest = seconds - Double(days) * 86400
        let (year, month, day) = HTTPDate.civil(fromDays: days)
        let whole = Int(rest)
        return (year, month, day, whole / 3600, whole % 3600 / 60, rest - Double(whole / 60 * 60))
    }

    /// Days in `month` of `year` (the calendar arithmetic is ``HTTPDate``'s).
    static func daysIn(month: Int, year: Int) -> Int { HTTPDate.daysIn(month: month, year: year) }

    /// Reads fixed-width digits.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// `yyyy-MM-dd`, then optionally `THH:mm[:ss[.fraction]]` and `Z` or `±HH:mm`.
    private static func iso(_ b: [UInt8]) -> Double? {
        guard b.count >= 10, let year = number(b, 0, 4), b[4] == 45, let month = number(b, 5, 2), b[7] == 45,
            let day = number(b, 8, 2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        if b.count == 10 { return seconds(year: year, month: month, day: day) }
        guard b[10] == UInt8(ascii: "T"), let hour = number(b, 11, 2), b.count >= 16, b[13] == 58, let minute = number(b, 14, 2),
            hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0.0
        if index < b.count, b[index] == 58 {
            guard let whole = number(b, index + 1, 2), whole < 60 else { return nil }
            second = Double(whole)
            index += 3
            if index < b.count, b[index] == 46 || b[index] == 44 {
                var scale = 0.1
                index += 1
                let start = index
                while index < b.count, b[index] >= 48, b[index] <= 57, index - start < 9 {
                    second += Double(b[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        if index < b.count {
            if b[index] == UInt8(ascii: "Z"), index + 1 == b.count {
                index += 1
            } else if b[index] == 43 || b[index] == 45, let hours = number(b, index + 1, 2) {
                var minutes = 0
                var end = index + 3
                if end < b.count, b[end] == 58 {
                    guard let value = number(b, end + 1, 2) else { return nil }
                    minutes = value
                    end += 3
                } else if let value = number(b, end, 2) {
                    minutes = value
                    end += 2
                }
                guard end == b.count || b[end] == 91, hours < 19, minutes < 60 else { return nil }  // `[Zone/Id]` may follow
                offset = (b[index] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
                index = b.count
            } else {
                return nil
            }
        }
        guard index == b.count else { return nil }
        return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second) - Double(offset)
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `[Day, ]d Mon yyyy HH:mm[:ss] GMT` (or `±HHmm`).
    private static func rfc1123(_ bytes: [UInt8]) -> Double? {
        var words = String(decoding: bytes, as: UTF8.self).split(separator: " ").map(String.init)
        if let first = words.first, first.hasSuffix(",") { words.removeFirst() }
        guard words.count == 5, let day = Int(words[0]), let month = monthNames.firstIndex(of: words[1].lowercased()),
            let year = Int(words[2]), words[2].count == 4
        else { return nil }
        let time = words[3].split(separator: ":").map { Int($0) }
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0 != nil }) else { return nil }
        let hour = time[0] ?? 0, minute = time[1] ?? 0, second = time.count == 3 ? time[2] ?? 0 : 0
        guard (1...daysIn(month: month + 1, year: year)).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var offset = 0
        let zone = words[4]
        if zone != "GMT", zone != "UT", zone != "Z" {
            let zoneBytes = Array(zone.utf8)
            guard zoneBytes.count == 5, zoneBytes[0] == 43 || zoneBytes[0] == 45, let hours = number(zoneBytes, 1, 2),
                let minutes = number(zoneBytes, 3, 2)
            else { return nil }
            offset = (zoneBytes[0] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        return seconds(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: Double(second)) - Double(offset)
    }
}

/// An `actualFormat` of a date-time operator: a Java `DateTimeFormatter` pattern
/// (`dd/MM/yyyy HH:mm:ss`, whose letters ICU reads the same way), or `unix` (seconds since
/// 1970) or `epoch` (milliseconds).
final class StubDateFormat: Sendable {
    /// The pattern as written.
    let pattern: String
    /// The formatter, parsing in UTC, used by one thread at a time.
    private let formatter: Mutex<DateFormatter>?

    init(_ pattern: String) {
        self.pattern = pattern
        if pattern == "unix" || pattern == "epoch" {
            formatter = nil
        } else {
            let made = DateFormatter()
            made.locale = Locale(identifier: "en_US_POSIX")
            made.timeZone = TimeZone(identifier: "UTC")
            made.dateFormat = pattern
            made.isLenient = false
            formatter = Mutex(made)
        }
    }

    /// Seconds since 1970 of `text` in this format; `nil` when it is not.
    func parse(_ text: String) -> Double? {
        switch pattern {
        case "unix": return Double(text).flatMap { $0.isFinite ? $0 : nil }
        case "epoch": return Double(text).flatMap { $0.isFinite ? $0 / 1000 : nil }
        default:
            guard text.utf8.count <= 128 else { return nil }
            return formatter?.withLock { $0.date(from: text)?.timeIntervalSince1970 }
        }
    }
}
