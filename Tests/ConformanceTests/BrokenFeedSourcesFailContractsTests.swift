import Contracts
import XCTest

/// Every FeedSource contract can fail: each is run against a source that breaks its rule and
/// must report a violation.
final class BrokenFeedSourcesFailContractsTests: XCTestCase {
    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<FeedSourceSubject>, twin: FeedSourceSubject)] = [
        (FeedSourceContracts.readsV11Search, BrokenFeedSource.subject(.idsThroughDouble)),
        (FeedSourceContracts.readsV11UserTimeline, BrokenFeedSource.subject(.datesAnHourOff)),
        (FeedSourceContracts.readsV2RecentSearch, BrokenFeedSource.subject(.ignoresIncludes)),
        (FeedSourceContracts.sinceIDOnlyNewer, BrokenFeedSource.subject(.ignoresSinceID)),
        (FeedSourceContracts.rejectsMalformed, BrokenFeedSource.subject(.swallowsMalformed)),
        (FeedSourceContracts.unauthorized, BrokenFeedSource.subject(.unauthorizedAsGeneric)),
        (FeedSourceContracts.rateLimited, BrokenFeedSource.subject(.dropsResetTime)),
        (FeedSourceContracts.pageByteLimit, BrokenFeedSource.subject(.imageSizedPageLimit)),
        (FeedSourceContracts.tokenNeverExposed, BrokenFeedSource.subject(.logsHeaders)),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: FeedSourceContracts.all)
        XCTAssertEqual(Set(Self.pairs.map(\.twin.name)).count, BrokenFeedSource.Flaw.allCases.count, "every flaw is used once")
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name)
    }
}
