import Foundation

/// The one thing ``ImagePipeline`` reads from a `Cache-Control` header: how long a response
/// stays fresh.
enum CacheControl {
    /// Seconds of freshness the value grants: 0 for `no-cache` (revalidate every time), else
    /// the first `max-age=N` (`"N"` quoted too); `nil` when it says neither, or `max-age` is not
    /// a number. `no-store` alone is `nil`: the pipeline keeps the copy anyway, because an
    /// offline gallery needs it.
    static func maxAge(_ value: String?) -> Int? {
        guard let value else { return nil }
        var maxAge: Int?
        var seen = false
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            guard let first = parts.first else { continue }
            let name = first.trimmingCharacters(in: .whitespaces).lowercased()
            if name == "no-cache" { return 0 }
            guard name == "max-age", parts.count == 2, !seen else { continue }
            seen = true
            var number = parts[1].trimmingCharacters(in: .whitespaces)
            if number.count >= 2, number.hasPrefix("\""), number.hasSuffix("\"") { number = String(number.dropFirst().dropLast()) }
            if let seconds = Int(number), seconds >= 0 { maxAge = seconds }
        }
        return maxAge
    }
}
