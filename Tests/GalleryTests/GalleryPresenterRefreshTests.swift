import Foundation
import Gallery
import ImageCache
import TestSupport
import XCTest

/// Pull-to-refresh: the initial cells again, without animation, every image reloaded.
final class GalleryPresenterRefreshTests: XCTestCase {
    @MainActor
    func test_refresh_restoresTheInitialSixWithoutAnimationAndReloadsEveryImage() async {
        // Given two cells removed
        let gallery = GalleryFixture()
        await gallery.startAllLoaded()
        gallery.remove(at: 0)
        gallery.remove(at: 0)
        XCTAssertEqual(gallery.presenter.cells.count, 4)
        let loadsBefore = gallery.loader.calls.count
        gallery.view.clearCalls()
        // When
        gallery.presenter.didPullToRefresh()
        // Then: six loading cells at once, no animation
        let ids = GalleryFixture.urls.map(\.absoluteString)
        XCTAssertEqual(gallery.view.calls.first, .display(ids.map { GalleryCellViewModel(id: $0, state: .loading) }))
        await gallery.waitUntilLoaded(0..<6)
        await eventually { gallery.view.endRefreshingCount == 1 }
        XCTAssertEqual(gallery.view.animationCalls, [])
        XCTAssertEqual(gallery.view.displayCount, 1, "the list answered the same six: no second display")
        XCTAssertEqual(gallery.presenter.cells.map(\.id), ids)
        let reloads = gallery.loader.calls.dropFirst(loadsBefore)
        XCTAssertEqual(Set(reloads.map(\.url)), Set(GalleryFixture.urls))
        XCTAssertEqual(reloads.count, 6)
        XCTAssertTrue(reloads.allSatisfy { $0.options.reload }, "\(reloads.map(\.options))")
        XCTAssertFalse(gallery.presenter.isRefreshing)
    }

    @MainActor
    func test_refresh_endsRefreshingOnlyOnceEveryVisibleCellSettled() async {
        // Given six loaded cells whose reloads will wait
        let loader = MockImageLoader()
        for url in GalleryFixture.urls { loader.script(url, .succeed(.network), .hang) }
        let gallery = GalleryFixture(loader: loader)
        await gallery.startAllLoaded()
        // When
        gallery.presenter.didPullToRefresh()
        await eventually { GalleryFixture.urls.allSatisfy { loader.waitingCount(for: $0) == 1 } }
        for url in GalleryFixture.urls.dropLast() { loader.finish(url, with: .success(.network)) }
        await gallery.waitUntilLoaded(0..<5)
        await settle()
        // Then
        XCTAssertEqual(gallery.view.endRefreshingCount, 0, "cell 5 is still loading")
        XCTAssertTrue(gallery.presenter.isRefreshing)
        // When the last one fails
        loader.finish(GalleryFixture.urls[5], with: .failure(.network(.timedOut)))
        // Then
        await eventually { gallery.view.endRefreshingCount == 1 }
        XCTAssertTrue(gallery.state(5).isFailed)
        await settle()
        XCTAssertEqual(gallery.view.endRefreshingCount, 1)
    }

    @MainActor
    func test_refresh_cellsNotVisible_reloadWhenTheyBecomeVisible() async {
        // Given the phone screen: cells 0 and 1 loaded
        let gallery = GalleryFixture()
        await gallery.start(GalleryFixture.phone)
        await gallery.waitUntilLoaded(0..<2)
        // When
        gallery.presenter.didPullToRefresh()
        // Then the spinner ends once the two visible cells reloaded
        await eventually { gallery.view.endRefreshingCount == 1 }
        await gallery.waitUntilLoaded(0..<2)
        let calls = gallery.loader.calls
        XCTAssertEqual(calls.count, 4)
        XCTAssertEqual(Set(calls.prefix(2).map(\.url)), Set(GalleryFixture.urls[0...1]))
        XCTAssertEqual(Set(calls.dropFirst(2).map(\.url)), Set(GalleryFixture.urls[0...1]))
        XCTAssertEqual(calls.map(\.options.reload), [false, false, true, true])
        // When cells 2…4 scroll in
        gallery.presenter.visibleAreaDidChange(scrollOffset: 1000, viewportHeight: 667)
        // Then they load from the network too
        await gallery.waitUntilLoaded(2..<5)
        let later = gallery.loader.calls.dropFirst(4)
        XCTAssertEqual(Set(later.map(\.url)), Set(GalleryFixture.urls[2...4]))
        XCTAssertEqual(later.count, 3)
        XCTAssertTrue(later.allSatisfy { $0.options.reload })
        // When scrolled back after the refresh settled: a normal load
        gallery.presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 667)
        await gallery.waitUntilLoaded(0..<2)
        XCTAssertEqual(gallery.loader.calls.dropFirst(7).map(\.options.reload), [false, false])
    }

    @MainActor
    func test_refresh_duringARemoval_restoresTheCellsAndIgnoresTheOldAnimation() async {
        // Given a removal sliding out
        let gallery = GalleryFixture()
        await gallery.startAllLoaded()
        gallery.presenter.didTapCell(at: 0)
        // When
        gallery.presenter.didPullToRefresh()
        gallery.view.finishRemovalAnimation()
        // Then
        XCTAssertEqual(gallery.view.animationCalls, [.animateRemoval(at: 0)], "no move-up after the refresh")
        await gallery.waitUntilLoaded(0..<6)
        XCTAssertEqual(gallery.presenter.cells.count, 6)
        await eventually { gallery.view.endRefreshingCount == 1 }
        // And a tap works again
        gallery.presenter.didTapCell(at: 1)
        XCTAssertEqual(gallery.view.calls.last, .animateRemoval(at: 1))
    }

    @MainActor
    func test_refresh_withNothingVisible_endsOnceTheListAnswered() async {
        // Given no layout yet
        let gallery = GalleryFixture()
        gallery.presenter.viewDidLoad()
        await eventually { gallery.presenter.cells.count == 6 }
        // When
        gallery.presenter.didPullToRefresh()
        // Then
        await eventually { gallery.view.endRefreshingCount == 1 }
        XCTAssertEqual(gallery.loader.calls, [])
    }
}
