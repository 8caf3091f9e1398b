import ContractsCore
/// Adopt in an `XCTestCase` to run the feed-cache suite: declare each method (XCTest on Linux
/// only runs `test…` methods declared in the class itself) with a one-line body such as
/// `await assertKeeps(TweetStoreContracts.survivesRestart, subject)`.
public protocol TweetStoreContractSpec {
    /// The implementation under test.
    var subject: TweetStoreSubject { get }
    func test_store_emptyDeliversNothing() async
    func test_store_survivesRestart() async
    func test_store_noDuplicates() async
    func test_store_newestFirst() async
    func test_store_capacity() async
    func test_store_observesSaves() async
    func test_store_avatarsSurviveRestart() async
    func test_store_avatarLimitLRU() async
    func test_store_settingsSurviveRestart() async
    func test_store_recoversGarbageFile() async
    func test_store_killMidSaveKeepsWholePage() async
}
