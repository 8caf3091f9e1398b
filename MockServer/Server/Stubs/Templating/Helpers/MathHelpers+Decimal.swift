import Foundation

/// A decimal number as Java's `BigDecimal` holds it: a whole `unscaled` value and a `scale`,
/// the value being `unscaled × 10^-scale` (`1.50` is 150 and 2; `1E+3` is 1 and -3).
///
/// WireMock's `math` helper computes in `BigDecimal` and prints the result as a whole number
/// when its scale is 0 and as a `Double` otherwise, so `1.0 + 1` is `2.0` and `7 / 2` is `4`
/// (the quotient keeps the left operand's scale, rounding half up). This type keeps the scale
/// the same way. The unscaled value is 64 bits: `+ - *` wrap, which keeps a whole result's low
/// 64 bits exact (all Java's `longValue` keeps); a result with a fraction that overflows is
/// computed in `Double` instead.
struct TemplateDecimal: Equatable, Sendable {
    /// The digits as a whole number.
    var unscaled: Int
    /// How many of the digits are after the decimal point (negative: zeros before it).
    var scale: Int

    /// A whole number.
    init(_ whole: Int) {
        unscaled = whole
        scale = 0
    }

    /// `unscaled × 10^-scale`.
    init(unscaled: Int, scale: Int) {
        self.unscaled = unscaled
        self.scale = scale
    }

    /// `text` read as `new BigDecimal(text)` reads it (`-12.50`, `.5`, `1e3`, `+7`); `nil` when it
    /// is not a number that way or has more digits than 64 bits hold.
    init?(parsing text: String) {
        var characters = Substring(text)
        var exponent = 0
        if let marker = characters.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            var exponentText = characters[characters.index(after: marker)...]
            if exponentText.first == "+" { exponentText = exponentText.dropFirst() }
            guard let value = Int(exponentText), abs(value) < 10_000 else { return nil }
            exponent = value
            characters = characters[..<marker]
        }
        var negative = false
        if let sign = characters.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            characters = characters.dropFirst()
        }
        let parts = characters.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first ?? ""
        let fraction = parts.count > 1 ? parts[1] : ""
        let digits = whole + fraction
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let magnitude = Int(digits) else { return nil }
        unscaled = negative ? -magnitude : magnitude
        scale = fraction.count - exponent
    }

    /// `value` as `BigDecimal.valueOf(double)` makes it: from Java's `Double.toString` text,
    /// so `2.0` has scale 1 and `0.1` is exactly one tenth.
    init?(double value: Double) {
        guard value.isFinite else { return nil }
        self.init(parsing: TemplateValue.javaDouble(value))
    }

    /// The nearest `Double` (Java's `doubleValue`).
    var doubleValue: Double {
        Double("\(unscaled)e\(-scale)") ?? .nan
    }

    /// The result as WireMock's `math` returns it: a whole number when the scale is 0 (a Java
    /// `int`, wrapping as `intValue` does, unless it is over `Integer.MAX_VALUE`), else a `Double`.
    var templateValue: TemplateValue {
        guard scale == 0 else { return .decimal(doubleValue) }
        return unscaled > Int(Int32.max) ? .integer(unscaled) : .integer(Int(Int32(truncatingIfNeeded: unscaled)))
    }

    /// Both operands at the larger scale, or `nil` when that overflows.
    private static func aligned(_ left: TemplateDecimal, _ right: TemplateDecimal) -> (Int, Int, scale: Int)? {
        let scale = max(left.scale, right.scale)
        guard let leftValue = left.unscaled.scaled(byPowerOfTen: scale - left.scale),
              let rightValue = right.unscaled.scaled(byPowerOfTen: scale - right.scale)
        else { return nil }
        return (leftValue, rightValue, scale)
    }

    /// `left + right` (`BigDecimal.add`: the larger scale).
    static func + (left: TemplateDecimal, right: TemplateDecimal) -> TemplateDecimal {
        combine(left, right, wrapping: &+, checked: { $0.addingReportingOverflow($1) }, fallback: +)
    }

    /// `left - right` (`BigDecimal.subtract`: the larger scale).
    static func - (left: TemplateDecimal, right: TemplateDecimal) -> TemplateDecimal {
        combine(left, right, wrapping: &-, checked: { $0.subtractingReportingOverflow($1) }, fallback: -)
    }

    /// `left × right` (`BigDecimal.multiply`: the scales add up).
    static func * (left: TemplateDecimal, right: TemplateDecimal) -> TemplateDecimal {
        let scale = left.scale + right.scale
        let (product, overflow) = left.unscaled.multipliedReportingOverflow(by: right.unscaled)
        if !overflow || scale == 0 { return TemplateDecimal(unscaled: product, scale: scale) }
        return approximately(left.doubleValue * right.doubleValue)
    }

    /// `left ÷ right` as `left.divide(right, RoundingMode.HALF_UP)`: at the left operand's scale,
    /// halves rounded away from zero; `nil` when `right` is zero.
    static func dividing(_ left: TemplateDecimal, by right: TemplateDecimal) -> TemplateDecimal? {
        guard right.unscaled != 0 else { return nil }
        // left / right at scale sl is round(L × 10^sr / R) when both are written L×10^-sl, R×10^-sr.
        guard let numerator = left.unscaled.scaled(byPowerOfTen: max(right.scale, 0)),
              let denominator = right.unscaled.scaled(byPowerOfTen: max(-right.scale, 0)),
              !(numerator == Int.min && denominator == -1)
        else {
            return approximately(left.doubleValue / right.doubleValue, scale: left.scale)
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let roundsAway = remainder.magnitude >= denominator.magnitude - remainder.magnitude
        let away = (numerator < 0) == (denominator < 0) ? 1 : -1
        return TemplateDecimal(unscaled: remainder != 0 && roundsAway ? quotient + away : quotient, scale: left.scale)
    }

    /// `left.remainder(right)`: the sign of `left`, at the larger scale; `nil` when `right` is zero.
    static func remainder(_ left: TemplateDecimal, dividingBy right: TemplateDecimal) -> TemplateDecimal? {
        guard right.unscaled != 0 else { return nil }
        guard let (leftValue, rightValue, scale) = aligned(left, right) else {
            let value = left.doubleValue.truncatingRemainder(dividingBy: right.doubleValue)
            return approximately(value, scale: max(left.scale, right.scale))
        }
        // `Int.min % -1` overflows; any whole number divided by ±1 leaves nothing.
        let remainder = rightValue.magnitude == 1 ? 0 : leftValue % rightValue
        return TemplateDecimal(unscaled: remainder, scale: scale)
    }

    private static func combine(
        _ left: TemplateDecimal, _ right: TemplateDecimal, wrapping: (Int, Int) -> Int,
        checked: (Int, Int) -> (partialValue: Int, overflow: Bool), fallback: (Double, Double) -> Double
    ) -> TemplateDecimal {
        if let (leftValue, rightValue, scale) = aligned(left, right) {
            let (result, overflow) = checked(leftValue, rightValue)
            if !overflow { return TemplateDecimal(unscaled: result, scale: scale) }
            if scale == 0 { return TemplateDecimal(unscaled: wrapping(leftValue, rightValue), scale: 0) }
        }
        return approximately(fallback(left.doubleValue, right.doubleValue), scale: max(left.scale, right.scale, 1))
    }

    /// A result too large for 64 bits: its `Double`, kept with a nonzero scale so it prints as one.
    private static func approximately(_ value: Double, scale: Int = 1) -> TemplateDecimal {
        var result = TemplateDecimal(double: value) ?? TemplateDecimal(unscaled: 0, scale: 1)
        if result.scale == 0 { result.scale = scale == 0 ? 1 : scale }
        return result
    }
}

extension Int {
    /// `self × 10^power` for `power` ≥ 0 (`self` itself for less), or `nil` when it overflows.
    fileprivate func scaled(byPowerOfTen power: Int) -> Int? {
        guard power > 0 else { return self }
        var value = self
        for _ in 0..<power {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }
}
