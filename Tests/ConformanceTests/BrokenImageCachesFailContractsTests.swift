import Contracts
import ImageCache
import XCTest

/// Every ImageCaching contract can fail: each is run against a cache that breaks its rule, and
/// must report a violation (the returned violation is inspected, as XCTExpectFailure does not
/// exist on Linux).
final class BrokenImageCachesFailContractsTests: XCTestCase {
    static func twin(_ flaw: ImageCacheFlaw) -> ImageCachingSubject {
        ImageCachingSubject(name: "FlawedImageCache(\(flaw))") { FlawedImageCache(costLimit: $0, flaw: flaw) }
    }

    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<ImageCachingSubject>, twin: ImageCachingSubject)] = [
        (ImageCachingContracts.limitNeverExceeded, twin(.checksLimitBeforeInsert)),
        (ImageCachingContracts.lruEviction, twin(.ignoresReads)),
        (ImageCachingContracts.oversizeRefused, twin(.acceptsOversize)),
        (ImageCachingContracts.costIsDecodedBytes, twin(.costsOnePerEntry)),
        (ImageCachingContracts.trimAndRemoveAll, twin(.trimDoesNothing)),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: ImageCachingContracts.all)
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name)
    }

    /// The naive cache without a flaw keeps every contract: each violation above comes from
    /// the flaw, not from the naive implementation or an over-strict check.
    func test_theNaiveCacheWithoutAFlawKeepsEveryContract() async {
        let sound = ImageCachingSubject(name: "FlawedImageCache(none)") { FlawedImageCache(costLimit: $0, flaw: nil) }
        for contract in ImageCachingContracts.all {
            await assertKeeps(contract, sound)
        }
    }
}
