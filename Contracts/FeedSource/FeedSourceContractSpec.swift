import ContractsCore
/// Adopt in an `XCTestCase` to run the feed-source suite: declare each method with a one-line
/// body such as `await assertKeeps(FeedSourceContracts.readsV11Search, subject)`.
public protocol FeedSourceContractSpec {
    /// The implementation under test.
    var subject: FeedSourceSubject { get }
    func test_feed_readsV11Search() async
    func test_feed_readsV11UserTimeline() async
    func test_feed_readsV2RecentSearch() async
    func test_feed_sinceIDOnlyNewer() async
    func test_feed_rejectsMalformed() async
    func test_feed_unauthorized() async
    func test_feed_rateLimited() async
    func test_feed_pageByteLimit() async
    func test_feed_tokenNeverExposed() async
}
