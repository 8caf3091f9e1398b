extension TemplateHelpers {
    /// WireMock's string helpers: `trim`, `upper`, `lower`, `capitalize`, `base64` (with `decode`),
    /// `urlEncode` (with `decode`).
    static let strings: [String: TemplateHelper] = [:]
}
