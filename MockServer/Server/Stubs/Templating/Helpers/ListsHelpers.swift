import Foundation

extension TemplateHelpers {
    /// WireMock's list and variable helpers: `range`, `array`, `assign` (sets
    /// ``TemplateEnvironment/variables``), `size`, `join`, `split`. A helper that builds or walks
    /// n elements spends n steps first (``TemplateEnvironment/spend(_:)``), so `range 1 1000000` ends in a 500.
    ///
    /// `range 1 5` is `[1, 2, 3, 4, 5]`; `array` lists its arguments; `{{#assign 'name'}}…{{/assign}}`
    /// keeps its trimmed body as `name`; `size` counts a text's UTF-16 units or a list's or
    /// object's members; `join` takes a list (or values) and the separator last, with `prefix=`
    /// and `suffix=`; `split 'a,b' ','` (WireMock 3's; 2.35 lacks it) splits at each separator.
    static let lists: [String: TemplateHelper] = [
        "range": TemplateHelper { call throws(TemplateError) in try ListHelper.range(call) },
        "array": TemplateHelper { call throws(TemplateError) in try ListHelper.array(call) },
        "assign": TemplateHelper { call throws(TemplateError) in try ListHelper.assign(call) },
        "size": TemplateHelper { call throws(TemplateError) in try ListHelper.size(call) },
        "join": TemplateHelper { call throws(TemplateError) in try ListHelper.join(call) },
        "split": TemplateHelper { call throws(TemplateError) in try ListHelper.split(call) },
    ]
}

/// The list helpers' steps.
enum ListHelper {
    /// `range lower upper`: the whole numbers from `lower` to `upper`, both included; a bound
    /// missing prints WireMock's `[ERROR: …]`, an `upper` below `lower` is a bad argument.
    static func range(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let lower = try HelperSemantics.int32(call.argument(0), of: "range")
        let upper = call.arguments.count > 1 ? try HelperSemantics.int32(call.argument(1), of: "range") : nil
        guard let lower, let upper else {
            return HelperSemantics.inlineError("The range helper requires both lower and upper bounds as integer parameters")
        }
        let count = upper - lower + 1
        guard count >= 0 else {
            throw TemplateError.badArgument("range", "the upper bound \(upper) is below the lower bound \(lower)")
        }
        try call.environment.spend(count)
        return .array((lower...max(lower, upper)).prefix(count).map { .integer($0) })
    }

    /// `array a b …`: the arguments as a list; nothing when the first is missing (as WireMock's
    /// helper returns an empty list then), and a missing later value is a bad argument.
    static func array(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        guard let first = call.arguments.first, first != .null else { return .array([]) }
        if call.arguments.contains(.null) {
            throw TemplateError.badArgument("array", "a list cannot hold a missing value (null)")
        }
        try call.environment.spend(call.arguments.count)
        return .array(call.arguments)
    }

    /// `{{#assign 'name'}}…{{/assign}}`: keeps the body's output, trimmed, as the variable `name`;
    /// prints nothing. Inline (no body) it sets the variable to empty text, as WireMock does.
    static func assign(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let name = call.argument(0)
        guard LogicHelper.isText(name), let variable = name.stringValue else {
            throw TemplateError.badArgument("assign", "needs the variable's name as text, and got \(name.rendered)")
        }
        let value = try call.block?.render(call.context) ?? ""
        call.environment.variables[variable] = .string(StringHelper.javaTrim(value))
        return .null
    }

    /// `size`: a text's length in UTF-16 units (as Java counts it), a list's or object's member
    /// count; nothing for a number, a boolean or another Java object (`request.method`); a
    /// missing value is a bad argument.
    static func size(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let value = call.argument(0)
        if let elements = HelperSemantics.list(value) { return .integer(elements.count) }
        switch value {
        case .null: throw TemplateError.badArgument("size", "needs a text, list or object, and the argument is missing (null)")
        case .string(let text), .safeString(let text): return .integer(text.utf16.count)
        case .object(let object): return object.isJavaBean ? .null : .integer(object.count)
        default: return .null
        }
    }

    /// Handlebars.java's `join`: `join list ', '` or `join a b c ', '` (the separator last, as
    /// text), framed by `prefix=` and `suffix=`; an empty (false) first argument prints nothing.
    static func join(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        guard call.argument(0).isTruthy else { return .string("") }
        guard call.arguments.count >= 2 else {
            throw TemplateError.badArgument("join", "needs the separator as its last argument")
        }
        let separatorValue = call.arguments[call.arguments.count - 1]
        guard LogicHelper.isText(separatorValue), let separator = separatorValue.stringValue else {
            throw TemplateError.badArgument(
                "join", "found '\(separatorValue.rendered)', expected 'separator' at param[\(call.arguments.count - 2)]")
        }
        let items = HelperSemantics.list(call.arguments[0]) ?? Array(call.arguments.dropLast())
        try call.environment.spend(items.count)
        let prefix = call.hash("prefix")?.rendered ?? ""
        let suffix = call.hash("suffix")?.rendered ?? ""
        return .string(prefix + items.map(\.rendered).joined(separator: separator) + suffix)
    }

    /// `split text separator` (WireMock 3's): the parts of the text between separators, as a
    /// list of text; an empty separator is a bad argument.
    static func split(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text = try HelperSemantics.text(call.argument(0), of: "split")
        let separator = try HelperSemantics.text(call.argument(1), of: "split")
        guard !separator.isEmpty else {
            throw TemplateError.badArgument("split", "the separator is empty")
        }
        let parts = text.components(separatedBy: separator)
        try call.environment.spend(parts.count)
        return .array(parts.map { .string($0) })
    }
}
