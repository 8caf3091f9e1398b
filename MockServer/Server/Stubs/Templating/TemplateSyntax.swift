/// The tree a template parses to (``TemplateParser``), which ``TemplateEvaluator`` walks.
enum TemplateNode: Sendable {
    /// Text sent as it is.
    case text(String)
    /// `{{expression}}` (escaped) or `{{{expression}}}` / `{{&expression}}` (not).
    case output(TemplateExpression, escaped: Bool, at: Int)
    /// `{{#head …}}body{{else}}inverse{{/head}}`, or `{{^head}}…{{/head}}` (inverted).
    case block(TemplateBlockNode)
}

/// A block: its head (a helper call or a path, for a section), bodies and block parameters.
struct TemplateBlockNode: Sendable {
    /// The opening tag's expression.
    let head: TemplateExpression
    /// The body before `{{else}}`.
    let body: [TemplateNode]
    /// The body after `{{else}}` (an `{{else if …}}` chain is a block inside it).
    let inverse: [TemplateNode]
    /// `as |a b|`'s names.
    let parameters: [String]
    /// `{{^head}}`: the bodies swap.
    let inverted: Bool
    /// Byte offset of the opening tag, for error positions.
    let at: Int
}

/// An expression inside a tag.
indirect enum TemplateExpression: Sendable {
    /// A path: `request.query.id`, `this`, `../name`, `@index`, `[weird key]`.
    case path(TemplatePath)
    /// A string, number, boolean or `null` literal.
    case literal(TemplateValue)
    /// `name arg… key=value…`: a helper call (a tag with arguments, or a subexpression `( … )`).
    case call(TemplateCall)
}

/// A helper call as written.
struct TemplateCall: Sendable {
    /// The helper's name (the head path's text).
    let name: String
    /// The head as a path too, for a tag without arguments that names no helper.
    let path: TemplatePath
    /// The positional arguments.
    let arguments: [TemplateExpression]
    /// The hash arguments, in order.
    let hash: [(key: String, value: TemplateExpression)]
    /// Byte offset of the call's name, for error positions.
    let at: Int
}

/// A path: how many `../` it climbs, whether it names a data variable (`@index`), and its
/// segments (`this` and `.` dropped).
struct TemplatePath: Sendable {
    /// The number of `../` before the segments.
    var parents = 0
    /// Whether it starts with `@`.
    var isData = false
    /// Whether it starts with `this` or `.` (so it never names a helper).
    var isExplicitThis = false
    /// The names to look up, in order.
    var segments: [String] = []
    /// The path as written.
    var text = ""
}
