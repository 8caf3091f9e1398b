extension TemplateHelpers {
    /// WireMock's random-value helpers: `randomValue` (`length`, `type`, `uppercase`), `randomInt`,
    /// `randomDecimal`, `pickRandom`. They draw from ``TemplateEnvironment/random`` only (seeded
    /// per server and per stub), never from the system generator, so a seeded server repeats them.
    ///
    /// `randomValue` gives 36 characters unless `length=` says otherwise, in lower case unless
    /// `uppercase=true`, of `type=` `ALPHANUMERIC` (the default), `ALPHABETIC`, `NUMERIC`,
    /// `ALPHANUMERIC_AND_SYMBOLS` (ASCII 33 to 125), `HEXADECIMAL` or `UUID` (an unknown type
    /// draws printable ASCII, as WireMock does). `randomInt lower= upper=` draws from `lower` up to
    /// but not including `upper` (32-bit bounds by default), `randomDecimal` likewise, and
    /// `pickRandom` one of its arguments or of the list it is given.
    static let random: [String: TemplateHelper] = [
        "randomValue": TemplateHelper { call throws(TemplateError) in try RandomHelper.randomValue(call) },
        "randomInt": TemplateHelper { call throws(TemplateError) in try RandomHelper.randomInt(call) },
        "randomDecimal": TemplateHelper { call throws(TemplateError) in try RandomHelper.randomDecimal(call) },
        "pickRandom": TemplateHelper { call throws(TemplateError) in try RandomHelper.pickRandom(call) },
    ]
}

/// The random helpers' steps.
enum RandomHelper {
    /// `randomInt`: a whole number from `lower` (included) to `upper` (excluded).
    static func randomInt(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let lower = try bound(call, "lower") ?? Int(Int32.min)
        let upper = try bound(call, "upper") ?? Int(Int32.max)
        guard lower < upper else {
            throw TemplateError.badArgument("randomInt", "upper (\(upper)) must be greater than lower (\(lower))")
        }
        return .integer(Int.random(in: lower..<upper, using: &call.environment.random))
    }

    /// A hash bound of `randomInt` as a 32-bit whole number; `nil` when the call does not give it.
    private static func bound(_ call: TemplateHelperCall, _ key: String) throws(TemplateError) -> Int? {
        guard let value = call.hash(key) else { return nil }
        guard let number = try HelperSemantics.int32(value, of: call.name) else {
            throw TemplateError.badArgument(call.name, "\(key) must be a whole number, and is \(value.rendered)")
        }
        return number
    }

    /// `randomDecimal`: a number from `lower` (included) to `upper` (excluded), by default
    /// between the smallest positive `Double` and the largest, as Java's
    /// `ThreadLocalRandom.nextDouble(origin, bound)` draws it.
    static func randomDecimal(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let lower = try decimalBound(call, "lower") ?? Double.leastNonzeroMagnitude
        let upper = try decimalBound(call, "upper") ?? Double.greatestFiniteMagnitude
        guard lower < upper else {
            throw TemplateError.badArgument("randomDecimal", "upper (\(upper)) must be greater than lower (\(lower))")
        }
        let unit = Double.random(in: 0..<1, using: &call.environment.random)
        var value: Double
        if (upper - lower).isFinite {
            value = unit * (upper - lower) + lower
        } else {
            value = (unit * (0.5 * upper - 0.5 * lower) + 0.5 * lower) * 2
        }
        if value >= upper { value = upper.nextDown }
        return .decimal(value)
    }

    private static func decimalBound(_ call: TemplateHelperCall, _ key: String) throws(TemplateError) -> Double? {
        guard let value = call.hash(key) else { return nil }
        guard let number = try HelperSemantics.double(value, of: call.name), number.isFinite else {
            throw TemplateError.badArgument(call.name, "\(key) must be a finite number, and is \(value.rendered)")
        }
        return number
    }

    /// `pickRandom a b c` or `pickRandom list`: one of the values, as text.
    static func pickRandom(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let choices = HelperSemantics.list(call.argument(0)) ?? call.arguments
        if choices.isEmpty {
            throw TemplateError.badArgument("pickRandom", "needs a list or values to pick from, and has none")
        }
        if call.arguments.contains(.null) {
            throw TemplateError.badArgument("pickRandom", "cannot pick from a missing value (null)")
        }
        return .string(choices[Int.random(in: 0..<choices.count, using: &call.environment.random)].rendered)
    }
}
