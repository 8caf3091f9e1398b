import Contracts
import XCTest

/// Every DiskCaching contract can fail: each is run against a cache that breaks its rule, and
/// must report a violation (the returned violation is inspected; XCTExpectFailure does not
/// exist on Linux).
final class BrokenDiskCachesFailContractsTests: XCTestCase {
    static func twin(_ name: String, _ flaw: BrokenDiskCache.Flaw) -> DiskCachingSubject {
        DiskCachingSubject(name: name) { folder, limit in BrokenDiskCache(folder: folder, sizeLimit: limit, flaw: flaw) }
    }

    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<DiskCachingSubject>, twin: DiskCachingSubject)] = [
        (DiskCachingContracts.limitNeverExceeded, twin("SoftLimitDiskCache", .sweepsEvery(8))),
        (DiskCachingContracts.lruAcrossRestart, twin("NameOrderDiskCache", .ordersByNameOnRestart)),
        (DiskCachingContracts.survivesRestart, twin("WipingDiskCache", .wipesOnStart)),
        (DiskCachingContracts.noPartialFiles, twin("InPlaceDiskCache", .writesInPlaceInHalves)),
        (DiskCachingContracts.failedWriteDeliversNothingLost, twin("LosingDiskCache", .losesDataOnFailedWrite)),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: DiskCachingContracts.all)
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name)
    }
}
