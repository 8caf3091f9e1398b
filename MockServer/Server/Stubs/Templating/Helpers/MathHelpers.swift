extension TemplateHelpers {
    /// WireMock's `math` helper (`{{math 1 '+' 2}}`: `+ - * / %`), numbers printed as WireMock prints them.
    ///
    /// The operands are read as Java's `BigDecimal` (text that is not a number counts as 0), and
    /// the result keeps `BigDecimal`'s scale: `7 / 2` is `4` (the quotient has the left operand's
    /// scale, halves rounded up), `1.0 + 1` is `2.0`. Missing operands or an unknown operator
    /// print `[ERROR: …]` as WireMock does; a division by zero is a bad argument (a 500).
    static let math: [String: TemplateHelper] = [
        "math": TemplateHelper { call throws(TemplateError) in try MathHelper.apply(call) },
    ]
}

/// The `math` helper's steps.
enum MathHelper {
    static func apply(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        guard call.arguments.count == 3 else {
            return HelperSemantics.inlineError(
                "All maths functions require two operands and an operator as parameters e.g. 3 '+' 2")
        }
        let left = try operand(call.arguments[0])
        let symbol = try HelperSemantics.text(call.arguments[1], of: "math")
        let right = try operand(call.arguments[2])
        let result: TemplateDecimal?
        switch symbol {
        case "+": result = left + right
        case "-": result = left - right
        case "*", "x": result = left * right
        case "/": result = TemplateDecimal.dividing(left, by: right)
        case "%": result = TemplateDecimal.remainder(left, dividingBy: right)
        default: return HelperSemantics.inlineError("\(symbol) is not a valid mathematical operator")
        }
        guard let result else {
            throw TemplateError.badArgument("math", "division by zero (\(call.arguments[0].rendered) \(symbol) 0)")
        }
        return result.templateValue
    }

    /// An operand as WireMock's `coerceToBigDecimal` reads it: a number as it is, anything else
    /// by its text, which counts as 0 when it is not a number; a missing value is a bad argument.
    static func operand(_ value: TemplateValue) throws(TemplateError) -> TemplateDecimal {
        switch value {
        case .integer(let number):
            return TemplateDecimal(number)
        case .decimal(let number):
            guard let decimal = TemplateDecimal(double: number) else {
                throw TemplateError.badArgument("math", "\(value.rendered) is not a finite number")
            }
            return decimal
        default:
            let text = try HelperSemantics.text(value, of: "math")
            return TemplateDecimal(parsing: text) ?? TemplateDecimal(0)
        }
    }
}
