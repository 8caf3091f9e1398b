import ContractsDiskCaching
import ContractsTesting
import SimpleCaches
import Testing

/// ``SimpleDiskCache`` keeps every DiskCaching rule: adopted through Swift Testing, one
/// parameterized test over the whole suite, as docs/CONTRACTS.md's recipe has it:
/// `.contractIsolation` runs each case alone among contract checks.
@Suite(.contractIsolation) struct SimpleDiskCacheContractTests {
    let subject = DiskCachingSubject(name: "SimpleDiskCache") { folder, limit in
        SimpleDiskCache(folder: folder, sizeLimit: limit)
    }

    @Test(arguments: DiskCachingContracts.all)
    func simpleDiskCacheKeeps(_ contract: Contract<DiskCachingSubject>) async {
        await expectKeeps(contract, subject)
    }
}
