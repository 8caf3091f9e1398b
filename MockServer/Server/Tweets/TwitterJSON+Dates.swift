import Foundation

/// Twitter's two date formats, computed by hand in UTC.
///
/// Pure arithmetic on the Unix time (proleptic Gregorian calendar, English names), so the result
/// never depends on the process locale, time zone or a shared non-`Sendable` `DateFormatter`.
extension TwitterJSON {
    /// The v1.1 `created_at` form, e.g. `Wed Oct 10 20:19:24 +0000 2018` (seconds, rounded down).
    static func v11Date(_ date: Date) -> String {
        let time = UTCTime(date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[time.weekday]) \(months[time.month - 1]) \(pad(time.day, 2)) "
            + "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2)) +0000 \(pad(time.year, 4))"
    }

    /// The v2 `created_at` form, ISO 8601 with milliseconds, e.g. `2018-10-10T20:19:24.000Z`.
    static func v2Date(_ date: Date) -> String {
        let time = UTCTime(date)
        return "\(pad(time.year, 4))-\(pad(time.month, 2))-\(pad(time.day, 2))T"
            + "\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
            + ".\(pad(time.millisecond, 3))Z"
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The calendar fields of a date in UTC, to the millisecond (rounded down).
    private struct UTCTime {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0
        /// 0 is Sunday.
        var weekday = 0

        init(_ date: Date) {
            // A microsecond of slack so that x.123 stored as x.12299999 still reads .123.
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
            let (days, msOfDay) = TwitterJSON.floorDivide(milliseconds, 86_400_000)
            hour = Int(msOfDay / 3_600_000)
            minute = Int(msOfDay / 60_000 % 60)
            second = Int(msOfDay / 1000 % 60)
            millisecond = Int(msOfDay % 1000)
            weekday = Int(TwitterJSON.floorDivide(days + 4, 7).remainder)  // 1970-01-01 was a Thursday.
            // Howard Hinnant's civil_from_days.
            let z = days + 719_468
            let (era, dayOfEra) = TwitterJSON.floorDivide(z, 146_097)
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let shiftedMonth = (5 * dayOfYear + 2) / 153
            day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
            month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
            year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        }
    }

    /// Division rounding toward negative infinity, with a non-negative remainder.
    private static func floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = ((a % b) + b) % b
        return ((a - remainder) / b, remainder)
    }
}
