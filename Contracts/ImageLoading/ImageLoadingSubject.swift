import ContractsCore
public import Foundation
public import ImageCache
public import Networking

/// An ``ImageLoading`` implementation under test: a name for reports and a factory, because the
/// rules open a second instance on the same cache folder (a restart) and scale the deadlines.
public struct ImageLoadingSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Builds a loader that keeps its disk copies in `cacheFolder` and gives each request `timeouts`.
    public let makeLoader: @Sendable (_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> any ImageLoading

    /// Creates a subject.
    public init(
        name: String,
        makeLoader: @escaping @Sendable (_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> any ImageLoading
    ) {
        self.name = name
        self.makeLoader = makeLoader
    }
}
