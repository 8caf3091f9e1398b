import Foundation
import Gallery
import ImageCache
import TestSupport
import XCTest

/// Only a loaded cell can be removed: slide out, then the cells below move up, then it is gone.
final class GalleryPresenterTapTests: XCTestCase {
    @MainActor
    func test_tap_onLoadedCell_animatesOutThenMovesUpThenRemoves() async {
        // Given six loaded cells
        let gallery = await GalleryFixture.allLoadedQuiet()
        // When
        gallery.presenter.didTapCell(at: 2)
        // Then: only the slide-out so far, the model unchanged
        XCTAssertEqual(gallery.view.calls, [.animateRemoval(at: 2)])
        XCTAssertEqual(gallery.presenter.cells.count, 6)
        // When the slide-out ends
        gallery.view.finishRemovalAnimation()
        // Then
        XCTAssertEqual(gallery.view.calls, [.animateRemoval(at: 2), .moveCellsUp(below: 2)])
        XCTAssertEqual(gallery.presenter.cells.count, 6, "the cell leaves the model only once the others moved up")
        // When the move-up ends
        gallery.view.finishMoveUpAnimation()
        // Then
        var expected = GalleryFixture.urls.map(\.absoluteString)
        expected.remove(at: 2)
        XCTAssertEqual(gallery.presenter.cells.map(\.id), expected)
        XCTAssertEqual(gallery.view.calls.count, 3)
        XCTAssertEqual(gallery.view.calls.last, .display(gallery.presenter.cells))
        XCTAssertTrue(gallery.presenter.cells.allSatisfy(\.state.isLoaded))
        await eventually { gallery.loader.drops == [GalleryFixture.urls[2]] }
    }

    @MainActor
    func test_tap_whileAnimating_doesNothing() async {
        // Given a removal in progress
        let gallery = await GalleryFixture.allLoadedQuiet()
        gallery.presenter.didTapCell(at: 0)
        // When tapping during the slide-out, then during the move-up
        gallery.presenter.didTapCell(at: 1)
        gallery.view.finishRemovalAnimation()
        gallery.presenter.didTapCell(at: 3)
        gallery.presenter.didTapCell(at: 0)
        gallery.view.finishMoveUpAnimation()
        // Then only the first tap counted
        XCTAssertEqual(gallery.view.animationCalls, [.animateRemoval(at: 0), .moveCellsUp(below: 0)])
        XCTAssertEqual(gallery.presenter.cells.map(\.id), GalleryFixture.urls.dropFirst().map(\.absoluteString))
        // When the animation is over, a tap works again
        gallery.presenter.didTapCell(at: 0)
        XCTAssertEqual(gallery.view.calls.last, .animateRemoval(at: 0))
    }

    @MainActor
    func test_tap_onLoadingOrFailedCellOrOutOfRange_doesNothing() async {
        // Given cell 0 loading, cell 1 failed
        let loader = MockImageLoader()
        loader.script(GalleryFixture.urls[0], .hang)
        loader.script(GalleryFixture.urls[1], .fail(.network(.httpStatus(404))))
        let gallery = GalleryFixture(loader: loader)
        await gallery.start()
        await gallery.waitUntilLoaded(2..<6)
        await eventually { gallery.state(1).isFailed }
        gallery.view.clearCalls()
        // When
        for index in [0, 1, 6, -1, Int.max, Int.min] { gallery.presenter.didTapCell(at: index) }
        // Then
        XCTAssertEqual(gallery.view.calls, [])
        XCTAssertEqual(gallery.presenter.cells.count, 6)
    }

    @MainActor
    func test_tap_removingACell_loadsTheCellThatMovesIntoView() async {
        // Given cells 0 and 1 loaded on the phone screen (0..<667)
        let gallery = GalleryFixture()
        await gallery.start(GalleryFixture.phone)
        await gallery.waitUntilLoaded(0..<2)
        XCTAssertEqual(gallery.loader.calls.count, 2)
        // When cell 0 goes: cells 1 and 2 are now on screen
        gallery.remove(at: 0)
        // Then
        await eventually { gallery.loader.calls.count == 3 }
        XCTAssertEqual(gallery.loader.calls.last?.url, GalleryFixture.urls[2])
        await gallery.waitUntilLoaded(0..<2)
    }
}
