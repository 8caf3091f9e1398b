import Clocks
import FeedData
import Foundation
import Storage
import XCTest

/// What a refresh does: `since_id`, saving, new tweets on top, failures and their messages.
final class FeedRefreshTests: XCTestCase {
    @MainActor
    func test_refresh_asksForTweetsNewerThanTheNewestCachedOne() async {
        // Given
        let harness = FeedHarness(
            cached: [Fixture.tweet(3), Fixture.tweet(1), Fixture.tweet(2)],
            steps: [.page([Fixture.tweet(5), Fixture.tweet(4)]), .page([])])
        await harness.start()

        // When
        await harness.clock.advance(by: .seconds(60))
        await harness.eventually("second fetch") { harness.source.calls == 2 }

        // Then
        XCTAssertEqual(harness.source.sinceIDs, [3, 5])
    }

    @MainActor
    func test_refresh_withAnEmptyCache_asksWithoutSinceID() async {
        // Given
        let harness = FeedHarness()

        // When
        await harness.start()

        // Then
        XCTAssertEqual(harness.source.sinceIDs, [nil])
    }

    @MainActor
    func test_refresh_newTweetsAppearOnTopThroughTheObservation() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(2), Fixture.tweet(1)], steps: [.page([Fixture.tweet(4), Fixture.tweet(3)])])

        // When
        await harness.start()

        // Then
        await harness.eventually("new tweets shown") { Fixture.ids(harness.view.displays.last) == [4, 3, 2, 1] }
        XCTAssertEqual(Fixture.ids(harness.presenter.tweets), [4, 3, 2, 1])
        XCTAssertEqual(harness.presenter.tweets.first?.userName, "User 1")
        XCTAssertEqual(harness.presenter.tweets.first?.text, "tweet 4")
    }

    @MainActor
    func test_refresh_showsWhatTheStoreDeliversAnyTime() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(1)])
        await harness.start()

        // When another writer saves
        _ = try? await harness.store.save([Fixture.tweet(9)])

        // Then
        await harness.eventually("observed") { Fixture.ids(harness.view.displays.last) == [9, 1] }
    }

    @MainActor
    func test_failedRefresh_keepsTheTweetsShowsTheMessageAndTheCountdownGoesOn() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(2), Fixture.tweet(1)], steps: [.failure { .network(.offline) }])

        // When
        await harness.start()

        // Then
        await harness.eventually("message") { harness.presenter.messageText == "No Internet connection" }
        XCTAssertEqual(harness.view.messages, ["No Internet connection"])
        XCTAssertEqual(Fixture.ids(harness.view.displays.last), [2, 1])
        XCTAssertEqual(Fixture.ids(harness.presenter.tweets), [2, 1])
        await harness.tick(2, from: 60)
        XCTAssertEqual(harness.presenter.countdownText, "Next update in 58 s")
    }

    @MainActor
    func test_failedRefreshes_showTheExactMessage_andASuccessHidesIt() async {
        // Given one refresh per failure, then a success
        let storageError = StorageError(.writeFailed, "disk full")
        let harness = FeedHarness(
            cached: [Fixture.tweet(1)],
            steps: [
                .failure { .network(.offline) },
                .failure { .unauthorized },
                .failure { .rateLimited(resetAt: Date().addingTimeInterval(30.9)) },
                .failure { .network(.httpStatus(500)) },
                .failure { .network(.timedOut) },
                .page([Fixture.tweet(2)]),
                .page([Fixture.tweet(3)]),
            ])
        let expected: [String?] = [
            "No Internet connection", "The access token was rejected", "Too many requests, retrying in 31 s",
            "Could not update the feed", "Waited too long / the server is not responding",
            "Could not update the feed",  // the save fails
            nil,
        ]

        // When
        await harness.start()
        for refresh in 2...expected.count {
            await harness.eventually("message \(refresh - 1)") { harness.view.messages.count == refresh - 1 }
            if refresh == 6 { harness.store.failSaves(with: storageError) }
            if refresh == 7 { harness.store.failSaves(with: nil) }
            await harness.clock.advance(by: .seconds(60))
            await harness.eventually("refresh \(refresh)") { harness.source.calls == refresh }
        }
        await harness.eventually("all messages") { harness.view.messages.count == expected.count }

        // Then
        XCTAssertEqual(harness.view.messages, expected)
        XCTAssertNil(harness.presenter.messageText)
        XCTAssertEqual(Fixture.ids(harness.presenter.tweets), [3, 1], "the page whose save failed is not shown")
    }

    @MainActor
    func test_didTapSettings_opensTheSettingsThroughTheRouter() async {
        // Given
        let harness = FeedHarness()

        // When
        harness.presenter.didTapSettings()

        // Then
        XCTAssertEqual(harness.settingsOpened, 1)
        XCTAssertEqual(harness.source.calls, 0)
    }
}
