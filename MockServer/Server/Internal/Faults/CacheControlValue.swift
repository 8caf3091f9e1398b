/// The `cache=VALUE` override of `Cache-Control` (MockServer sends `no-store` by default, so no
/// cache between it and the client can mask a fault).
enum CacheControlValue {
    /// The value sent when `cache` is absent.
    static let standard = "no-store"
    /// Longest accepted value.
    static let maximumLength = 255

    /// `value` when it can go in a header as is: printable ASCII (space included, so no CR, LF
    /// or other control character), not empty, at most ``maximumLength`` bytes.
    static func validated(_ value: String) throws(ParameterError) -> String {
        let printable = value.utf8.allSatisfy { $0 >= 32 && $0 < 127 }
        guard !value.isEmpty, value.utf8.count <= maximumLength, printable,
            value.first != " ", value.last != " "
        else {
            throw ParameterError(
                parameter: "cache", error: "'\(value)' cannot be a Cache-Control value",
                valid: "a Cache-Control value like max-age=60 or no-cache (printable ASCII, at most 255 characters)")
        }
        return value
    }
}
