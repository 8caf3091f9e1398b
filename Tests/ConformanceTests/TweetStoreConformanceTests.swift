import Contracts
import Foundation
import Storage
import XCTest

/// The GRDB feed cache (``TweetStore``, ``AvatarStore``, ``SettingsStore`` on one
/// ``FeedDatabase``) keeps every TweetStore rule.
final class TweetStoreConformanceTests: XCTestCase, TweetStoreContractSpec {
    static let ours = TweetStoreSubject(name: "TweetStore (GRDB)", crashingSaver: .storecrash(flaw: nil)) { url, avatarBytes in
        let database = try await FeedDatabase.open(at: url)
        return OpenedFeedCache(
            tweets: TweetStore(database: database), avatars: AvatarStore(database: database, sizeLimit: avatarBytes),
            settings: SettingsStore(database: database), recovered: database.recovery != nil)
    }

    var subject: TweetStoreSubject { Self.ours }

    func test_store_emptyDeliversNothing() async { await assertKeeps(TweetStoreContracts.emptyDeliversNothing, subject) }
    func test_store_survivesRestart() async { await assertKeeps(TweetStoreContracts.survivesRestart, subject) }
    func test_store_noDuplicates() async { await assertKeeps(TweetStoreContracts.noDuplicates, subject) }
    func test_store_newestFirst() async { await assertKeeps(TweetStoreContracts.newestFirst, subject) }
    func test_store_capacity() async { await assertKeeps(TweetStoreContracts.capacity, subject) }
    func test_store_observesSaves() async { await assertKeeps(TweetStoreContracts.observesSaves, subject) }
    func test_store_avatarsSurviveRestart() async { await assertKeeps(TweetStoreContracts.avatarsSurviveRestart, subject) }
    func test_store_avatarLimitLRU() async { await assertKeeps(TweetStoreContracts.avatarLimitLRU, subject) }
    func test_store_settingsSurviveRestart() async { await assertKeeps(TweetStoreContracts.settingsSurviveRestart, subject) }
    func test_store_recoversGarbageFile() async { await assertKeeps(TweetStoreContracts.recoversGarbageFile, subject) }
    func test_store_killMidSaveKeepsWholePage() async { await assertKeeps(TweetStoreContracts.killMidSaveKeepsWholePage, subject) }
}

extension CrashingSaver {
    /// The `storecrash` program built beside the test bundle, running our cache or a broken twin.
    static func storecrash(flaw: String?) -> CrashingSaver {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("storecrash")
        return CrashingSaver(executable: executable) { database, pages in
            [database.path, pages.path] + (flaw.map { ["--flaw", $0] } ?? [])
        }
    }
}
