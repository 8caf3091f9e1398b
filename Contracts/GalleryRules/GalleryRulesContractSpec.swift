import ContractsCore
/// Adopt in an `XCTestCase` to run the gallery presenter rules: declare each method with a
/// one-line body such as `await assertKeeps(GalleryRulesContracts.mixedScenario, subject)`.
public protocol GalleryRulesContractSpec {
    /// The implementation under test.
    var subject: GalleryRulesSubject { get }
    func test_gallery_mixedScenario() async
    func test_gallery_stallTimesOutInTime() async
    func test_gallery_loadsOnlyVisible() async
    func test_gallery_offlineBannerAndRecovery() async
    func test_gallery_tapRemovesLoadedCell() async
    func test_gallery_tapIgnoredUnlessLoaded() async
    func test_gallery_refreshRestoresAll() async
    func test_gallery_reusedCellNeverShowsOldImage() async
    func test_gallery_completionsRunOnce() async
    func test_gallery_unsupportedFormatMessage() async
}
