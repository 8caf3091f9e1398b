import Clocks
import FeedScreen
import Foundation
import Storage
import XCTest

/// Avatars: placeholder then image, one request per URL, the cache first, off means none.
final class FeedAvatarTests: XCTestCase {
    @MainActor
    func test_avatarsOn_showPlaceholderThenImage_withOneRequestPerURL() async {
        // Given two users, three tweets, answers held back
        let harness = FeedHarness(
            cached: [Fixture.tweet(3, user: 1), Fixture.tweet(2, user: 2), Fixture.tweet(1, user: 1)],
            steps: [.page([Fixture.tweet(4, user: 2)])], showsAvatars: true)
        let gate = harness.http.hold()

        // When
        await harness.start()
        await harness.eventually("refreshed") { Fixture.ids(harness.presenter.tweets) == [4, 3, 2, 1] }
        await harness.eventually("two requests") { harness.http.requests.count == 2 }

        // Then placeholders while fetching
        XCTAssertTrue(harness.view.displays.allSatisfy { $0.allSatisfy { $0.avatar == .placeholder } })

        // When the answers come
        gate.open()

        // Then images, one request per URL, within 1 MB
        let image1 = AvatarViewModel.image(bytes: [UInt8](RecordingAvatarClient.bytes(for: Fixture.avatarURL(1))))
        let image2 = AvatarViewModel.image(bytes: [UInt8](RecordingAvatarClient.bytes(for: Fixture.avatarURL(2))))
        await harness.eventually("images") { harness.presenter.tweets.map(\.avatar) == [image2, image1, image2, image1] }
        XCTAssertEqual(harness.view.displays.last?.map(\.avatar), [image2, image1, image2, image1])
        await harness.settle()
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(1)), 1)
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(2)), 1)
        XCTAssertEqual(harness.http.requests.count, 2)
        XCTAssertTrue(harness.http.requests.allSatisfy { $0.maxBytes == 1024 * 1024 && $0.method == "GET" })
        XCTAssertEqual(harness.avatars.stored[Fixture.avatarURL(1)], RecordingAvatarClient.bytes(for: Fixture.avatarURL(1)))
    }

    @MainActor
    func test_avatarsOn_aCachedAvatarIsShownWithoutARequest() async throws {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(1, user: 1)], showsAvatars: true)
        try await harness.avatars.store(Data([1, 2, 3]), for: Fixture.avatarURL(1))

        // When
        await harness.start()

        // Then
        await harness.eventually("image") { harness.presenter.tweets.first?.avatar == .image(bytes: [1, 2, 3]) }
        XCTAssertTrue(harness.http.requests.isEmpty)
    }

    @MainActor
    func test_avatarsOn_aFailedFetchLeavesThePlaceholderAndIsNotRetried() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(2, user: 2), Fixture.tweet(1, user: 1)], showsAvatars: true)
        harness.http.fail(Fixture.avatarURL(1))

        // When
        await harness.start()
        await harness.eventually("user 2 image") { harness.presenter.tweets.first?.avatar != .placeholder }
        for refresh in 2...3 {
            _ = try? await harness.store.save([Fixture.tweet(Int64(refresh + 1), user: 1)])  // redisplays
            await harness.clock.advance(by: .seconds(60))
            await harness.eventually("refresh \(refresh)") { harness.source.calls == refresh }
        }
        await harness.settle()

        // Then
        XCTAssertEqual(harness.presenter.tweets.filter { $0.screenName == "user1" }.map(\.avatar), [.placeholder, .placeholder, .placeholder])
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(1)), 1)
        XCTAssertTrue(harness.logs.lines.contains { $0.contains("fetching an avatar failed") }, "\(harness.logs.lines)")
    }

    @MainActor
    func test_avatarsOff_everyTweetHidden_andNoAvatarRequest() async {
        // Given
        let harness = FeedHarness(
            cached: [Fixture.tweet(2, user: 2), Fixture.tweet(1, user: 1)], steps: [.page([Fixture.tweet(3, user: 3)])],
            showsAvatars: false)

        // When
        await harness.start()
        await harness.eventually("refreshed") { Fixture.ids(harness.presenter.tweets) == [3, 2, 1] }
        await harness.settle()

        // Then
        XCTAssertTrue(harness.view.displays.allSatisfy { $0.allSatisfy { $0.avatar == .hidden } })
        XCTAssertTrue(harness.http.requests.isEmpty)
    }

    @MainActor
    func test_settingsChange_isAppliedOnViewWillAppear() async {
        // Given avatars on, shown
        let harness = FeedHarness(cached: [Fixture.tweet(1, user: 1)], showsAvatars: true)
        await harness.start()
        await harness.eventually("image") { harness.presenter.tweets.first?.avatar != .placeholder }

        // When the user turns them off in the settings and comes back
        harness.presenter.didTapSettings()
        harness.settings.current = FeedSettings(showsAvatars: false)
        harness.presenter.viewWillAppear()

        // Then
        XCTAssertEqual(harness.settingsOpened, 1)
        await harness.eventually("hidden") { harness.view.displays.last?.first?.avatar == .hidden }

        // When a new tweet by a new user arrives while off
        _ = try? await harness.store.save([Fixture.tweet(2, user: 2)])
        await harness.eventually("shown") { Fixture.ids(harness.presenter.tweets) == [2, 1] }
        await harness.settle()

        // Then no request for it
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(2)), 0)
        XCTAssertTrue(harness.presenter.tweets.allSatisfy { $0.avatar == .hidden })

        // When they are turned on again
        harness.settings.current = FeedSettings(showsAvatars: true)
        harness.presenter.viewWillAppear()

        // Then
        let image2 = AvatarViewModel.image(bytes: [UInt8](RecordingAvatarClient.bytes(for: Fixture.avatarURL(2))))
        await harness.eventually("image 2") { harness.presenter.tweets.first?.avatar == image2 }
        XCTAssertEqual(harness.http.requests(for: Fixture.avatarURL(2)), 1)
    }
}
