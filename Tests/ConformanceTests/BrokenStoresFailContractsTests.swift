import BrokenStores
import Contracts
import XCTest

/// Every TweetStore contract can fail: each is run against a feed cache that breaks its rule
/// (Tests/BrokenStores), and must report a violation.
final class BrokenStoresFailContractsTests: XCTestCase {
    static func twin(_ flaw: StoreFlaw) -> TweetStoreSubject {
        TweetStoreSubject(name: "BrokenStore(\(flaw.rawValue))", crashingSaver: .storecrash(flaw: flaw.rawValue)) { url, avatarBytes in
            let cache = try await BrokenFeedCache.open(at: url, avatarBytes: avatarBytes, flaw: flaw)
            return OpenedFeedCache(tweets: cache.tweets, avatars: cache.avatars, settings: cache.settings, recovered: cache.recovered)
        }
    }

    /// Which broken twin breaks which contract.
    static let pairs: [(contract: Contract<TweetStoreSubject>, twin: TweetStoreSubject)] = [
        (TweetStoreContracts.emptyDeliversNothing, twin(.seedsDemoTweets)),
        (TweetStoreContracts.survivesRestart, twin(.wipesOnOpen)),
        (TweetStoreContracts.noDuplicates, twin(.noDedupe)),
        (TweetStoreContracts.newestFirst, twin(.insertionOrder)),
        (TweetStoreContracts.capacity, twin(.noCapacity)),
        (TweetStoreContracts.observesSaves, twin(.silentObservation)),
        (TweetStoreContracts.avatarsSurviveRestart, twin(.avatarsInMemory)),
        (TweetStoreContracts.avatarLimitLRU, twin(.noAvatarLimit)),
        (TweetStoreContracts.settingsSurviveRestart, twin(.settingsInMemory)),
        (TweetStoreContracts.recoversGarbageFile, twin(.noRecovery)),
        (TweetStoreContracts.killMidSaveKeepsWholePage, twin(.noTransaction)),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.pairs, suite: TweetStoreContracts.all)
        XCTAssertEqual(Set(Self.pairs.map(\.twin.name)).count, StoreFlaw.allCases.count, "every flaw is used once")
    }

    func test_eachContractReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.pairs, name: \.name, concurrently: false)
    }
}
