extension Template {
    /// The members of `request` that `nodes` read (`request.path.[1]` reads `path`), or `nil`
    /// when they may read any: a path naming `request` whole (`{{request}}`, `{{#with request}}`,
    /// `lookup request …`), below another name, or `this` and `..` with no name after them (the
    /// root context, `request` included, may be what they reach).
    static func requestFields(of nodes: [TemplateNode]) -> Set<String>? {
        var walk = RequestFieldWalk()
        walk.visit(nodes)
        return walk.readsAll ? nil : walk.fields
    }
}

/// The walk behind ``Template/requestFields(of:)``.
private struct RequestFieldWalk {
    var fields: Set<String> = []
    var readsAll = false

    mutating func visit(_ nodes: [TemplateNode]) {
        for node in nodes where !readsAll {
            switch node {
            case .text: break
            case .output(let expression, _, _): visit(expression)
            case .block(let block):
                visit(block.head)
                visit(block.body)
                visit(block.inverse)
            }
        }
    }

    mutating func visit(_ expression: TemplateExpression) {
        switch expression {
        case .path(let path): visit(path)
        case .literal: break
        case .call(let call):
            visit(call.path)
            for argument in call.arguments { visit(argument) }
            for (_, value) in call.hash { visit(value) }
        }
    }

    mutating func visit(_ path: TemplatePath) {
        if path.segments.isEmpty, !path.isData {
            // `this` or `..`: possibly the root context itself.
            readsAll = true
            return
        }
        guard let index = path.segments.firstIndex(of: "request") else { return }
        guard index == 0, !path.isData, path.segments.count >= 2 else {
            readsAll = true
            return
        }
        fields.insert(path.segments[1])
    }
}
