import Foundation
import Synchronization

/// The `matches` helper's compiled patterns, kept by their text so a template that tests one
/// pattern in a loop compiles it once (at most 256 are kept; the table starts over when full).
/// The table is only touched under its `Mutex`; `NSRegularExpression` is immutable once created
/// and documented as safe to use from several threads at once.
final class WholeMatchPatterns: Sendable {
    /// The table every render shares.
    static let shared = WholeMatchPatterns()

    private static let capacity = 256
    private let table = Mutex<[String: NSRegularExpression]>([:])

    /// `pattern` compiled to match a whole text (`\A(?:pattern)\z`), or `nil` when it does not
    /// compile alone or is longer than stubs' patterns may be.
    func expression(for pattern: String) -> NSRegularExpression? {
        if let known = table.withLock({ $0[pattern] }) { return known }
        guard pattern.utf8.count <= StubRegex.maximumPatternLength,
              (try? NSRegularExpression(pattern: pattern)) != nil,
              let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
        else { return nil }
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll() }
            table[pattern] = expression
        }
        return expression
    }
}
