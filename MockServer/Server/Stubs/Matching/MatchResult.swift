/// What one matcher found for one value or one request, as WireMock's `MatchResult`: whether it
/// matched exactly, how far it was from matching (0 exact, up to 1 nothing alike) and, for a
/// request asked to explain itself, every field compared with what was expected and what came.
///
/// The same result picks the stub (``isExactMatch``) and ranks the near misses (``distance``).
/// It holds no text unless it explains a request, so making and dropping one costs nothing
/// (a lazily measured distance kept two strings in it, which halved the rate of bench case 7's
/// row with 300 stubs on the measured path). Patterns with one exact value are then checked by
/// that value while serving (``StringValuePattern/exactValue``), so an edit distance is only
/// measured for the near-miss report.
struct MatchResult: Sendable {
    /// Whether everything matched.
    let isExactMatch: Bool
    /// 0 for an exact match, up to 1 for nothing alike.
    let distance: Double
    /// What was compared, when a request is explained; `nil` (nothing to retain or release)
    /// while serving.
    private let explanation: Explanation?

    /// The fields compared, in a reference: a result that explains nothing holds none.
    private final class Explanation: Sendable {
        let fields: [MatchField]
        init(_ fields: [MatchField]) { self.fields = fields }
    }

    /// An exact match.
    static var exact: MatchResult { MatchResult(isExactMatch: true, distance: 0, explanation: nil) }
    /// Nothing alike.
    static var noMatch: MatchResult { MatchResult(isExactMatch: false, distance: 1, explanation: nil) }

    private init(isExactMatch: Bool, distance: Double, explanation: Explanation?) {
        self.isExactMatch = isExactMatch
        self.distance = distance
        self.explanation = explanation
    }

    /// ``exact`` when `isMatch`, else ``noMatch``.
    init(_ isMatch: Bool) {
        self = isMatch ? .exact : .noMatch
    }

    /// A result at `distance` (clamped to 0…1; an exact match is always 0).
    init(isExactMatch: Bool, distance: Double, fields: [MatchField] = []) {
        self.init(
            isExactMatch: isExactMatch, distance: isExactMatch ? 0 : min(1, max(0, distance)),
            explanation: fields.isEmpty ? nil : Explanation(fields))
    }

    /// What was compared, in order (empty unless a request was explained).
    var fields: [MatchField] { explanation?.fields ?? [] }

    /// A comparison of trees (JSON, XML) where `differing` of the expected tree's `total` values
    /// differ: exact at 0, else that share of the total as the distance (at least 0.01).
    static func differing(_ differing: Int, of total: Int) -> MatchResult {
        guard differing > 0 else { return .exact }
        return MatchResult(isExactMatch: false, distance: max(0.01, Double(differing) / Double(max(1, total))))
    }

    /// A result whose distance, when not exact, is how far `actual` is from `expected` as text.
    init(isExactMatch: Bool, expected: String, actual: String) {
        self.init(isExactMatch: isExactMatch, distance: isExactMatch ? 0 : MatchResult.textDistance(expected, actual), explanation: nil)
    }

    /// The fields that did not match.
    var differences: [MatchField] { fields.filter { !$0.isMatch } }

    /// The same verdict and distance with `fields` as what was compared.
    func with(fields: [MatchField]) -> MatchResult {
        MatchResult(isExactMatch: isExactMatch, distance: distance, fields: fields)
    }

    /// The inverse verdict, at `1 − distance` (WireMock's `not`).
    var inverted: MatchResult {
        MatchResult(isExactMatch: !isExactMatch, distance: 1 - distance)
    }

    /// The closest of `results` (the first exact one, else the smallest distance); ``noMatch``
    /// when there are none. WireMock's best match over a repeated header or parameter.
    static func best(of results: some Sequence<MatchResult>) -> MatchResult {
        var best: (result: MatchResult, distance: Double)?
        for result in results {
            if result.isExactMatch { return result }
            let distance = result.distance
            if distance < best?.distance ?? .infinity { best = (result, distance) }
        }
        return best?.result ?? .noMatch
    }

    /// Exact when every part is; the distance is the weighted sum of the parts' distances over
    /// `totalWeight` (WireMock's weighted aggregate).
    static func aggregate(_ parts: [(result: MatchResult, weight: Double)], totalWeight: Double) -> MatchResult {
        guard totalWeight > 0 else { return .exact }
        let exact = parts.allSatisfy { $0.result.isExactMatch }
        let sum = parts.reduce(0) { $0 + $1.weight * $1.result.distance }
        return MatchResult(isExactMatch: exact, distance: sum / totalWeight, fields: parts.flatMap(\.result.fields))
    }

    /// Levenshtein distance over the longer length (0 same, 1 nothing in common), on at most 256
    /// characters of each.
    static func textDistance(_ a: String, _ b: String) -> Double {
        let left = Array(a.prefix(256))
        let right = Array(b.prefix(256))
        let longest = max(left.count, right.count)
        guard longest > 0 else { return 0 }
        guard !left.isEmpty, !right.isEmpty else { return 1 }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return Double(previous[right.count]) / Double(longest)
    }
}

/// One field of a request as a matcher compared it: where (`headers.Accept`), what the stub
/// expects and what the request had, both as the near-miss report prints them.
struct MatchField: Sendable, Hashable {
    /// The field's path in the mapping's `request` object (`method`, `url`, `headers.Accept`,
    /// `queryParameters.page`), or `scenario`.
    let path: String
    /// What the stub expects (`Accept [contains]: json`).
    let expected: String
    /// What the request had (`Accept: text/html`, empty when it had nothing).
    let actual: String
    /// Whether it matched.
    let isMatch: Bool
    /// What the report says when it did not (`Header does not match`).
    let message: String
}
