import FeedData
import Foundation
import Messages
import Storage
import XCTest

/// When a refresh counts as ended: only once the screen shows what it saved, and with its
/// avatars settled (a failed avatar is final, not pending). `testbed feed --once` relies on both.
final class FeedCompletionTests: XCTestCase {
    @MainActor
    func test_refreshEnd_isReportedOnlyAfterTheObservationShowedTheSavedTweets() async {
        // Given an observation that is slow to deliver (held until the gate opens)
        let gate = Gate()
        let harness = FeedHarness(
            cached: [Fixture.tweet(1)], steps: [.page([Fixture.tweet(3), Fixture.tweet(2)])], observationGate: gate)

        // When the refresh has fetched and saved
        harness.presenter.viewDidLoad()
        await harness.eventually("saved") { harness.store.saves == 1 }
        await harness.settle()

        // Then its end is not reported while the screen still shows the old list
        XCTAssertEqual(Fixture.ids(harness.view.displays.last), [1])
        XCTAssertEqual(harness.presenter.refreshesEnded, 0, "\(harness.view.events)")
        XCTAssertTrue(harness.view.messages.isEmpty, "\(harness.view.messages)")

        // When the observation delivers
        gate.open()
        await harness.eventually("refresh ended") { harness.presenter.refreshesEnded == 1 }

        // Then the saved tweets were on screen before the end was reported
        let events = harness.view.events
        let shown = events.firstIndex { if case .display(let tweets) = $0 { Fixture.ids(tweets) == [3, 2, 1] } else { false } }
        let ended = events.firstIndex(of: .message(nil))
        XCTAssertNotNil(shown, "\(events)")
        XCTAssertNotNil(ended, "\(events)")
        if let shown, let ended { XCTAssertLessThan(shown, ended, "\(events)") }
        XCTAssertFalse(harness.presenter.lastRefreshFailed)
    }

    @MainActor
    func test_refreshEnd_whenNothingChanged_isReportedAtOnce() async {
        // Given a held observation and a refresh that brings nothing new
        let harness = FeedHarness(cached: [Fixture.tweet(1)], steps: [.page([])], observationGate: Gate())

        // When
        harness.presenter.viewDidLoad()

        // Then the screen already shows what the store holds: nothing to wait for
        await harness.eventually("refresh ended") { harness.presenter.refreshesEnded == 1 }
        XCTAssertEqual(Fixture.ids(harness.presenter.tweets), [1])
    }

    @MainActor
    func test_refreshEnd_manyTimes_alwaysAfterTheSavedTweetsAreShown() async {
        // The race as it happens with a real observation queue, run many times.
        for round in 0..<50 {
            let harness = FeedHarness(steps: [.page([Fixture.tweet(2), Fixture.tweet(1)])])
            harness.presenter.viewDidLoad()
            await harness.eventually("round \(round)") { harness.presenter.refreshesEnded == 1 }
            let events = harness.view.events
            let end = events.firstIndex { if case .message = $0 { true } else { false } } ?? events.endIndex
            let shownAtEnd = events[..<end].compactMap { if case .display(let tweets) = $0 { Fixture.ids(tweets) } else { nil } }.last
            XCTAssertEqual(shownAtEnd, [2, 1], "round \(round): \(events)")
            harness.presenter.viewWillClose()
        }
    }

    @MainActor
    func test_avatarThatFails_isFinal_notLoading() async {
        // Given tweets whose avatars cannot be fetched (a non-http URL, a 404)
        let unusable = Tweet(
            id: 2, text: "t", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            author: TwitterUser(id: 9, name: "Nine", screenName: "nine", avatarURL: "javascript:alert(1)"))
        let harness = FeedHarness(cached: [unusable, Fixture.tweet(1, user: 1)], showsAvatars: true)
        harness.http.fail(Fixture.avatarURL(1))

        // When
        await harness.start()

        // Then no avatar counts as loading, with no clock advance: the failures are final
        await harness.eventually("avatars settled") { !harness.presenter.isLoadingAvatars }
        XCTAssertEqual(harness.presenter.tweets.map(\.avatar), [.placeholder, .placeholder])
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(1)), 1)
    }

    @MainActor
    func test_avatarOnItsWay_isLoading() async {
        // Given an avatar whose answer is held
        let harness = FeedHarness(cached: [Fixture.tweet(1, user: 1)], showsAvatars: true)
        let gate = harness.http.hold()

        // When
        await harness.start()
        await harness.eventually("requested") { harness.http.requests.count == 1 }

        // Then
        XCTAssertTrue(harness.presenter.isLoadingAvatars)
        gate.open()
        await harness.eventually("loaded") { !harness.presenter.isLoadingAvatars }
        XCTAssertEqual(harness.presenter.tweets.first?.avatar, .image(bytes: [UInt8](RecordingAvatarClient.bytes(for: Fixture.avatarURL(1)))))
    }

    @MainActor
    func test_storageNotice_isShownAtStart_andAfterEachSuccessfulRefresh() async {
        // Given storage that cannot cache
        let harness = FeedHarness(
            cached: [Fixture.tweet(1)], steps: [.page([Fixture.tweet(2)]), .failure { .network(.offline) }, .page([])],
            storageNotice: .feedCacheUnavailable)

        // When
        await harness.start()
        await harness.clock.advance(by: .seconds(60))
        await harness.eventually("second refresh") { harness.presenter.refreshesEnded == 2 }
        await harness.clock.advance(by: .seconds(60))
        await harness.eventually("third refresh") { harness.presenter.refreshesEnded == 3 }

        // Then the notice stands in for an empty message line; a failure's message wins
        let notice = "Tweets cannot be saved on this device"
        XCTAssertEqual(harness.view.messages, [notice, notice, "No Internet connection", notice])
        XCTAssertEqual(harness.presenter.storageNoticeText, notice)
    }
}
