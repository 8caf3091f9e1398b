import Foundation

/// The first byte a `Content-Range: bytes N-M/L` answer holds.
enum ContentRange {
    /// `N`, or `nil` when the value is not `bytes N-M/…`.
    static func start(of value: String?) -> Int? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let range = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let dash = range.firstIndex(of: "-") else { return nil }
        return Int(range[..<dash])
    }
}
