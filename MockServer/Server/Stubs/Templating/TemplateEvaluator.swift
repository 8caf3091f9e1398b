/// Walks a template's tree and renders it: paths against a stack of contexts, helpers from
/// the table, blocks through ``TemplateBlock`` render functions, within the environment's limits.
///
/// A class: block helpers get render functions that come back into it. One per render.
final class TemplateEvaluator {
    /// One context on the stack.
    struct Frame {
        /// `this`.
        let context: TemplateValue
        /// `@name` variables.
        let data: TemplateBlock.Data
        /// Block parameters by name.
        let parameters: [String: TemplateValue]
        /// A frame a block pushed without a new context (`#if`): `../` passes over it.
        let transparent: Bool
    }

    /// The helpers callable by name.
    let helpers: [String: TemplateHelper]
    /// The render's environment.
    let environment: TemplateEnvironment
    /// The contexts, innermost last.
    private(set) var frames: [Frame]
    /// How deep blocks and subexpressions nest now.
    private var depth = 0

    /// An evaluator rendering in `context`.
    init(context: TemplateValue, environment: TemplateEnvironment, helpers: [String: TemplateHelper]) {
        self.helpers = helpers
        self.environment = environment
        frames = [Frame(context: context, data: [:], parameters: [:], transparent: false)]
    }

    /// Renders `nodes`, appending to `output`.
    func render(_ nodes: [TemplateNode], into output: inout String) throws(TemplateError) {
        for node in nodes {
            try environment.spend()
            switch node {
            case .text(let text):
                output += text
            case .output(let expression, let escaped, _):
                let value = try evaluate(expression)
                if escaped, case .safeString = value {
                    value.render(into: &output)
                } else if escaped {
                    output += TemplateEscaping.escape(value.rendered)
                } else {
                    value.render(into: &output)
                }
            case .block(let block):
                try self.block(block).render(into: &output)
            }
            try environment.checkOutput(output.utf8.count)
        }
    }

    /// The value of an expression.
    func evaluate(_ expression: TemplateExpression) throws(TemplateError) -> TemplateValue {
        switch expression {
        case .literal(let value): return value
        case .path(let path): return resolve(path)
        case .call(let call): return try self.call(call, block: nil)
        }
    }

    /// A call: the helper it names, or (without arguments) the path it is.
    private func call(_ call: TemplateCall, block: TemplateBlock?) throws(TemplateError) -> TemplateValue {
        if let helper = helper(for: call) {
            // A subexpression is a level; a block's level is its body (``renderBody``).
            let nests = block == nil
            if nests { try enter(at: call.at) }
            defer { if nests { depth -= 1 } }
            var arguments: [TemplateValue] = []
            arguments.reserveCapacity(call.arguments.count)
            for argument in call.arguments { arguments.append(try evaluate(argument)) }
            var hash = TemplateObject()
            for (key, value) in call.hash { hash[key] = try evaluate(value) }
            try environment.spend()
            let invocation = TemplateHelperCall(
                name: call.name, arguments: arguments, hash: hash, context: frames[frames.count - 1].context,
                environment: environment, block: block)
            return try helper.apply(invocation)
        }
        if !call.arguments.isEmpty || !call.hash.isEmpty {
            throw TemplateError(.unknownHelper, "could not find helper: '\(call.name)'", line: position(call.at).0, column: position(call.at).1)
        }
        return resolve(call.path)
    }

    private func helper(for call: TemplateCall) -> TemplateHelper? {
        let path = call.path
        guard !path.isData, !path.isExplicitThis, path.parents == 0, path.segments.count == 1 else { return nil }
        return helpers[call.name]
    }

    /// A block: a helper's, or a section over a value (Mustache style) when no helper has its name.
    private func block(_ node: TemplateBlockNode) throws(TemplateError) -> TemplateValue {
        guard case .call(let head) = node.head else { return .null }
        let body = node.inverted ? node.inverse : node.body
        let inverse = node.inverted ? node.body : node.inverse
        if helper(for: head) != nil {
            let names = node.parameters
            let block = TemplateBlock(
                body: { [unowned self] context, data, parameters throws(TemplateError) in
                    try self.renderBody(body, context: context, data: data, parameters: parameters, names: names, at: node.at)
                },
                inverse: { [unowned self] context, data, parameters throws(TemplateError) in
                    try self.renderBody(inverse, context: context, data: data, parameters: parameters, names: names, at: node.at)
                }, blockParameterCount: names.count)
            let value = try call(head, block: block)
            if case .safeString = value { return value }
            return .safeString(value.rendered)
        }
        if !head.arguments.isEmpty || !head.hash.isEmpty {
            let (line, column) = position(head.at)
            throw TemplateError(.unknownHelper, "could not find helper: '\(head.name)'", line: line, column: column)
        }
        let value = resolve(head.path)
        if node.inverted {
            // `body` and `inverse` are swapped already: `body` is what follows `{{else}}`.
            return .safeString(try renderBody(value.isTruthy ? body : inverse, context: nil, at: node.at))
        }
        if let items = value.sectionItems {
            guard !items.isEmpty else { return .safeString(try renderBody(inverse, context: nil, at: node.at)) }
            var output = ""
            for (index, item) in items.enumerated() {
                try environment.spend()
                output += try renderBody(body, context: item, data: ["index": .integer(index)], at: node.at)
                try environment.checkOutput(output.utf8.count)
            }
            return .safeString(output)
        }
        guard value.isTruthy else { return .safeString(try renderBody(inverse, context: nil, at: node.at)) }
        if case .bool = value { return .safeString(try renderBody(body, context: nil, at: node.at)) }
        return .safeString(try renderBody(body, context: value, at: node.at))
    }

    /// Renders a block's body with a new context (or the current one), data and block parameters.
    private func renderBody(
        _ nodes: [TemplateNode], context: TemplateValue?, data: TemplateBlock.Data = [:], parameters: [TemplateValue] = [],
        names: [String] = [], at offset: Int
    ) throws(TemplateError) -> String {
        guard !nodes.isEmpty else { return "" }
        try enter(at: offset)
        var named: [String: TemplateValue] = [:]
        for (index, name) in names.enumerated() where index < parameters.count { named[name] = parameters[index] }
        frames.append(Frame(context: context ?? frames[frames.count - 1].context, data: data, parameters: named, transparent: context == nil))
        defer {
            frames.removeLast()
            depth -= 1
        }
        var output = ""
        try render(nodes, into: &output)
        return output
    }

    private func enter(at offset: Int) throws(TemplateError) {
        depth += 1
        if depth > environment.limits.maxDepth {
            depth -= 1
            throw TemplateError(.limit, "blocks and subexpressions nest deeper than \(environment.limits.maxDepth)")
        }
    }

    /// Line and column of byte `offset` (the evaluator does not keep the source; 0 when unknown).
    private func position(_ offset: Int) -> (Int, Int) {
        (sourceLines?(offset) ?? (1, offset))
    }

    /// Maps a byte offset to a line and column; set by ``Template``.
    var sourceLines: ((Int) -> (Int, Int))?
}
