/// The bounds a render stays within; going over one is a ``TemplateError`` (`.limit`), which
/// the stub answers as a 500, so a hostile template costs bounded time and memory.
struct TemplateLimits: Sendable, Equatable {
    /// The most bytes (UTF-8) a template's output may have.
    var maxOutputBytes: Int = 10 * 1024 * 1024
    /// How deep blocks, subexpressions and partial renders may nest.
    var maxDepth: Int = 100
    /// The work budget of one render: each node evaluated, each loop turn and each element a
    /// helper builds (``TemplateEnvironment/spend(_:)``) costs one step.
    var maxSteps: Int = 1_000_000

    /// The server's limits (10 MB of output, depth 100, a million steps).
    static let standard = TemplateLimits()
}
