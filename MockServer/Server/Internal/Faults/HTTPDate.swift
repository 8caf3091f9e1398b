import Foundation

/// HTTP dates (RFC 9110 §5.6.7): written as IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), read in
/// all three forms a recipient must accept: IMF-fixdate, the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
///
/// Plain calendar arithmetic on whole seconds, UTC only: no locale, no formatter object to share
/// between threads. The day name is checked for spelling, not against the date (as RFC 9110
/// lets a recipient do).
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate, rounded down to the second.
    static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (dayNumber, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = secondOfDay < 0 ? dayNumber - 1 : dayNumber
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, dayOfMonth) = civil(fromDays: day)
        let weekday = ((day % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(days[weekday]), \(two(dayOfMonth)) \(months[month - 1]) \(yearText) "
            + "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) GMT"
    }

    /// The date in `text`, or `nil` when it is none of the three forms. `now` places the
    /// two-digit years of the RFC 850 form (more than 50 years ahead means the century before).
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) else { return nil }
        let parts = text.split(separator: " ")
        var fields: (year: Int, month: Substring, day: Substring, time: Substring)
        if parts.count == 6, parts[0].hasSuffix(","), days.contains(String(parts[0].dropLast())), parts[5] == "GMT",
            parts[3].count == 4, let year = number(parts[3]), parts[1].count == 2
        {
            fields = (year, parts[2], parts[1], parts[4])
        } else if parts.count == 4, parts[0].hasSuffix(","), longDays.contains(String(parts[0].dropLast())), parts[3] == "GMT" {
            let date = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard date.count == 3, date[0].count == 2, date[2].count == 2, let short = number(date[2]) else { return nil }
            let thisYear = civil(fromDays: Int(now.timeIntervalSince1970) / 86_400).year
            var year = thisYear - thisYear % 100 + short
            if year > thisYear + 50 { year -= 100 }
            fields = (year, date[1], date[0], parts[2])
        } else if parts.count == 5, days.contains(String(parts[0])), parts[4].count == 4, let year = number(parts[4]), parts[2].count <= 2 {
            fields = (year, parts[1], parts[2], parts[3])
        } else {
            return nil
        }
        guard let month = months.firstIndex(of: String(fields.month)).map({ $0 + 1 }), let day = number(fields.day) else { return nil }
        let time = fields.time.split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, time.allSatisfy({ $0.count == 2 }), let hour = number(time[0]), let minute = number(time[1]),
            let second = number(time[2]), hour < 24, minute < 60, second <= 60,
            day >= 1, day <= daysIn(month: month, year: fields.year)
        else { return nil }
        let dayNumber = days(fromCivil: fields.year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(dayNumber * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// `date` rounded down to a whole second (what an HTTP date can carry).
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    /// Days in `month` (1–12) of `year`, in the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(fromCivil year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number (days since 1970-01-01).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
