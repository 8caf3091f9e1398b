extension TemplateHelpers {
    /// WireMock's extraction helpers: `jsonPath`, `xPath`, `regexExtract`, `formData`, `parseJson`,
    /// `toJson`.
    static let extraction: [String: TemplateHelper] = [:]
}
