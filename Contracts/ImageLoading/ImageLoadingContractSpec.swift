import ContractsCore
/// Adopt in an `XCTestCase` to run the image-loading suite: the compiler lists the methods to
/// declare (XCTest on Linux only runs `test…` methods declared in the class itself), and each
/// body is one line: `await assertKeeps(ImageLoadingContracts.coalesced, subject)`.
public protocol ImageLoadingContractSpec {
    /// The implementation under test.
    var subject: ImageLoadingSubject { get }
    func test_image_offlineAfterLoad() async
    func test_image_restartOffline() async
    func test_image_notFound() async
    func test_image_corrupt() async
    func test_image_tooManyBytes() async
    func test_image_tooManyPixels() async
    func test_image_timedOut() async
    func test_image_coalesced() async
    func test_image_cancelOneKeepsOthers() async
    func test_image_cancelLastCancelsTransfer() async
    func test_image_defaultGalleryImages() async
    func test_image_diskFailureStillDelivers() async
    func test_image_failureReachesEveryLoad() async
    func test_image_emptyBody() async
    func test_image_wrongContentType() async
    func test_image_loadAfterCancel() async
    func test_image_retriesServerErrors() async
    func test_image_corruptDiskCopyReplaced() async
    func test_image_deletedFolderRecreated() async
    func test_image_trimMemoryToCost() async
    func test_image_decodesAtTargetSize() async
    func test_image_staleCopyRevalidated() async
    func test_image_resumesInterruptedDownload() async
    func test_image_exifOrientationApplied() async
    func test_image_decoderWarningsTolerated() async
    func test_image_jpegVariantsDecode() async
    func test_image_cmykColours() async
    func test_image_animatedFirstFrame() async
    func test_image_modernFormats() async
    func test_image_chunkBombBounded() async
    func test_image_headerBombRefused() async
    func test_image_unsupportedFormat() async
    func test_image_typeMismatchDecodesByBytes() async
}
