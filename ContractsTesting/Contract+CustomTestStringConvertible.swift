public import ContractsCore
public import Testing

/// A contract passed to a parameterized test (`@Test(arguments: ImageCachingContracts.all)`)
/// shows as its identifier, e.g. `memory.lruEviction`, in test reports.
extension Contract: CustomTestStringConvertible {
    /// The contract's stable identifier.
    public var testDescription: String { id }
}
