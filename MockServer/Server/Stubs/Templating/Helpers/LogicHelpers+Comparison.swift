import Foundation

/// Equality and order as Handlebars.java's `ConditionalHelpers` decide them, on the Java
/// objects WireMock's values are: text is a `String`, a whole number an `Integer` or `Long`, a
/// decimal a `Double`, a list (query and header values and URL paths included) a `List`, an
/// object a `Map`.
extension LogicHelper {
    /// `eq`: `Objects.equals`, or two numbers of the same value (`eq 1 1.0` holds, `eq 1 '1'`
    /// does not).
    static func javaEq(_ left: TemplateValue, _ right: TemplateValue) -> Bool {
        if javaEquals(left, right) { return true }
        if let leftNumber = number(left), let rightNumber = number(right) { return leftNumber == rightNumber }
        return false
    }

    /// Java's `equals` between the two objects: the same kind and the same value, lists element
    /// by element, maps by their members whatever their order.
    static func javaEquals(_ left: TemplateValue, _ right: TemplateValue) -> Bool {
        if let leftElements = HelperSemantics.list(left), let rightElements = HelperSemantics.list(right) {
            return leftElements.count == rightElements.count && zip(leftElements, rightElements).allSatisfy { javaEquals($0, $1) }
        }
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let one), .bool(let other)): return one == other
        case (.integer(let one), .integer(let other)): return one == other
        case (.decimal(let one), .decimal(let other)): return one == other || (one.isNaN && other.isNaN)
        case (.date(let one, _), .date(let other, _)): return one == other
        case (.object(let one), .object(let other)):
            return one.count == other.count
                && one.entries.allSatisfy { entry in other[entry.key].map { javaEquals(entry.value, $0) } ?? false }
        default:
            guard isText(left), isText(right) else { return false }
            return left.stringValue == right.stringValue
        }
    }

    /// `gt`/`gte`/`lt`/`lte`'s order between the first two arguments (negative, zero or
    /// positive): `compareTo` between values of one kind (text by UTF-16 units), numbers of two
    /// kinds by value. A value without an order (nothing, a list) or two kinds that do not
    /// compare (text and a number) is a bad argument, as WireMock's exception is a 500.
    static func compare(_ call: TemplateHelperCall) throws(TemplateError) -> Int {
        let left = call.argument(0)
        let right = call.argument(1)
        for value in [left, right] where !isComparable(value) {
            throw TemplateError.badArgument(call.name, "cannot order \(describe(value))")
        }
        switch (left, right) {
        case (.integer(let one), .integer(let other)): return order(one, other)
        case (.bool(let one), .bool(let other)): return order(one ? 1 : 0, other ? 1 : 0)
        case (.date(let one, _), .date(let other, _)): return order(one, other)
        default: break
        }
        if isText(left), isText(right), let one = left.stringValue, let other = right.stringValue {
            return utf16Order(one, other)
        }
        if let one = number(left), let other = number(right) { return order(one, other) }
        throw TemplateError.badArgument(call.name, "cannot compare \(describe(left)) with \(describe(right))")
    }

    /// A Java `Number`'s value: whole numbers and decimals only (text is never a number here).
    private static func number(_ value: TemplateValue) -> Double? {
        switch value {
        case .integer(let whole): return Double(whole)
        case .decimal(let decimal): return decimal
        default: return nil
        }
    }

    /// Whether the value is a Java `Comparable` (text, a number, a boolean, a date).
    private static func isComparable(_ value: TemplateValue) -> Bool {
        switch value {
        case .string, .safeString, .integer, .decimal, .bool, .date: return true
        default: return false
        }
    }

    /// Java's `String.compareTo`: UTF-16 code units in order, a prefix first.
    static func utf16Order(_ one: String, _ other: String) -> Int {
        for (left, right) in zip(one.utf16, other.utf16) where left != right {
            return Int(left) - Int(right)
        }
        return one.utf16.count - other.utf16.count
    }

    private static func order<T: Comparable>(_ one: T, _ other: T) -> Int {
        one < other ? -1 : (one > other ? 1 : 0)
    }

    /// A value named for an error message.
    private static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .null: return "a missing value (null)"
        case .array, .listOrSingle, .urlPath: return "the list \(value.rendered)"
        case .object: return "an object"
        case .string(let text), .safeString(let text): return "the text '\(text)'"
        default: return value.rendered
        }
    }
}
