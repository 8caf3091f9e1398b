extension TemplateHelpers {
    /// Handlebars' own block and lookup helpers: `if` (with `else`), `unless`, `each` (`@index`,
    /// `@first`, `@last`, `@key`), `with`, `lookup`.
    static let handlebarsBuiltIns: [String: TemplateHelper] = [
        "if": TemplateHelper { call throws(TemplateError) in
            let truthy = call.argument(0).isTruthy
            guard let block = call.block else { return truthy ? call.argument(1) : call.argument(2) }
            return .safeString(truthy ? try block.render() : try block.renderInverse())
        },
        "unless": TemplateHelper { call throws(TemplateError) in
            let truthy = call.argument(0).isTruthy
            guard let block = call.block else { return truthy ? call.argument(2) : call.argument(1) }
            return .safeString(truthy ? try block.renderInverse() : try block.render())
        },
        "with": TemplateHelper { call throws(TemplateError) in
            let value = call.argument(0)
            guard let block = call.block else { return value }
            return .safeString(value.isTruthy ? try block.render(value, parameters: [value]) : try block.renderInverse())
        },
        "each": TemplateHelper { call throws(TemplateError) in
            guard let block = call.block else { return .null }
            return .safeString(try each(call.argument(0), block: block, environment: call.environment))
        },
        "lookup": TemplateHelper { call throws(TemplateError) in
            let key = call.argument(1)
            let name = key.intValue.map(String.init) ?? key.rendered
            return TemplateEvaluator.member(call.argument(0), name) ?? .null
        },
    ]

    /// `{{#each value}}`: a list's elements or an object's members, each rendered with
    /// `@index`, `@key`, `@first` (`"first"` on the first, else empty) and `@last` likewise, as
    /// Handlebars.java sets them; the `else` body when there is nothing to walk.
    private static func each(_ value: TemplateValue, block: TemplateBlock, environment: TemplateEnvironment) throws(TemplateError) -> String {
        var output = ""
        func turn(_ item: TemplateValue, key: TemplateValue, index: Int, count: Int) throws(TemplateError) {
            try environment.spend()
            let data: TemplateBlock.Data = [
                "index": .integer(index), "key": key, "first": .string(index == 0 ? "first" : ""),
                "last": .string(index == count - 1 ? "last" : ""),
            ]
            output += try block.render(item, data: data, parameters: [item, key])
            try environment.checkOutput(output.utf8.count)
        }
        if case .object(let object) = value {
            for (index, entry) in object.entries.enumerated() {
                try turn(entry.value, key: .string(entry.key), index: index, count: object.count)
            }
        } else if let items = value.elements {
            for (index, item) in items.enumerated() { try turn(item, key: .integer(index), index: index, count: items.count) }
        }
        return output.isEmpty && !value.isTruthy ? try block.renderInverse() : output
    }
}
