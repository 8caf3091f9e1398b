import Clocks
import FeedData
import Foundation
import Storage
import XCTest

/// The feed's timer: cache first, a refresh at start and every 60 s, the countdown, no
/// overlapping refreshes, and stopping on close.
final class FeedTimerTests: XCTestCase {
    @MainActor
    func test_viewDidLoad_showsTheCachedTweetsBeforeAnyFetch() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(1), Fixture.tweet(2)])
        var fetchesAtFirstDisplay: Int?
        harness.view.onFirstDisplay = { fetchesAtFirstDisplay = harness.source.calls }

        // When
        await harness.start()

        // Then
        XCTAssertEqual(fetchesAtFirstDisplay, 0)
        guard case .display(let first)? = harness.view.events.first else {
            return XCTFail("the first call is not a display: \(harness.view.events)")
        }
        XCTAssertEqual(Fixture.ids(first), [2, 1])
        XCTAssertEqual(harness.source.calls, 1, "one refresh at start")
    }

    @MainActor
    func test_refresh_runsEvery60SecondsOfClockTimeAndNotBefore() async {
        // Given
        let harness = FeedHarness()
        await harness.start()

        // When 59 s pass
        await harness.advanceToLastSecond()

        // Then
        XCTAssertEqual(harness.source.calls, 1)

        // When the 60th second passes
        await harness.clock.advance(by: .seconds(1))

        // Then
        await harness.eventually("second refresh") { harness.source.calls == 2 }
        XCTAssertEqual(harness.source.callTimes.map { harness.source.callTimes[0].duration(to: $0) }, [.zero, .seconds(60)])
        await harness.eventually("countdown restarts") { harness.view.countdowns.last == FeedHarness.countdown(60) }
    }

    @MainActor
    func test_countdown_ticksOncePerSecondFrom60Down() async {
        // Given
        let harness = FeedHarness()
        await harness.start()

        // When
        await harness.tick(59, from: 60)

        // Then every second shows once, in order
        XCTAssertEqual(harness.view.countdowns, (1...60).reversed().map(FeedHarness.countdown))
        XCTAssertEqual(harness.view.countdowns[1], "Next update in 59 s")
        XCTAssertEqual(harness.presenter.countdownText, "Next update in 1 s")
    }

    @MainActor
    func test_refresh_neverOverlaps_theDueOneStartsWhenTheRunningOneEnds() async {
        // Given a first refresh that hangs past the next due time
        let gate = Gate()
        let harness = FeedHarness(steps: [.wait(gate, then: .page([Fixture.tweet(1)])), .page([])])
        harness.presenter.viewDidLoad()
        await harness.eventually("first fetch") { harness.source.calls == 1 }

        // When 65 s pass
        await harness.clock.advance(by: .seconds(60))
        await harness.eventually("countdown at 0") { harness.view.countdowns.last == FeedHarness.countdown(0) }
        await harness.clock.advance(by: .seconds(5))
        await harness.settle()

        // Then only one refresh ran
        XCTAssertEqual(harness.source.calls, 1)
        XCTAssertEqual(harness.view.countdowns.last, FeedHarness.countdown(0))

        // When it ends, the due one starts at once
        gate.open()
        await harness.eventually("second fetch") { harness.source.calls == 2 }
        XCTAssertEqual(harness.source.maxInFlight, 1)
        XCTAssertEqual(harness.source.callTimes[0].duration(to: harness.source.callTimes[1]), .seconds(65))
        await harness.eventually("countdown restarts") { harness.view.countdowns.last == FeedHarness.countdown(60) }

        // And the next one is 60 s after that start
        await harness.advanceToLastSecond()
        XCTAssertEqual(harness.source.calls, 2)
        await harness.clock.advance(by: .seconds(1))
        await harness.eventually("third fetch") { harness.source.calls == 3 }
    }

    @MainActor
    func test_viewWillClose_stopsTheTimerAndTheObservation() async {
        // Given
        let harness = FeedHarness(cached: [Fixture.tweet(1)])
        await harness.start()
        let eventsBefore = harness.view.events.count

        // When
        harness.presenter.viewWillClose()
        await harness.clock.advance(by: .seconds(180))
        await harness.settle()

        // Then
        XCTAssertEqual(harness.source.calls, 1)
        XCTAssertEqual(harness.view.events.count, eventsBefore, "nothing shown after close")
        await harness.eventually("observation ended") { harness.store.observerCount == 0 }
    }

    @MainActor
    func test_moduleLetGoWithoutClosing_stopsTheTimerAndTheObservation() async {
        // Given a running module
        let harness = FeedHarness(cached: [Fixture.tweet(1)])
        await harness.start()
        weak let presenter = harness.presenter
        let eventsBefore = harness.view.events.count

        // When its owner lets it go without viewWillClose
        harness.releasePresenter()
        await harness.clock.advance(by: .seconds(180))
        await harness.settle()

        // Then nothing of it is left running: no task holds it, the timer and the observation stop
        XCTAssertNil(presenter)
        XCTAssertEqual(harness.source.calls, 1)
        XCTAssertEqual(harness.view.events.count, eventsBefore, "nothing shown once let go")
        await harness.eventually("observation ended") { harness.store.observerCount == 0 }
    }

    @MainActor
    func test_viewWillClose_cancelsARunningRefresh() async {
        // Given
        let gate = Gate()
        let harness = FeedHarness(steps: [.wait(gate, then: .page([Fixture.tweet(1)]))])
        harness.presenter.viewDidLoad()
        await harness.eventually("first fetch") { harness.source.calls == 1 }

        // When
        harness.presenter.viewWillClose()

        // Then the fetch ends without the gate opening, and nothing is saved
        await harness.eventually("fetch cancelled") { harness.source.finished == 1 }
        XCTAssertEqual(harness.store.saves, 0)
        XCTAssertTrue(harness.view.messages.isEmpty)
    }
}
