/// A helper: a function a template calls by name (`{{upper request.path}}`,
/// `{{#each list}}…{{/each}}`, the subexpression `(range 1 5)`).
///
/// It receives the call (``TemplateHelperCall``) and returns a value, which `{{…}}` prints
/// (escaped, unless it is a ``TemplateValue/safeString(_:)``) and a subexpression passes on.
/// A block helper returns what its block rendered, as a `.safeString`, or `.null` for nothing.
/// A helper refuses bad arguments by throwing ``TemplateError/badArgument(_:_:)``, which the
/// stub answers as a 500 naming the reason.
struct TemplateHelper: Sendable {
    /// The helper's body.
    let apply: @Sendable (TemplateHelperCall) throws(TemplateError) -> TemplateValue

    /// A helper running `apply`.
    init(_ apply: @escaping @Sendable (TemplateHelperCall) throws(TemplateError) -> TemplateValue) {
        self.apply = apply
    }
}

/// One call of a helper: its arguments, evaluated, and what it may read and render.
struct TemplateHelperCall {
    /// The name the template called it by.
    let name: String
    /// The positional arguments, in order (`{{helper a 'b' 3}}` → the value of `a`, `"b"`, `3`).
    let arguments: [TemplateValue]
    /// The hash arguments, in the order written (`offset='3 days' format='yyyy'`).
    let hash: TemplateObject
    /// The current context (`this`) where the helper is called.
    let context: TemplateValue
    /// The render's request model, clock, random numbers, variables and budget.
    let environment: TemplateEnvironment
    /// The block's bodies, for `{{#name …}}…{{else}}…{{/name}}`; `nil` for a plain call or a
    /// subexpression.
    let block: TemplateBlock?

    /// Positional argument `index`, or `.null` when the call has fewer.
    func argument(_ index: Int) -> TemplateValue {
        index < arguments.count ? arguments[index] : .null
    }

    /// Hash argument `key`, or `nil` when the call does not give it.
    func hash(_ key: String) -> TemplateValue? {
        hash[key]
    }
}

/// The bodies of a block helper's call, as render functions the helper calls zero or more times.
struct TemplateBlock {
    /// Data variables a body sees as `@name` (`@index`, `@first`, `@last`, `@key`).
    typealias Data = [String: TemplateValue]
    /// Renders a body with a new context (`nil`: the call's own), data variables and block
    /// parameters (`as |item i|`).
    typealias Render = (TemplateValue?, Data, [TemplateValue]) throws(TemplateError) -> String

    /// Renders the body before `{{else}}` (Handlebars' `options.fn`).
    let body: Render
    /// Renders the body after `{{else}}`, or nothing without one (Handlebars' `options.inverse`).
    let inverse: Render
    /// The number of block parameters the block names (`{{#each list as |item i|}}` → 2).
    let blockParameterCount: Int

    /// The body rendered. `context` becomes `this` (and `../` leads back to the call's context);
    /// without one the body renders in the call's context, as `#if` does (`../` then leads
    /// where it leads outside the block).
    func render(_ context: TemplateValue? = nil, data: Data = [:], parameters: [TemplateValue] = []) throws(TemplateError) -> String {
        try body(context, data, parameters)
    }

    /// The `else` body rendered, as ``render(_:data:parameters:)`` does; empty without one.
    func renderInverse(_ context: TemplateValue? = nil, data: Data = [:], parameters: [TemplateValue] = []) throws(TemplateError) -> String {
        try inverse(context, data, parameters)
    }
}
