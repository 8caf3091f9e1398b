import Gallery
import ImageCodec
import XCTest

/// Which cells a 375-pt-wide gallery shows for a viewport of `height` at `offset`.
private func visibleOn375(_ offset: Double, _ height: Double, cells: Int = 6) -> Range<Int> {
    GalleryLayout(containerWidth: 375).visibleIndices(scrollOffset: offset, viewportHeight: height, cellCount: cells)
}

/// The geometry rule: square cells (width − 20), 10 pt insets and spacing, in both
/// orientations; which cells a scroll position shows.
final class GalleryLayoutTests: XCTestCase {
    func test_cellSide_isWidthLessTwentyForPhonesAndTablets() {
        // Given portrait and landscape widths of common devices
        let widthsAndSides: [(Double, Double)] = [(320, 300), (568, 548), (375, 355), (667, 647), (768, 748), (1024, 1004)]
        for (width, side) in widthsAndSides {
            // When
            let layout = GalleryLayout(containerWidth: width)
            // Then
            XCTAssertEqual(layout.cellSide, side, "width \(width)")
            XCTAssertEqual(layout.frame(at: 0), GalleryCellFrame(x: 10, y: 10, side: side), "width \(width)")
        }
    }

    func test_frames_stackSquaresTenPointsApart() {
        // Given
        let layout = GalleryLayout(containerWidth: 375)
        // When
        let frames = (0..<6).map(layout.frame(at:))
        // Then
        XCTAssertEqual(frames.map(\.y), [10, 375, 740, 1105, 1470, 1835])
        XCTAssertTrue(frames.allSatisfy { $0.x == 10 && $0.side == 355 })
        for (upper, lower) in zip(frames, frames.dropFirst()) {
            XCTAssertEqual(lower.y - (upper.y + upper.side), 10, "spacing between cells")
        }
    }

    func test_rotation_recomputesSidesAndContentHeight() {
        // Given an iPhone 8 in portrait, then in landscape
        let portrait = GalleryLayout(containerWidth: 375)
        let landscape = GalleryLayout(containerWidth: 667)
        // Then
        XCTAssertEqual(portrait.contentHeight(cellCount: 6), 20 + 6 * 355 + 5 * 10)
        XCTAssertEqual(landscape.contentHeight(cellCount: 6), 20 + 6 * 647 + 5 * 10)
        XCTAssertEqual(GalleryLayout(containerWidth: 320).contentHeight(cellCount: 6), 1870)
        XCTAssertEqual(GalleryLayout(containerWidth: 768).contentHeight(cellCount: 5), 20 + 5 * 748 + 4 * 10)
        XCTAssertNotEqual(portrait, landscape)
    }

    func test_contentHeight_withoutCells_isTheInsets() {
        XCTAssertEqual(GalleryLayout(containerWidth: 375).contentHeight(cellCount: 0), 20)
        XCTAssertEqual(GalleryLayout(containerWidth: 375).contentHeight(cellCount: -3), 20)
    }

    func test_visibleIndices_firstScreen_showsTheCellsItOverlaps() {
        // 375 wide: cell 0 spans 10..<365, cell 1 375..<730
        XCTAssertEqual(visibleOn375(0, 667), 0..<2)
        XCTAssertEqual(visibleOn375(0, 10_000), 0..<6)
    }

    func test_visibleIndices_cellOnlyTouchingAnEdge_isNotVisible() {
        // the viewport ends exactly where cell 1 starts
        XCTAssertEqual(visibleOn375(0, 375), 0..<1)
        // the viewport starts exactly where cell 0 ends
        XCTAssertEqual(visibleOn375(365, 10), 0..<0)
        XCTAssertEqual(visibleOn375(365, 11), 1..<2)
    }

    func test_visibleIndices_onePointOfACell_isVisible() {
        // 364..<376 holds the last point of cell 0 and the first of cell 1
        XCTAssertEqual(visibleOn375(364, 12), 0..<2)
        // only the gap between them
        XCTAssertEqual(visibleOn375(366, 8), 0..<0)
    }

    func test_visibleIndices_negativeOffset_andPastTheEnd() {
        // pulled down (rubber band) still shows cell 0
        XCTAssertEqual(visibleOn375(-100, 200), 0..<1)
        XCTAssertEqual(visibleOn375(-1000, 500), 0..<0)
        XCTAssertEqual(visibleOn375(2190, 667), 0..<0)
        XCTAssertEqual(visibleOn375(1800, 667), 4..<6)
        XCTAssertEqual(visibleOn375(1800, 667, cells: 5), 4..<5)
    }

    func test_visibleIndices_zeroOrNegativeWidth_showsNothing() {
        for width in [0, -50, 15, 20, .nan, .infinity] {
            // Given
            let layout = GalleryLayout(containerWidth: width)
            // Then
            XCTAssertGreaterThanOrEqual(layout.cellSide, 0, "width \(width)")
            XCTAssertEqual(layout.visibleIndices(scrollOffset: 0, viewportHeight: 667, cellCount: 6), 0..<0, "width \(width)")
        }
        XCTAssertEqual(GalleryLayout(containerWidth: -50).containerWidth, 0)
    }

    func test_visibleIndices_badViewportOrCount_showsNothingWithoutTrapping() {
        // Given
        let layout = GalleryLayout(containerWidth: 375)
        // Then
        XCTAssertEqual(layout.visibleIndices(scrollOffset: 0, viewportHeight: 0, cellCount: 6), 0..<0)
        XCTAssertEqual(layout.visibleIndices(scrollOffset: 0, viewportHeight: -10, cellCount: 6), 0..<0)
        XCTAssertEqual(layout.visibleIndices(scrollOffset: 0, viewportHeight: 667, cellCount: 0), 0..<0)
        XCTAssertEqual(layout.visibleIndices(scrollOffset: .nan, viewportHeight: 667, cellCount: 6), 0..<0)
        XCTAssertEqual(layout.visibleIndices(scrollOffset: 1e300, viewportHeight: 667, cellCount: 6), 0..<0)
        XCTAssertEqual(layout.visibleIndices(scrollOffset: -1e300, viewportHeight: 1e300, cellCount: 6), 0..<0)
        XCTAssertEqual(
            layout.visibleIndices(scrollOffset: 0, viewportHeight: .greatestFiniteMagnitude, cellCount: 6), 0..<6)
        XCTAssertEqual(
            layout.visibleIndices(scrollOffset: 100, viewportHeight: .greatestFiniteMagnitude, cellCount: 6), 0..<6)
    }

    func test_cellPixelSize_isTheSideTimesTheScaleRoundedUp() {
        XCTAssertEqual(GalleryLayout(containerWidth: 390).cellPixelSize(scale: 1), PixelSize(side: 370))
        XCTAssertEqual(GalleryLayout(containerWidth: 375).cellPixelSize(scale: 2), PixelSize(side: 710))
        XCTAssertEqual(GalleryLayout(containerWidth: 375).cellPixelSize(scale: 3), PixelSize(side: 1065))
        XCTAssertEqual(GalleryLayout(containerWidth: 320.5).cellPixelSize(scale: 1.5), PixelSize(side: 451), "450.75 rounded up")
    }

    func test_cellPixelSize_isNilWithoutAUsableSize() {
        XCTAssertNil(GalleryLayout(containerWidth: 0).cellPixelSize(scale: 2), "no layout yet")
        XCTAssertNil(GalleryLayout(containerWidth: 375).cellPixelSize(scale: .infinity))
        XCTAssertNil(GalleryLayout(containerWidth: 375).cellPixelSize(scale: .nan))
        XCTAssertNil(GalleryLayout(containerWidth: 375).cellPixelSize(scale: -1))
        XCTAssertNil(GalleryLayout(containerWidth: .greatestFiniteMagnitude).cellPixelSize(scale: 2))
    }
}
