extension MockServer {
    /// When stubs' answers are rendered as templates (WireMock's Handlebars dialect), as
    /// WireMock's `--local-response-templating` and `--global-response-templating` choose.
    public enum ResponseTemplating: String, Sendable, Hashable, CaseIterable {
        /// Only stubs whose `transformers` name `response-template` (the default).
        case local
        /// Every stub.
        case global
    }
}
