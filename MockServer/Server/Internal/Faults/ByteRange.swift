import Foundation

/// A `Range` request header (RFC 9110 §14.2) resolved against a representation's length.
///
/// MockServer answers one range with a 206; several ranges get the whole representation with a
/// 200 (a server may ignore `Range`; it never sends `multipart/byteranges`), unless none of them
/// is satisfiable, which is a 416 like a single unsatisfiable range.
enum ByteRange: Sendable, Equatable {
    /// Send these bytes with 206 and `Content-Range: bytes first-last/length`.
    case partial(Range<Int>)
    /// Nothing to send: 416 with `Content-Range: bytes */length`.
    case unsatisfiable
    /// Send the whole representation with 200: no `Range`, another unit, a syntax error, or
    /// several ranges.
    case whole

    /// Resolves `header` (e.g. `bytes=0-499`, `bytes=500-`, `bytes=-500`) for `length` bytes.
    static func resolve(_ header: String?, length: Int) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].lowercased() == "bytes" else { return .whole }
        var specs: [Spec] = []
        for element in trimmed[trimmed.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let text = element.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }  // empty list elements are allowed and skipped
            guard let spec = Spec(text) else { return .whole }  // one bad spec: the header is ignored
            specs.append(spec)
        }
        guard !specs.isEmpty else { return .whole }
        let satisfiable = specs.compactMap { $0.bytes(of: length) }
        if satisfiable.isEmpty { return .unsatisfiable }
        return specs.count == 1 ? .partial(satisfiable[0]) : .whole
    }

    /// The `Content-Range` value for this outcome, if it has one.
    func contentRange(length: Int) -> String? {
        switch self {
        case .partial(let bytes): return "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(length)"
        case .unsatisfiable: return "bytes */\(length)"
        case .whole: return nil
        }
    }

    /// One `range-spec`.
    private enum Spec {
        /// `first-last` or `first-` (`last` is `nil`).
        case from(first: Int, last: Int?)
        /// `-n`: the last n bytes.
        case suffix(Int)

        init?(_ text: String) {
            guard let dash = text.firstIndex(of: "-") else { return nil }
            let first = text[..<dash]
            let last = text[text.index(after: dash)...]
            if first.isEmpty {
                guard let count = Self.number(last) else { return nil }
                self = .suffix(count)
                return
            }
            guard let start = Self.number(first) else { return nil }
            if last.isEmpty {
                self = .from(first: start, last: nil)
                return
            }
            guard let end = Self.number(last), end >= start else { return nil }
            self = .from(first: start, last: end)
        }

        /// The bytes selected from `length`, or `nil` when unsatisfiable.
        func bytes(of length: Int) -> Range<Int>? {
            guard length > 0 else { return nil }
            switch self {
            case .from(let first, let last):
                guard first < length else { return nil }
                return first..<(min(last ?? (length - 1), length - 1) + 1)
            case .suffix(let count):
                guard count > 0 else { return nil }
                return max(0, length - count)..<length
            }
        }

        /// Decimal digits; a number too big for `Int` saturates (it is past any length).
        private static func number(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return Int(text) ?? Int.max
        }
    }
}
