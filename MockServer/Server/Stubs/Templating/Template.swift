/// A parsed template: text with `{{…}}` mustaches, ready to render any number of times.
///
/// Parse once (``init(parsing:limits:)``, a ``TemplateError`` of kind `.syntax` for bad text),
/// then ``render(context:environment:helpers:)`` per request.
struct Template: Sendable {
    /// The template's text.
    let source: String
    /// Its tree.
    let nodes: [TemplateNode]
    /// The members of `request` it reads, `nil` when it may read any (``requestFields(of:)``):
    /// a stub's request model is built with these only.
    let requestFields: Set<String>?
    /// Whether rendering gives the text back unchanged (it has no tag, not even a comment).
    var isPlainText: Bool {
        guard let first = nodes.first else { return source.isEmpty }
        guard nodes.count == 1, case .text(let text) = first else { return false }
        return text == source
    }

    /// Parses `source`; blocks nested deeper than `limits.maxDepth` are a `.limit` error.
    init(parsing source: String, limits: TemplateLimits = .standard) throws(TemplateError) {
        self.source = source
        nodes = try TemplateParser.parse(source, maxDepth: limits.maxDepth)
        requestFields = Self.requestFields(of: nodes)
    }

    /// The template rendered with `context` as `this` (a stub's is the object holding `request`
    /// and `parameters`), within `environment`'s limits, calling helpers from `helpers`.
    func render(
        context: TemplateValue, environment: TemplateEnvironment, helpers: [String: TemplateHelper] = TemplateHelpers.all
    ) throws(TemplateError) -> String {
        let evaluator = TemplateEvaluator(context: context, environment: environment, helpers: helpers)
        evaluator.sourceLines = { [source] offset in TemplateParser.position(of: offset, in: Array(source.utf8)) }
        var output = ""
        try evaluator.render(nodes, into: &output)
        return output
    }
}
