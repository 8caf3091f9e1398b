import CCurl

/// libcurl's process-wide initialisation, done once before the first handle.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// Runs `curl_global_init` once (Swift's lazy `static let` is thread-safe).
    static func initialize() {
        _ = initialized
    }
}
