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
        XCTAssertEqual(Set(Self.pairs.map(\.contract.id)), Set(DiskCachingContracts.all.map(\.id)))
        XCTAssertEqual(Set(DiskCachingContracts.all.map(\.id)).count, DiskCachingContracts.all.count, "ids are unique")
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        // Each check has its own temporary folder, so they run side by side.
        let violations = await withTaskGroup(of: (Int, ContractViolation?).self) { group in
            for (index, pair) in Self.pairs.enumerated() {
                group.addTask { (index, await pair.contract.check(pair.twin)) }
            }
            return await group.reduce(into: [Int: ContractViolation?]()) { $0[$1.0] = $1.1 }
        }
        for (index, pair) in Self.pairs.enumerated() {
            let violation = violations[index] ?? nil
            XCTAssertNotNil(violation, "\(pair.contract.id) passed for \(pair.twin.name), which breaks it")
            XCTAssertEqual(violation?.contract, pair.contract.id)
            if let violation { print("measured: \(pair.twin.name) ✗ \(violation)") }
        }
    }
}
