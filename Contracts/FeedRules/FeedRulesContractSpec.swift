import ContractsCore
/// Adopt in an `XCTestCase` to run the feed presenter rules: declare each method with a
/// one-line body such as `await assertKeeps(FeedRulesContracts.cachedFirst, subject)`.
public protocol FeedRulesContractSpec {
    /// The implementation under test.
    var subject: FeedRulesSubject { get }
    func test_feedRules_cachedFirst() async
    func test_feedRules_refreshEvery60s() async
    func test_feedRules_countdownTicksEachSecond() async
    func test_feedRules_noOverlap() async
    func test_feedRules_failureKeepsTweets() async
    func test_feedRules_avatarsShownWhenOn() async
    func test_feedRules_avatarsOffNoneRequested() async
}
