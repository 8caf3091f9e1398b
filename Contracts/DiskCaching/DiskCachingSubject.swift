import ContractsCore
public import Foundation
public import ImageCache

/// A ``DataCaching`` implementation under test: a name for reports and a factory, because the
/// rules open several instances on one folder (a restart) with a chosen size limit.
public struct DiskCachingSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Opens a cache on `folder` keeping at most `sizeLimit` bytes.
    public let makeCache: @Sendable (_ folder: URL, _ sizeLimit: Int) async -> any DataCaching

    /// Creates a subject.
    public init(name: String, makeCache: @escaping @Sendable (_ folder: URL, _ sizeLimit: Int) async -> any DataCaching) {
        self.name = name
        self.makeCache = makeCache
    }
}
