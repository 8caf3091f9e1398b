import Contracts
import ContractsTesting
import Testing

extension Conformance {
    /// ``GalleryPresenter`` keeps every gallery presenter rule, and every rule fails for our
    /// module with one flaw (BrokenScreens.swift).
    @Suite struct GalleryRulesSuite {
        /// Ours.
        static let ours = GalleryRulesSubject(name: "GalleryPresenter") { view, setup in OurScreens.gallery(view: view, setup: setup) }

        /// Which broken twin breaks which contract.
        static let pairs: [(contract: Contract<GalleryRulesSubject>, twin: GalleryRulesSubject)] = [
            (GalleryRulesContracts.mixedScenario, GalleryFlaw.genericErrors.subject),
            (GalleryRulesContracts.stallTimesOutInTime, GalleryFlaw.slowDeadlines.subject),
            (GalleryRulesContracts.loadsOnlyVisible, GalleryFlaw.loadsEverything.subject),
            (GalleryRulesContracts.offlineBannerAndRecovery, GalleryFlaw.ignoresConnectivity.subject),
            (GalleryRulesContracts.tapRemovesLoadedCell, GalleryFlaw.removesWithoutAnimation.subject),
            (GalleryRulesContracts.tapIgnoredUnlessLoaded, GalleryFlaw.removesAnyCell.subject),
            (GalleryRulesContracts.refreshRestoresAll, GalleryFlaw.refreshWithoutReload.subject),
            (GalleryRulesContracts.reusedCellNeverShowsOldImage, GalleryFlaw.updatesByFirstIndex.subject),
            (GalleryRulesContracts.completionsRunOnce, GalleryFlaw.completesTwice.subject),
            (GalleryRulesContracts.unsupportedFormatMessage, GalleryFlaw.unsupportedShownAsBroken.subject),
        ]

        @Test(arguments: GalleryRulesContracts.all)
        func galleryPresenterKeeps(_ contract: Contract<GalleryRulesSubject>) async {
            await expectKeeps(contract, Self.ours)
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }

    /// ``FeedPresenter`` keeps every feed presenter rule, and every rule fails for our module
    /// with one flaw (BrokenScreens.swift).
    @Suite struct FeedRulesSuite {
        /// Ours.
        static let ours = FeedRulesSubject(name: "FeedPresenter") { view, setup in try await OurScreens.feed(view: view, setup: setup) }

        /// Which broken twin breaks which contract.
        static let pairs: [(contract: Contract<FeedRulesSubject>, twin: FeedRulesSubject)] = [
            (FeedRulesContracts.cachedFirst, FeedFlaw.fetchesFirst.subject),
            (FeedRulesContracts.refreshEvery60s, FeedFlaw.refreshesEvery30s.subject),
            (FeedRulesContracts.countdownTicksEachSecond, FeedFlaw.countdownEvery5s.subject),
            (FeedRulesContracts.noOverlap, FeedFlaw.doesNotAwaitRequests.subject),
            (FeedRulesContracts.failureKeepsTweets, FeedFlaw.clearsOnFailure.subject),
            (FeedRulesContracts.avatarsShownWhenOn, FeedFlaw.neverShowsAvatars.subject),
            (FeedRulesContracts.avatarsOffNoneRequested, FeedFlaw.ignoresAvatarSetting.subject),
        ]

        @Test(arguments: FeedRulesContracts.all)
        func feedPresenterKeeps(_ contract: Contract<FeedRulesSubject>) async {
            await expectKeeps(contract, Self.ours)
        }


        @Test func eachContractReportsAViolationForItsBrokenTwin() async {
            await expectEachTwinBreaksItsContract(Self.pairs, name: \.name)
        }
    }
}
