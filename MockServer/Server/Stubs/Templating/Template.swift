/// A parsed template: text with `{{…}}` mustaches, ready to render any number of times.
///
/// Parse once (``init(parsing:)``, a ``TemplateError`` of kind `.syntax` for bad text), then
/// ``render(context:environment:helpers:)`` per request.
struct Template: Sendable {
    /// The template's text.
    let source: String

    /// Parses `source`.
    init(parsing source: String) throws(TemplateError) {
        self.source = source
    }

    /// The template rendered with `context` as `this` (a stub's is the object holding `request`
    /// and `parameters`), within `environment`'s limits, calling helpers from `helpers`.
    func render(
        context: TemplateValue, environment: TemplateEnvironment, helpers: [String: TemplateHelper] = TemplateHelpers.all
    ) throws(TemplateError) -> String {
        throw TemplateError(.syntax, "the template engine is not written yet")
    }
}
