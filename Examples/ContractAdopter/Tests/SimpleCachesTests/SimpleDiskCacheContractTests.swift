import ContractsDiskCaching
import ContractsTesting
import SimpleCaches
import Testing

/// ``SimpleDiskCache`` keeps every DiskCaching rule: adopted through Swift Testing, one
/// parameterized test over the whole suite.
@Suite struct SimpleDiskCacheContractTests {
    let subject = DiskCachingSubject(name: "SimpleDiskCache") { folder, limit in
        SimpleDiskCache(folder: folder, sizeLimit: limit)
    }

    @Test(arguments: DiskCachingContracts.all)
    func simpleDiskCacheKeeps(_ contract: Contract<DiskCachingSubject>) async {
        await expectKeeps(contract, subject)
    }
}
