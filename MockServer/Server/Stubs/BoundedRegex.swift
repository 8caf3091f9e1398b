import Foundation

/// What a regular expression run with a bound on its work found (see
/// ``Foundation/NSRegularExpression/boundedFirstMatch(in:range:)``).
enum BoundedMatch {
    /// The first match.
    case match(NSTextCheckingResult)
    /// No match in the whole text.
    case none
    /// The run was stopped before it could tell: the pattern backtracks more than
    /// ``Foundation/NSRegularExpression/matchStepBudget`` allows on this text (`(a+)+$` on a
    /// run of `a`s and a `b`).
    case overBudget
}

extension NSRegularExpression {
    /// How many of ICU's progress reports one run may take before it is stopped. ICU reports
    /// every 10,000 steps of its matching engine or so, so this bounds a run at about
    /// 2,000,000 steps (well under a second): far above what a pattern that does not backtrack
    /// catastrophically spends on the 16 KB of text stubs and templates match at most, far
    /// below what one that does would spend (2³⁰ steps and more).
    static let matchStepBudget = 200

    /// The first match of the expression in `range` of `text`, with its work bounded by
    /// ``matchStepBudget``: the length of the text alone does not bound a pattern that
    /// backtracks catastrophically.
    func boundedFirstMatch(in text: String, range: NSRange) -> BoundedMatch {
        var found: NSTextCheckingResult?
        var reports = 0
        var stopped = false
        enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
                return
            }
            reports += 1
            if reports > Self.matchStepBudget {
                stopped = true
                stop.pointee = true
            }
        }
        if let found { return .match(found) }
        return stopped ? .overBudget : .none
    }
}
