/// A JSON number kept as its literal text, so a stub serves `24.742268041237114` or
/// `18446744073709551615` exactly as its mapping wrote them (a `Double` or an `Int` would round
/// the first and wrap the second).
///
/// ``doubleValue`` and ``intValue`` are views for comparing and computing. Two numbers are
/// equal (`==`) when their texts are; ``numericallyEquals(_:)`` compares values (`1` and `1.0`).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written (JSON's number grammar: `-12`, `0.5`, `1e-7`).
    public let text: String

    /// The number `text` writes, or `nil` when `text` is not a JSON number.
    public init?(_ text: String) {
        guard Self.isValid(text.utf8) else { return nil }
        self.text = text
    }

    /// Text already checked by the reader.
    init(checked text: String) { self.text = text }

    /// A whole number.
    public init(_ value: Int) { text = String(value) }

    /// A number written the shortest way that reads back as `value` (`0.1`, `1e+100`); a value
    /// that is not finite, which JSON cannot write, becomes `0`.
    public init(_ value: Double) {
        guard value.isFinite else {
            text = "0"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            text = String(Int(value))  // `3`, not Swift's `3.0`
        } else {
            text = "\(value)"
        }
    }

    /// The value as a `Double` (the nearest one; ±infinity beyond its range).
    public var doubleValue: Double { Double(text) ?? 0 }

    /// The value as an `Int` when it is a whole number that fits one (`2`, `2.0`, `2e3`), else `nil`.
    public var intValue: Int? {
        if let whole = Int(text) { return whole }
        let double = doubleValue
        guard double == double.rounded(), abs(double) < 9.0e15 else { return nil }
        return Int(double)
    }

    /// Whether the text has no fraction and no exponent (`12`, `-3`).
    public var isWholeLiteral: Bool { !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } }

    /// Whether both numbers have the same value, however they are written (`1`, `1.0`, `1e0`).
    public func numericallyEquals(_ other: JSONNumber) -> Bool {
        if text == other.text { return true }
        if let left = Int(text), let right = Int(other.text) { return left == right }
        return doubleValue == other.doubleValue
    }

    /// The number as written.
    public var description: String { text }

    /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
        func advance() { index = bytes.index(after: index) }
        func digits() -> Int {
            var count = 0
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                advance()
                count += 1
            }
            return count
        }
        if peek() == UInt8(ascii: "-") { advance() }
        if peek() == UInt8(ascii: "0") {
            advance()
        } else if digits() == 0 {
            return false
        }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { return false }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
