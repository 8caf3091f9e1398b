import Contracts
import XCTest

/// Every gallery and feed presenter rule can fail: each is run against our module with one
/// flaw (BrokenScreens.swift) and must report a violation.
final class BrokenScreensFailContractsTests: XCTestCase {
    static let galleryPairs: [(contract: Contract<GalleryRulesSubject>, twin: GalleryRulesSubject)] = [
        (GalleryRulesContracts.mixedScenario, GalleryFlaw.genericErrors.subject),
        (GalleryRulesContracts.stallTimesOutInTime, GalleryFlaw.slowDeadlines.subject),
        (GalleryRulesContracts.loadsOnlyVisible, GalleryFlaw.loadsEverything.subject),
        (GalleryRulesContracts.offlineBannerAndRecovery, GalleryFlaw.ignoresConnectivity.subject),
        (GalleryRulesContracts.tapRemovesLoadedCell, GalleryFlaw.removesWithoutAnimation.subject),
        (GalleryRulesContracts.tapIgnoredUnlessLoaded, GalleryFlaw.removesAnyCell.subject),
        (GalleryRulesContracts.refreshRestoresAll, GalleryFlaw.refreshWithoutReload.subject),
    ]

    static let feedPairs: [(contract: Contract<FeedRulesSubject>, twin: FeedRulesSubject)] = [
        (FeedRulesContracts.cachedFirst, FeedFlaw.fetchesFirst.subject),
        (FeedRulesContracts.refreshEvery60s, FeedFlaw.refreshesEvery30s.subject),
        (FeedRulesContracts.countdownTicksEachSecond, FeedFlaw.countdownEvery5s.subject),
        (FeedRulesContracts.noOverlap, FeedFlaw.doesNotAwaitRequests.subject),
        (FeedRulesContracts.failureKeepsTweets, FeedFlaw.clearsOnFailure.subject),
        (FeedRulesContracts.avatarsShownWhenOn, FeedFlaw.neverShowsAvatars.subject),
        (FeedRulesContracts.avatarsOffNoneRequested, FeedFlaw.ignoresAvatarSetting.subject),
    ]

    func test_everyContractHasABrokenTwin() {
        assertEveryContractHasATwin(Self.galleryPairs, suite: GalleryRulesContracts.all)
        assertEveryContractHasATwin(Self.feedPairs, suite: FeedRulesContracts.all)
    }

    func test_eachGalleryRuleReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.galleryPairs, name: \.name)
    }

    func test_eachFeedRuleReportsAViolationForItsBrokenTwin() async {
        await assertEachTwinBreaksItsContract(Self.feedPairs, name: \.name)
    }
}
