import ContractsCore
public import ImageCache

/// An ``ImageCaching`` implementation under test: a name for reports and a factory, because
/// every rule starts from an empty cache with a cost limit of its own.
public struct ImageCachingSubject: Sendable {
    /// Shown in reports and the conformance matrix.
    public let name: String
    /// Makes a new, empty cache holding at most `costLimit` decoded bytes.
    public let makeCache: @Sendable (_ costLimit: Int) -> any ImageCaching

    /// Creates a subject.
    public init(name: String, makeCache: @escaping @Sendable (_ costLimit: Int) -> any ImageCaching) {
        self.name = name
        self.makeCache = makeCache
    }
}
