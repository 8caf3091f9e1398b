import Contracts
import XCTest

/// Every ImageLoading contract can fail: each is run against a loader that breaks its rule, and
/// must report a violation (the returned violation is inspected; XCTExpectFailure does not
/// exist on Linux).
final class BrokenImageLoadersFailContractsTests: XCTestCase {
    static func twin(_ name: String, _ flaw: BrokenImageLoader.Flaw) -> ImageLoadingSubject {
        ImageLoadingSubject(name: name) { folder, timeouts in BrokenImageLoader(folder: folder, timeouts: timeouts, flaw: flaw) }
    }

    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<ImageLoadingSubject>, twin: ImageLoadingSubject)] = [
        (ImageLoadingContracts.offlineAfterLoad, twin("UncachedImageLoader", .noCache)),
        (ImageLoadingContracts.restartOffline, twin("MemoryOnlyImageLoader", .memoryOnly)),
        (ImageLoadingContracts.notFound, twin("AllBrokenImageLoader", .everyErrorIsBroken)),
        (ImageLoadingContracts.corrupt, twin("UnavailableOnDecodeImageLoader", .decodeFailureIsUnavailable)),
        (ImageLoadingContracts.tooManyBytes, twin("AllBrokenImageLoader", .everyErrorIsBroken)),
        (ImageLoadingContracts.timedOut, twin("AllBrokenImageLoader", .everyErrorIsBroken)),
        (ImageLoadingContracts.coalesced, twin("UncoalescedImageLoader", .noCoalescing)),
        (ImageLoadingContracts.cancelOneKeepsOthers, twin("CancelsAllImageLoader", .cancelOneCancelsAll)),
        (ImageLoadingContracts.cancelLastCancelsTransfer, twin("UncancellableImageLoader", .ignoresCancellation)),
        (ImageLoadingContracts.defaultGalleryImages, twin("TinyLimitImageLoader", .tinyPixelLimit)),
        (ImageLoadingContracts.diskFailureStillDelivers, twin("DiskErrorImageLoader", .diskErrorFailsLoad)),
        // Last: its 1.6 GB decode may outlast the check's watchdog, and nothing can stop it.
        (ImageLoadingContracts.tooManyPixels, twin("UncheckedPixelsImageLoader", .decodesWithoutPixelCheck)),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: ImageLoadingContracts.all)
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        // One at a time, in order: the timing rules need the cores, and the last twin's 1.6 GB
        // decode cannot be stopped.
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name, concurrently: false)
    }
}
