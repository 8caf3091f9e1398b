public import ImageCodec

/// The gallery's geometry: one column of square cells, each the container's width less 20 pt,
/// with 10 pt insets around and 10 pt between cells. Recomputed when the container changes
/// size (rotation); answers which cells a scroll position shows.
public struct GalleryLayout: Sendable, Hashable {
    /// Space around the column: 10 pt.
    public static let inset = 10.0
    /// Space between two cells: 10 pt.
    public static let spacing = 10.0

    /// The container's width in points.
    public let containerWidth: Double

    /// The layout for a container `containerWidth` points wide (a negative or non-finite width
    /// counts as 0).
    public init(containerWidth: Double) {
        self.containerWidth = containerWidth.isFinite ? max(0, containerWidth) : 0
    }

    /// The side of every (square) cell: the width less both insets, never negative.
    public var cellSide: Double { max(0, containerWidth - 2 * Self.inset) }

    /// The size a cell's image is decoded at: the cell's side times `scale` (pixels per point),
    /// rounded up, as a square; `nil` (the full size) while the cells have no size or the
    /// product is not a usable number of pixels.
    public func cellPixelSize(scale: Double) -> PixelSize? {
        let side = (cellSide * scale).rounded(.up)
        guard side.isFinite, side >= 1, side <= Double(Int32.max) else { return nil }
        return PixelSize(side: Int(side))
    }

    /// Where cell `index` sits: its top-left corner and side, in content coordinates.
    public func frame(at index: Int) -> GalleryCellFrame {
        GalleryCellFrame(x: Self.inset, y: Self.inset + Double(index) * (cellSide + Self.spacing), side: cellSide)
    }

    /// The height of the content holding `cellCount` cells, insets included.
    public func contentHeight(cellCount: Int) -> Double {
        guard cellCount > 0 else { return 2 * Self.inset }
        return 2 * Self.inset + Double(cellCount) * cellSide + Double(cellCount - 1) * Self.spacing
    }

    /// The cells at least partly on screen when the visible part of the content starts at
    /// `scrollOffset` and is `viewportHeight` tall (a cell only touching an edge is not visible).
    public func visibleIndices(scrollOffset: Double, viewportHeight: Double, cellCount: Int) -> Range<Int> {
        guard cellCount > 0, cellSide > 0, viewportHeight > 0, scrollOffset.isFinite, viewportHeight.isFinite else { return 0..<0 }
        let top = scrollOffset
        let bottom = scrollOffset + viewportHeight
        let pitch = cellSide + Self.spacing
        // Cell i spans [inset + i·pitch, inset + i·pitch + side). The slot numbers are clamped
        // to -1…cellCount before becoming Ints, so a huge offset cannot trap the conversion.
        let limit = Double(cellCount)
        let firstSlot = min(max(((top - Self.inset - cellSide) / pitch).rounded(.down), -1), limit)
        let lastSlot = min(max(((bottom - Self.inset) / pitch).rounded(.up), -1), limit + 1)
        guard firstSlot.isFinite, lastSlot.isFinite else { return 0..<0 }
        let first = max(0, Int(firstSlot) + 1)
        let last = min(cellCount - 1, Int(lastSlot) - 1)
        guard first <= last else { return 0..<0 }
        return first..<(last + 1)
    }
}

/// A cell's place in the content: top-left corner and side, in points.
public struct GalleryCellFrame: Sendable, Hashable {
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width and height.
    public let side: Double

    /// A square at (`x`, `y`) with sides `side` points long.
    public init(x: Double, y: Double, side: Double) {
        self.x = x
        self.y = y
        self.side = side
    }
}
