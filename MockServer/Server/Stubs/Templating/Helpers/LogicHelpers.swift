import Foundation

extension TemplateHelpers {
    /// WireMock's comparison and logic helpers: `contains`, `matches`, `eq`, `neq`, `gt`, `gte`,
    /// `lt`, `lte`, `and`, `or`, `not` (as plain helpers and, where WireMock allows, as blocks with `else`).
    ///
    /// As plain helpers they give `true` or `false` (`eq`…`not` print their `yes=`/`no=` hash
    /// values instead when given). As blocks, `eq`…`not` render their body or their `else`;
    /// `contains` and `matches` render their body or nothing, as WireMock 2.35 does. Values
    /// compare as Java compares them: `eq 1 '1'` is false, a query value (a list) never equals
    /// text, `gt` between text and a number is a bad argument.
    static let logic: [String: TemplateHelper] = [
        "eq": LogicHelper.conditional { call throws(TemplateError) in
            LogicHelper.javaEq(call.argument(0), call.argument(1))
        },
        "neq": LogicHelper.conditional { call throws(TemplateError) in
            !LogicHelper.javaEq(call.argument(0), call.argument(1))
        },
        "gt": LogicHelper.conditional { call throws(TemplateError) in try LogicHelper.compare(call) > 0 },
        "gte": LogicHelper.conditional { call throws(TemplateError) in try LogicHelper.compare(call) >= 0 },
        "lt": LogicHelper.conditional { call throws(TemplateError) in try LogicHelper.compare(call) < 0 },
        "lte": LogicHelper.conditional { call throws(TemplateError) in try LogicHelper.compare(call) <= 0 },
        "and": LogicHelper.conditional { call throws(TemplateError) in call.arguments.allSatisfy(\.isTruthy) && !call.arguments.isEmpty },
        "or": LogicHelper.conditional { call throws(TemplateError) in call.arguments.contains(where: \.isTruthy) },
        "not": LogicHelper.conditional { call throws(TemplateError) in !call.argument(0).isTruthy },
        "contains": TemplateHelper { call throws(TemplateError) in try LogicHelper.contains(call) },
        "matches": TemplateHelper { call throws(TemplateError) in try LogicHelper.matches(call) },
    ]
}

/// The logic helpers' steps.
enum LogicHelper {
    /// A Handlebars.java conditional (`eq`, `gt`, `and`…): as a block, its body when `test`
    /// holds and its `else` otherwise; inline, the `yes=`/`no=` hash value, or the boolean.
    static func conditional(_ test: @escaping @Sendable (TemplateHelperCall) throws(TemplateError) -> Bool) -> TemplateHelper {
        TemplateHelper { call throws(TemplateError) in
            let holds = try test(call)
            if let block = call.block {
                return .safeString(holds ? try block.render(call.context) : try block.renderInverse(call.context))
            }
            return holds ? call.hash("yes") ?? .bool(true) : call.hash("no") ?? .bool(false)
        }
    }

    /// WireMock's `contains`: whether a list has the text among its values, or a value's text
    /// contains it. A block renders its body when it does and nothing when it does not.
    static func contains(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        guard call.arguments.count >= 2 else {
            return HelperSemantics.inlineError("You must specify the string or array to be matched and the regular expression")
        }
        let subject = call.argument(0)
        let wanted = call.argument(1)
        if subject == .null || wanted == .null { return .bool(false) }
        guard isText(wanted), let text = wanted.stringValue else {
            throw TemplateError.badArgument("contains", "looks for text, and \(wanted.rendered) is not text")
        }
        let found: Bool
        if let elements = HelperSemantics.list(subject) {
            found = elements.contains { javaEquals($0, .string(text)) }
        } else {
            found = subject.rendered.contains(text)
        }
        return try blockOrBool(call, found)
    }

    /// WireMock's `matches`: whether the whole of a value's text matches a Java regular expression.
    static func matches(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        guard call.arguments.count >= 2 else {
            return HelperSemantics.inlineError("You must specify the string to be matched and the regular expression")
        }
        let text = try HelperSemantics.text(call.argument(0), of: "matches")
        let patternValue = call.argument(1)
        guard isText(patternValue), let pattern = patternValue.stringValue else {
            throw TemplateError.badArgument("matches", "needs a regular expression as text, and got \(patternValue.rendered)")
        }
        // The bound stubs' regular expressions keep (a pattern that backtracks heavily costs
        // at most that much text), and the text's length in steps of the render's budget.
        guard text.utf16.count <= StubRegex.maximumValueLength else {
            throw TemplateError(.limit, "matches: the text is over \(StubRegex.maximumValueLength) characters, more than a regular expression is run on")
        }
        try call.environment.spend(text.utf16.count)
        return try blockOrBool(call, wholeMatch(text, pattern))
    }

    /// Whether `pattern` matches all of `text` (Java's `String.matches`); a pattern that does not
    /// compile, or is over the length stubs accept, is a bad argument, and one that backtracks
    /// past the work bound a `.limit` error.
    static func wholeMatch(_ text: String, _ pattern: String) throws(TemplateError) -> Bool {
        guard let expression = WholeMatchPatterns.shared.expression(for: pattern) else {
            throw TemplateError.badArgument("matches", "'\(pattern)' is not a valid regular expression")
        }
        switch expression.boundedFirstMatch(in: text, range: NSRange(text.startIndex..., in: text)) {
        case .match: return true
        case .none: return false
        case .overBudget: throw TemplateError.regexOverBudget("matches", pattern)
        }
    }

    /// WireMock's `contains`/`matches` result: inline the boolean; as a block the body when it
    /// holds, else nothing (WireMock 2.35 renders no `else` for these two).
    private static func blockOrBool(_ call: TemplateHelperCall, _ holds: Bool) throws(TemplateError) -> TemplateValue {
        guard let block = call.block else { return .bool(holds) }
        return .safeString(holds ? try block.render(call.context) : "")
    }

    /// Whether `value` is text (a Java `String`), not a list or a path that prints as text.
    static func isText(_ value: TemplateValue) -> Bool {
        switch value {
        case .string, .safeString: return true
        default: return false
        }
    }
}
