import ContractsCore
public import Foundation
public import ImageCache
public import Networking

/// An ``ImageLoading`` implementation under test: a name for reports and a factory, because the
/// rules open a second instance on the same cache folder (a restart) and scale the deadlines.
public struct ImageLoadingSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Builds a loader that keeps its disk copies in `cacheFolder` and gives each request
    /// `timeouts`, with what releases it once the check is done (the suite calls that teardown
    /// after every check, whatever its outcome).
    public let open: @Sendable (_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> SubjectInstance<any ImageLoading>

    /// Creates a subject from a factory that may return a teardown (e.g. shutting down the
    /// HTTP client the loader was built on).
    public init(
        name: String,
        open: @escaping @Sendable (_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> SubjectInstance<any ImageLoading>
    ) {
        self.name = name
        self.open = open
    }

    /// Creates a subject from a factory whose loaders need nothing torn down.
    public init(
        name: String,
        makeLoader: @escaping @Sendable (_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> any ImageLoading
    ) {
        self.init(name: name, open: { folder, timeouts in SubjectInstance(await makeLoader(folder, timeouts)) })
    }

    /// A loader for a check: made by the factory, its teardown left to the running check.
    func makeLoader(_ cacheFolder: URL, _ timeouts: RequestTimeouts) async -> any ImageLoading {
        ContractScope.adopt(await open(cacheFolder, timeouts))
    }
}
