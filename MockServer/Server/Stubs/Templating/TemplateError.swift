import Foundation

/// Why a template could not be parsed or rendered; the stub then answers 500 with
/// ``description`` in its body.
struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    enum Kind: Sendable, Equatable {
        /// The template's text is not a template (an unclosed `{{`, a block closed by another name).
        case syntax
        /// A `{{name …}}` with arguments, or a block, names a helper that does not exist.
        case unknownHelper
        /// A helper was given arguments it cannot use.
        case badArgument
        /// Rendering went over a bound: output size, nesting depth or the step budget.
        case limit
    }

    /// What went wrong.
    let kind: Kind
    /// The reason, for a person reading the 500's body.
    let message: String
    /// Where in the template (1-based line and column), when known.
    var line: Int?
    /// See ``line``.
    var column: Int?

    /// An error of `kind` saying `message`.
    init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// A helper's complaint about its arguments: `helper` names it in the message.
    static func badArgument(_ helper: String, _ reason: String) -> TemplateError {
        TemplateError(.badArgument, "\(helper): \(reason)")
    }

    /// A regular expression that backtracked past the bound on one run's work
    /// (``Foundation/NSRegularExpression/matchStepBudget``) in `helper`.
    static func regexOverBudget(_ helper: String, _ pattern: String) -> TemplateError {
        TemplateError(
            .limit,
            "\(helper): the regular expression '\(pattern)' backtracks too much on this text "
                + "(stopped after about \(NSRegularExpression.matchStepBudget * 10_000) steps)")
    }

    /// The message, with the position when known (`3:14: …`).
    var description: String {
        guard let line else { return message }
        return "\(line):\(column ?? 0): \(message)"
    }
}
