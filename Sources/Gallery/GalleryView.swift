public import ImageCache
public import ImageCodec

/// The gallery screen as the presenter sees it: passive, it shows what it is given and reports
/// what the user does through a ``GalleryViewOutput``. A UIKit view controller, a terminal
/// front end, a recording view for `testbed gallery` and the spy views of the tests implement it.
@MainActor
public protocol GalleryView: AnyObject {
    /// Shows `cells` in order, replacing whatever was shown, without animation.
    func display(_ cells: [GalleryCellViewModel])
    /// Replaces the cell at `index` (same ``GalleryCellViewModel/id``) with `cell`.
    func update(_ cell: GalleryCellViewModel, at index: Int)
    /// Lays the cells out with `layout` (after the container changed size, e.g. a rotation).
    func apply(_ layout: GalleryLayout)
    /// Slides the cell at `index` out to the right; calls `completion` when it is gone.
    func animateRemoval(at index: Int, completion: @escaping @MainActor () -> Void)
    /// Moves every cell below `index` up one slot (into the gap the removed cell left); calls
    /// `completion` when they are in place.
    func moveCellsUp(below index: Int, completion: @escaping @MainActor () -> Void)
    /// Shows the banner with `text` above the cells, or hides it when `text` is `nil`.
    func showBanner(_ text: String?)
    /// Ends the pull-to-refresh spinner.
    func endRefreshing()
    /// Shows the paging controls ("Previous page", "Next page" and the page's status), or hides
    /// them when `paging` is `nil` (a list that does not page).
    func showPaging(_ paging: GalleryPagingViewModel?)
}

extension GalleryView {
    /// A view without paging controls shows the first page only.
    public func showPaging(_ paging: GalleryPagingViewModel?) {}
}

/// What the gallery view reports; implemented by ``GalleryPresenter``.
@MainActor
public protocol GalleryViewOutput: AnyObject {
    /// The view is ready: load the gallery's list and show its cells.
    func viewDidLoad()
    /// The container is now `width` × `height` points (first layout, rotation).
    func viewDidResize(width: Double, height: Double)
    /// The user scrolled: the part of the content on screen starts at `scrollOffset` and is
    /// `viewportHeight` points tall. Cells that came into view start loading; cells that left it
    /// cancel their load and drop their decoded image.
    func visibleAreaDidChange(scrollOffset: Double, viewportHeight: Double)
    /// The user tapped the cell at `index`.
    func didTapCell(at index: Int)
    /// The user pulled to refresh.
    func didPullToRefresh()
    /// The user chose "Next page".
    func didTapNextPage()
    /// The user chose "Previous page".
    func didTapPreviousPage()
}

extension GalleryViewOutput {
    /// An output that does not page ignores it.
    public func didTapNextPage() {}
    /// An output that does not page ignores it.
    public func didTapPreviousPage() {}
}

/// One cell as the view shows it: immutable.
public struct GalleryCellViewModel: Sendable, Hashable, Identifiable {
    /// The image's URL, which identifies the cell.
    public let id: String
    /// What the cell shows.
    public let state: GalleryCellState
    /// What the list says the image is (the zoo's variant name and advice), shown with the cell.
    public let caption: GalleryCaption?

    /// Creates a cell.
    public init(id: String, state: GalleryCellState, caption: GalleryCaption? = nil) {
        self.id = id
        self.state = state
        self.caption = caption
    }
}

/// What a cell shows.
public enum GalleryCellState: Sendable, Hashable {
    /// A spinner: the image is on its way.
    case loading
    /// The image.
    case loaded(GalleryImageViewModel)
    /// A failure: the exact message (`Messages`, in the configured language) and, for
    /// offline, timedOut and connectionLost, the hint "Pull down to refresh".
    case failed(message: String, hint: String?)
}

/// A loaded image and where it came from.
public struct GalleryImageViewModel: Sendable, Hashable {
    /// The decoded pixels.
    public let image: DecodedImage
    /// Where the image came from: memory, disk or network.
    public let source: LoadedImage.Source

    /// Creates the model.
    public init(image: DecodedImage, source: LoadedImage.Source) {
        self.image = image
        self.source = source
    }

    /// Width in pixels.
    public var width: Int { image.width }
    /// Height in pixels.
    public var height: Int { image.height }
}
