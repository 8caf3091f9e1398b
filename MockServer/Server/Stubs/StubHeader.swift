/// One response header of a stub.
public struct StubHeader: Sendable, Hashable {
    /// The header's name.
    public var name: String
    /// Its value.
    public var value: String

    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
