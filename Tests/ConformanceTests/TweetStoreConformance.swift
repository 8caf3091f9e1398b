import BrokenStores
import Contracts
import ContractsTesting
import Foundation
import Storage
import Testing

extension Conformance {
    /// The GRDB feed cache (``TweetStore``, ``AvatarStore``, ``SettingsStore`` on one
    /// ``FeedDatabase``) keeps every TweetStore rule, and every rule fails for a feed cache that
    /// breaks it (Tests/BrokenStores).
    @Suite struct TweetStoreSuite {
        /// Ours.
        static let ours = TweetStoreSubject(name: "TweetStore (GRDB)", crashingSaver: .storecrash(flaw: nil)) { url, avatarBytes in
            let database = try await FeedDatabase.open(at: url)
            return OpenedFeedCache(
                tweets: TweetStore(database: database), avatars: AvatarStore(database: database, sizeLimit: avatarBytes),
                settings: SettingsStore(database: database), recovered: database.recovery != nil)
        }

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

        @Test(arguments: TweetStoreContracts.all)
        func tweetStoreKeeps(_ contract: Contract<TweetStoreSubject>) async {
            await expectKeeps(contract, Self.ours)
        }

        @Test func everyFlawIsUsedOnce() {
            #expect(Set(Self.pairs.map(\.twin.name)).count == StoreFlaw.allCases.count, "every flaw is used once")
        }

        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name, concurrently: false)
        }
    }
}

extension CrashingSaver {
    /// The `storecrash` program built beside the test bundle, running our cache or a broken twin.
    static func storecrash(flaw: String?) -> CrashingSaver {
        CrashingSaver(executable: CrashingSaver.builtProduct(named: "storecrash")) { database, pages in
            [database.path, pages.path] + (flaw.map { ["--flaw", $0] } ?? [])
        }
    }
}
