import Foundation
import ImageCache
import Messages

/// The gallery's presenter: turns the interactor's results into ``GalleryCellViewModel``s and
/// the view's events into loads, cancellations, removals and refreshes.
///
/// Rules it keeps (each is tested): a cell loads when it becomes visible, at its side in pixels
/// (``GalleryLayout/cellPixelSize(scale:)``: it holds no more pixels than it shows), and, when
/// it leaves the screen, its load is cancelled and its decoded image dropped (a loaded cell goes
/// back to loading); only a loaded cell can be removed (slide out, then the cells below move up, then
/// the model drops it and the view shows the rest), never while a removal is animating;
/// pull-to-refresh shows the initial cells again without animation and reloads them
/// (`reload: true`), ending the spinner once the list and every visible cell's load settled;
/// the banner shows the offline text while offline; coming back online retries the cells that
/// failed with offline, timedOut or connectionLost. A list that pages (the zoo) shows paging
/// controls: "Next page" and "Previous page" fetch that page of the list and show its cells
/// in place of the others; pull-to-refresh reloads the page shown (`GalleryPresenter+Paging.swift`).
///
/// The view is held weakly, the interactor strongly. Build it with
/// ``GalleryRouter/makeModule(view:dependencies:)``.
@MainActor
public final class GalleryPresenter: GalleryViewOutput, GalleryInteractorOutput {
    /// The most cells the gallery shows; a longer list is cut to its first six.
    public static let maxCells = 6

    weak var view: (any GalleryView)?
    let interactor: GalleryInteractor
    let language: Language
    private let displayScale: Double

    private struct Refresh {
        var listPending = true
        var loads: Set<URL> = []
        var isDone: Bool { !listPending && loads.isEmpty }
    }

    var initialURLs: [URL]?
    /// The shown page's captions, by URL.
    var captions: [URL: GalleryCaption] = [:]
    /// The paging state: the page shown, the count, and the page asked for.
    var paging = Paging()
    private var model: [GalleryCell] = []
    private var visible: Set<URL> = []
    var scrollOffset = 0.0
    private var viewportHeight = 0.0
    private var isAnimating = false
    /// Bumped whenever the cells are replaced: animation completions of older cells do nothing.
    private var generation = 0
    private var refresh: Refresh?
    private var isOnline: Bool?
    var listFailureText: String?
    private var shownBanner: String?

    /// The cells as the view shows them, in order.
    public var cells: [GalleryCellViewModel] { model.map(\.viewModel) }

    /// The current layout (from the last ``viewDidResize(width:height:)``; 0 wide before it).
    public private(set) var layout = GalleryLayout(containerWidth: 0)

    /// Whether a pull-to-refresh is in progress (its spinner not yet ended).
    public var isRefreshing: Bool { refresh != nil }

    /// Creates the presenter and makes itself the interactor's output; cell images are decoded
    /// at the cell's side times `displayScale` pixels.
    init(view: any GalleryView, interactor: GalleryInteractor, language: Language, displayScale: Double) {
        self.view = view
        self.interactor = interactor
        self.language = language
        self.displayScale = displayScale
        interactor.output = self
    }

    // MARK: GalleryViewOutput

    /// Starts following connectivity and fetches the list.
    public func viewDidLoad() {
        interactor.startMonitoringConnectivity()
        paging.requested = paging.page
        interactor.loadList(page: paging.page)
    }

    /// Recomputes the layout for the new width, hands it to the view, and takes `height` as the
    /// visible height.
    public func viewDidResize(width: Double, height: Double) {
        layout = GalleryLayout(containerWidth: width)
        viewportHeight = height.isFinite ? max(0, height) : 0
        view?.apply(layout)
        updateVisibility()
    }

    /// Loads the cells that came into view; cancels and drops those that left it.
    public func visibleAreaDidChange(scrollOffset: Double, viewportHeight: Double) {
        self.scrollOffset = scrollOffset.isFinite ? scrollOffset : 0
        self.viewportHeight = viewportHeight.isFinite ? max(0, viewportHeight) : 0
        updateVisibility()
    }

    /// Removes the cell at `index` if it is loaded and no removal is animating.
    public func didTapCell(at index: Int) {
        guard !isAnimating, model.indices.contains(index), case .loaded = model[index].phase, let view else { return }
        isAnimating = true
        let url = model[index].url
        let generation = self.generation
        view.animateRemoval(at: index) { [weak self] in
            self?.removalDidSlideOut(at: index, generation: generation, url: url)
        }
    }

    /// Shows the initial cells again and reloads them; fetches the list (the page shown) again too.
    public func didPullToRefresh() {
        refresh = Refresh()
        paging.requested = paging.page
        interactor.loadList(page: paging.page)
        if let initialURLs { replaceCells(with: initialURLs) }
        finishRefreshIfDone()
    }

    // MARK: GalleryInteractorOutput

    /// Shows the page's cells (at most six, duplicates left out) unless they are already shown,
    /// and the paging controls of a list that pages.
    func interactorDidLoadList(_ page: GalleryPage) {
        var seen = Set<URL>()
        let urls = Array(page.urls.filter { seen.insert($0).inserted }.prefix(Self.maxCells))
        refresh?.listPending = false
        listFailureText = nil
        let turned = acceptPage(page)
        if urls != initialURLs || page.captions != captions || turned {
            initialURLs = urls
            captions = page.captions
            replaceCells(with: urls)
        }
        showPaging()
        updateBanner()
        finishRefreshIfDone()
    }

    /// Without a list shown yet: shows no cells and the failure in the banner. With one, keeps it.
    func interactorDidFailLoadingList(_ error: GalleryListError) {
        refresh?.listPending = false
        if pageRequestFailed(error) {
            // A page asked for by Next or Previous: the shown one stays, the banner says why.
        } else if initialURLs == nil {
            listFailureText = FailureMessages.galleryList(for: error)?.text(in: language)
            model = []
            visible = []
            view?.display([])
        }
        updateBanner()
        finishRefreshIfDone()
    }

    /// Shows the image in its cell.
    func interactorDidLoadImage(_ image: LoadedImage, for url: URL) {
        guard let index = model.firstIndex(where: { $0.url == url }), model[index].isLoading else { return }
        model[index].phase = .loaded(GalleryImageViewModel(image: image.image, source: image.source))
        view?.update(model[index].viewModel, at: index)
        refresh?.loads.remove(url)
        finishRefreshIfDone()
    }

    /// Shows the failure's message and hint in its cell; a cancelled load shows nothing new.
    func interactorDidFailLoadingImage(_ error: ImageLoadError, for url: URL) {
        guard let index = model.firstIndex(where: { $0.url == url }), case .loading(let reload) = model[index].phase
        else { return }
        refresh?.loads.remove(url)
        if let notice = FailureMessages.imageCell(for: error) {
            let texts = notice.texts(in: language)
            model[index].phase = .failed(error, message: texts.message, hint: texts.hint)
            view?.update(model[index].viewModel, at: index)
        } else {
            model[index].phase = .waiting(reload: reload)  // Loads again when it next becomes visible.
        }
        finishRefreshIfDone()
    }

    /// Shows or hides the offline banner; back online, retries the cells that failed with
    /// offline, timedOut or connectionLost.
    func interactorDidUpdateConnectivity(isOnline: Bool) {
        let cameBack = self.isOnline == false && isOnline
        self.isOnline = isOnline
        updateBanner()
        guard cameBack else { return }
        for index in model.indices where model[index].failedTransiently {
            model[index].phase = .waiting(reload: false)
            view?.update(model[index].viewModel, at: index)
        }
        updateVisibility()
    }

    // MARK: Cells

    /// Shows fresh cells for `urls` without animation; visible ones start loading (reloading
    /// during a refresh).
    func replaceCells(with urls: [URL]) {
        generation += 1
        isAnimating = false
        interactor.cancelAllImages()
        for url in visible where !urls.contains(url) { interactor.cancelAndDropImage(for: url) }
        model = urls.map { GalleryCell(url: $0, reload: refresh != nil, caption: captions[$0]) }
        visible = []
        refresh?.loads = []
        view?.display(cells)
        updateVisibility()
    }

    /// Compares the visible cells with the last known ones: loads what came in, cancels and
    /// drops what left.
    private func updateVisibility() {
        let range = layout.visibleIndices(scrollOffset: scrollOffset, viewportHeight: viewportHeight, cellCount: model.count)
        let nowVisible = Set(range.map { model[$0].url })
        for url in visible.subtracting(nowVisible) { cellLeftScreen(url) }
        visible = nowVisible
        for index in range { startLoadIfWaiting(at: index) }
        finishRefreshIfDone()
    }

    private func startLoadIfWaiting(at index: Int) {
        guard case .waiting(let reload) = model[index].phase else { return }
        model[index].phase = .loading(reload: reload)
        let url = model[index].url
        let options = ImageLoadOptions(priority: .visible, reload: reload, targetSize: layout.cellPixelSize(scale: displayScale))
        interactor.loadImage(for: url, options: options)
        refresh?.loads.insert(url)
    }

    private func cellLeftScreen(_ url: URL) {
        refresh?.loads.remove(url)
        if let index = model.firstIndex(where: { $0.url == url }) {
            switch model[index].phase {
            case .waiting(let reload), .loading(let reload):
                model[index].phase = .waiting(reload: reload)
            case .loaded:
                model[index].phase = .waiting(reload: false)  // Its pixels are dropped: it loads again when back.
                view?.update(model[index].viewModel, at: index)
            case .failed:
                break
            }
        }
        interactor.cancelAndDropImage(for: url)
    }

    private func removalDidSlideOut(at index: Int, generation: Int, url: URL) {
        guard generation == self.generation, let view else { return }
        view.moveCellsUp(below: index) { [weak self] in
            self?.removalDidFinish(generation: generation, url: url)
        }
    }

    private func removalDidFinish(generation: Int, url: URL) {
        guard generation == self.generation else { return }
        isAnimating = false
        if let index = model.firstIndex(where: { $0.url == url }) {
            model.remove(at: index)
            if visible.remove(url) != nil { interactor.cancelAndDropImage(for: url) }
        }
        view?.display(cells)
        updateVisibility()
    }

    // MARK: Banner and refresh

    func updateBanner() {
        let text = isOnline == false ? UserMessage.offline.text(in: language) : listFailureText
        guard text != shownBanner else { return }
        shownBanner = text
        view?.showBanner(text)
    }

    private func finishRefreshIfDone() {
        guard let refresh, refresh.isDone else { return }
        self.refresh = nil
        view?.endRefreshing()
    }
}
