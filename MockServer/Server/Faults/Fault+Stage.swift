/// The two columns of the fault table that say *when* a fault acts and *what value* it takes.
extension Fault {
    /// When, on a request's way through the server, a fault acts.
    public enum Stage: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Before anything else, instead of an answer (`reset`).
        case connection
        /// Before the status line (`delay`).
        case beforeAnswer
        /// Instead of the resource (`flaky`, `fail_rate`, `redirect`, `redirect_loop`, a non-2xx
        /// `status`, then the broken replies: the rows of this stage that name a journal outcome).
        case status
        /// On the answer's body and headers (`type`, `bytes`, `corrupt`, `malformed`, `empty`,
        /// then `cache`, `conditional`, `ranges`, which see the shaped body).
        case body
        /// On the wire, while the body is sent (`truncate`, `stall_after`, `drip`, `chunked`).
        case wire

        /// Earlier stages sort first.
        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What a fault's query value may be.
    enum ValueKind: Sendable, Hashable {
        /// `1`/`true`/bare name is on, `0`/`false` is off.
        case flag
        /// A whole number in the range; `unit` is shown after it (`ms`, `bytes/s`).
        case integer(ClosedRange<Int>, unit: String?)
        /// A media type (`image/png`, `text/html; charset=utf-8`).
        case mediaType
        /// A probability: a decimal from 0 to 1 (`0.3`).
        case probability
        /// One of a few words.
        case choice([String])
        /// A `Cache-Control` value (printable ASCII, at most 255 characters).
        case cacheControl

        /// The values it accepts, in words (`0...3600000 ms`, `1 or 0`).
        var valid: String {
            switch self {
            case .flag: "1 or 0"
            case .integer(let range, let unit): "\(range.lowerBound)...\(range.upperBound)" + (unit.map { " \($0)" } ?? "")
            case .mediaType: "a media type (printable ASCII, at most 255 characters)"
            case .probability: "0...1 (a decimal, e.g. 0.3)"
            case .choice(let words): words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
            case .cacheControl: "a Cache-Control value (printable ASCII, at most 255 characters)"
            }
        }

        /// `text` read as this kind for the parameter `name`: `nil` for a switch that is off.
        func value(of text: String, name: String) throws(ParameterError) -> Value? {
            switch self {
            case .flag:
                return try QueryParameters.flag(text, name: name) ? .on : nil
            case .integer(let range, _):
                return .number(try QueryParameters.integer(text, name: name, in: range))
            case .mediaType:
                let printable = text.utf8.allSatisfy { $0 > 32 && $0 < 127 || $0 == 32 }
                guard !text.isEmpty, text.utf8.count <= 255, printable, text.contains("/") else {
                    throw ParameterError(
                        parameter: name, error: "'\(text)' is not a media type",
                        valid: "a media type like image/png or text/html; charset=utf-8 (printable ASCII, at most 255 characters)")
                }
                return .text(text)
            case .probability:
                // Digits with at most one point: no sign, exponent, `nan` or `inf`.
                let digits = text.utf8.filter { $0 != UInt8(ascii: ".") }
                let points = text.utf8.count - digits.count
                guard !digits.isEmpty, text.utf8.count <= 20, points <= 1, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                    let value = Double(text.hasPrefix(".") ? "0" + text : text), (0...1).contains(value)
                else {
                    throw ParameterError(parameter: name, error: "'\(text)' is not a probability", valid: valid)
                }
                return .decimal(value)
            case .choice(let words):
                guard words.contains(text) else {
                    throw ParameterError(parameter: name, error: "'\(text)' is not one of the choices", valid: valid)
                }
                return .text(text)
            case .cacheControl:
                return .text(try CacheControlValue.validated(text))
            }
        }
    }

    /// A query value once read and checked against its ``ValueKind``.
    enum Value: Sendable {
        /// A switch that is on.
        case on
        /// A whole number within its range.
        case number(Int)
        /// A probability.
        case decimal(Double)
        /// A media type, a choice, a `Cache-Control` value.
        case text(String)
    }
}
