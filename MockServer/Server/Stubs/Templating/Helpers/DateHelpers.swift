import Foundation

extension TemplateHelpers {
    /// WireMock's date helpers: `now` (`offset`, `format` incl. `epoch` and `unix`, `timezone`),
    /// `date`, `parseDate`. `now` reads ``TemplateEnvironment/now`` (the server clock).
    static let dates: [String: TemplateHelper] = [
        "now": TemplateHelper { call throws(TemplateError) in
            try renderDate(call.environment.now, call: call, honoursZone: true)
        },
        "date": TemplateHelper { call throws(TemplateError) in
            // WireMock 2.35's `date` takes `timezone` but ignores it: a date is written at the
            // offset it was parsed with (UTC for `now`'s).
            guard case .date(let date, let offset) = call.argument(0) else {
                return try renderDate(call.environment.now, call: call, honoursZone: false)
            }
            return try renderDate(date, offset: offset, call: call, honoursZone: false)
        },
        "parseDate": TemplateHelper { call throws(TemplateError) in
            guard let text = call.argument(0).stringValue else { return .null }
            let format = call.hash("format").map(\.rendered)
            guard let parsed = try TemplateDateFormat.parse(text, format: format, helper: call.name) else { return .null }
            return .date(parsed.date, offset: parsed.offset)
        },
    ]

    /// UTC, made once (a `TimeZone` by name costs a lookup each time).
    private static let utcZone = TimeZone(identifier: "UTC") ?? .current

    /// `date` moved by the call's `offset`, written in its `format` at the date's own UTC
    /// `offset` (for `now`, in its `timezone`).
    private static func renderDate(_ date: Date, offset: Int = 0, call: TemplateHelperCall, honoursZone: Bool) throws(TemplateError) -> TemplateValue {
        let utc = utcZone
        let named = try call.hash("timezone").map { (zone) throws(TemplateError) in try TemplateDateFormat.zone(zone.rendered, helper: call.name) }
        let own = offset == 0 ? utc : TimeZone(secondsFromGMT: offset) ?? utc
        let zone = honoursZone ? named ?? utc : own
        var moved = date
        if let offset = call.hash("offset") {
            moved = try TemplateDateFormat.offset(date, by: offset.rendered, zone: zone, helper: call.name)
        }
        if let format = call.hash("format") {
            let namedUTC = !honoursZone || (call.hash("timezone")?.rendered ?? "UTC") == "UTC"
            return try TemplateDateFormat.format(moved, format.rendered, zone: zone, namedUTC: namedUTC, helper: call.name)
        }
        if honoursZone, named != nil { return .string(TemplateDateFormat.iso(moved, zone: zone)) }
        return .date(moved, offset: offset)
    }
}
