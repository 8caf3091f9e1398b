import Foundation
import Synchronization

extension TemplateHelpers {
    /// WireMock's extraction helpers: `jsonPath`, `xPath`, `regexExtract`, `formData`, `parseJson`,
    /// `toJson`.
    static let extraction: [String: TemplateHelper] = [
        "jsonPath": TemplateHelper { call throws(TemplateError) in try jsonPath(call) },
        "xPath": TemplateHelper { call throws(TemplateError) in try xPath(call) },
        "regexExtract": TemplateHelper { call throws(TemplateError) in try regexExtract(call) },
        "formData": TemplateHelper { call throws(TemplateError) in try formData(call) },
        "parseJson": TemplateHelper { call throws(TemplateError) in try parseJson(call) },
        "toJson": TemplateHelper { call throws(TemplateError) in
            let value = call.argument(0)
            try call.environment.spend(value.rendered.utf8.count / 64)
            var keyOrder = JSONKeyOrder()
            return .string(value.json(recordingInto: &keyOrder).jacksonPretty(keyOrder: keyOrder))
        },
    ]

    /// The most compiled `jsonPath` expressions kept (past it the cache starts over).
    static let compiledPathLimit = 256
    /// Compiled `jsonPath` expressions by their text (`nil`: not a valid expression): a stub's
    /// template asks for the same few on every request.
    private static let compiledPaths = Mutex<[String: JSONPath?]>([:])

    /// `expression` compiled in the Jayway dialect, once; `nil` when it is not valid.
    private static func compiledPath(_ expression: String) -> JSONPath? {
        if let cached = compiledPaths.withLock({ $0[expression] }) { return cached }
        let path = try? JSONPath(expression, dialect: .jayway)
        compiledPaths.withLock { cache in
            if cache.count >= compiledPathLimit { cache.removeAll(keepingCapacity: true) }
            cache[expression] = .some(path)
        }
        return path
    }

    /// `{{jsonPath document '$.path'}}`: the document is JSON text or a value from `parseJson`.
    /// Nothing selected prints nothing; a bad expression prints WireMock's `[ERROR: …]` text;
    /// a query that visits too many nodes, or a document nested too deep, is a `.limit` error.
    private static func jsonPath(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let expression = call.argument(1).rendered
        let document: JSONValue
        // Objects come back in the document's order, as WireMock's come from its parsed map.
        var keyOrder = JSONKeyOrder()
        var text: String?
        switch call.argument(0) {
        case .object, .array:
            document = call.argument(0).json(recordingInto: &keyOrder)
        case let value:
            let rendered = value.rendered
            text = rendered
            // Spent on a reread too: the budget bounds the work a template may ask for as before.
            try call.environment.spend(rendered.utf8.count / 64)
            if let last = call.environment.lastJSONDocument, last.text == rendered {
                document = last.value
                break
            }
            do throws(JSONReader.Error) {
                document = try JSONReader.parse(rendered)
                call.environment.lastJSONDocument = (rendered, document)
            } catch {
                if error.reason.contains("levels deep") { throw TemplateError(.limit, "jsonPath: the document is \(error.reason)") }
                return .string("")
            }
        }
        guard let path = compiledPath(expression) else {
            return .string("[ERROR: \(expression) is not a valid JSONPath expression]")
        }
        let result: JSONValue?
        do throws(JSONPath.Error) {
            result = try path.evaluate(document)
        } catch {
            throw TemplateError(.limit, "jsonPath \(expression): \(error)")
        }
        guard let result else { return .string("") }
        if case .array(let items) = result { try call.environment.spend(items.count) }
        if let text, result.hasObjectWithMembers {
            // Read the text again, its key order recorded, only when an object is selected:
            // the usual scalar result costs no more than before.
            do throws(JSONReader.Error) { _ = try JSONReader.parse(text, keyOrder: &keyOrder) } catch {}
        }
        return TemplateJSON.selected(result, keyOrder: keyOrder)
    }

    /// `{{xPath document '/a/b/text()'}}`: one node's text (an element as its XML), several as
    /// a list printing the first, none as nothing; WireMock's `[ERROR: …]` text for a document
    /// that is not XML or an expression that is not XPath.
    private static func xPath(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text = call.argument(0).rendered
        let expression = call.argument(1).rendered
        let data = Data(text.utf8)
        try call.environment.spend(data.count / 64)
        guard StubXML.withDocument(data, { _, _ in true }) == true else { return .string("[ERROR: \(text) is not valid XML]") }
        guard StubXML.compiles(expression) else { return .string("[ERROR: \(expression) is not a valid XPath expression]") }
        // No node (or a result that is no node set, as `count(…)`, which WireMock refuses) prints nothing.
        let values = StubXML.select(expression, in: data, namespaces: [:]) ?? []
        try call.environment.spend(values.count)
        let nodes = values.map { value in TemplateValue.string(value.hasPrefix("<") ? value + "\n" : value) }
        switch nodes.count {
        case 0: return .string("")
        case 1: return nodes[0]
        default: return .listOrSingle(nodes)
        }
    }

    /// `{{regexExtract text 'regex'}}` (the first match), `{{regexExtract text 'regex' 'name'}}`
    /// (its groups into variable `name`), `default='…'` when nothing matches.
    private static func regexExtract(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text = call.argument(0).rendered
        let pattern = call.argument(1).rendered
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return .string("[ERROR: Invalid regex string \(pattern)]") }
        try call.environment.spend(text.utf16.count / 64)
        let match: NSTextCheckingResult
        switch regex.boundedFirstMatch(in: text, range: NSRange(text.startIndex..., in: text)) {
        case .match(let found): match = found
        case .none: return call.hash("default") ?? .string("[ERROR: Nothing matched \(pattern)]")
        case .overBudget: throw TemplateError.regexOverBudget("regexExtract", pattern)
        }
        func group(_ index: Int) -> TemplateValue {
            Range(match.range(at: index), in: text).map { .string(String(text[$0])) } ?? .null
        }
        guard case let name = call.argument(2), name.isTruthy else { return group(0) }
        let groups = match.numberOfRanges > 1 ? (1..<match.numberOfRanges).map(group) : [group(0)]
        call.environment.variables[name.rendered] = .listOrSingle(groups)
        return .null
    }

    /// `{{formData body 'name'}}`: the form's fields (each a list printing its first value)
    /// into variable `name`, or returned without one; `urlDecode=true` decodes the values.
    private static func formData(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let body = call.argument(0).rendered
        let decode = call.hash("urlDecode")?.isTruthy ?? false && call.hash("urlDecode")?.rendered != "false"
        var form = TemplateObject()
        let pairs = body.split(separator: "&", omittingEmptySubsequences: true)
        try call.environment.spend(pairs.count)
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            var value = parts.count > 1 ? String(parts[1]) : ""
            if decode { value = value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value }
            form.appendToList(.string(value), at: key)
        }
        guard case let name = call.argument(1), name.isTruthy else { return .object(form) }
        call.environment.variables[name.rendered] = .object(form)
        return .null
    }

    /// `{{parseJson text}}` (the value), `{{parseJson text 'name'}}` (into variable `name`), or
    /// `{{#parseJson 'name'}}…{{/parseJson}}` (the block's output, into `name`). Objects keep
    /// the text's member order; text that is not JSON gives nothing.
    private static func parseJson(_ call: TemplateHelperCall) throws(TemplateError) -> TemplateValue {
        let text: String
        let name: TemplateValue
        if let block = call.block {
            text = try block.render()
            name = call.argument(0)
        } else {
            text = call.argument(0).rendered
            name = call.argument(1)
        }
        try call.environment.spend(text.utf8.count / 64)
        let value: TemplateValue
        do throws(JSONReader.Error) {
            var keyOrder = JSONKeyOrder()
            let json = try JSONReader.parse(text, keyOrder: &keyOrder)
            value = TemplateValue(json: json, keyOrder: keyOrder)
        } catch {
            if error.reason.contains("levels deep") { throw TemplateError(.limit, "parseJson: the document is \(error.reason)") }
            value = .null
        }
        guard name.isTruthy else { return value }
        call.environment.variables[name.rendered] = value
        return .null
    }
}
