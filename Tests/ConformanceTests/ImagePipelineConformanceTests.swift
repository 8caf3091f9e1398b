import Contracts
import ImageCache
import Networking
import XCTest

/// ``ImagePipeline`` over libcurl, the memory LRU and the disk cache keeps every ImageLoading rule.
final class ImagePipelineConformanceTests: XCTestCase, ImageLoadingContractSpec {
    static let ours = ImageLoadingSubject(name: "ImagePipeline") { folder, timeouts in
        ImagePipeline(
            client: CurlHTTPClient(), memory: MemoryImageCache(), disk: DiskCache(folder: folder),
            configuration: .init(timeouts: timeouts))
    }

    var subject: ImageLoadingSubject { Self.ours }

    func test_image_offlineAfterLoad() async { await assertKeeps(ImageLoadingContracts.offlineAfterLoad, subject) }
    func test_image_restartOffline() async { await assertKeeps(ImageLoadingContracts.restartOffline, subject) }
    func test_image_notFound() async { await assertKeeps(ImageLoadingContracts.notFound, subject) }
    func test_image_corrupt() async { await assertKeeps(ImageLoadingContracts.corrupt, subject) }
    func test_image_tooManyBytes() async { await assertKeeps(ImageLoadingContracts.tooManyBytes, subject) }
    func test_image_tooManyPixels() async { await assertKeeps(ImageLoadingContracts.tooManyPixels, subject) }
    func test_image_timedOut() async { await assertKeeps(ImageLoadingContracts.timedOut, subject) }
    func test_image_coalesced() async { await assertKeeps(ImageLoadingContracts.coalesced, subject) }
    func test_image_cancelOneKeepsOthers() async { await assertKeeps(ImageLoadingContracts.cancelOneKeepsOthers, subject) }
    func test_image_cancelLastCancelsTransfer() async {
        await assertKeeps(ImageLoadingContracts.cancelLastCancelsTransfer, subject)
    }
    func test_image_defaultGalleryImages() async { await assertKeeps(ImageLoadingContracts.defaultGalleryImages, subject) }
    func test_image_diskFailureStillDelivers() async {
        await assertKeeps(ImageLoadingContracts.diskFailureStillDelivers, subject)
    }
}
