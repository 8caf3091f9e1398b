import Foundation
import ImageCache
import Networking

/// The gallery's use case: fetches the list, loads and cancels images, drops decoded images,
/// and follows connectivity. Every result reaches its ``GalleryInteractorOutput`` on the main
/// actor.
///
/// Its bookkeeping (which load is in flight for which URL) lives on the main actor, next to
/// the presenter that calls it; the work itself — the list request, the image loads, dropping
/// decoded images — runs in `@concurrent` static functions, off the main actor, which take what
/// they need as parameters and return a `Result` that the main actor applies. A load that was
/// cancelled or replaced reports nothing. Built only by ``GalleryRouter``.
@MainActor
final class GalleryInteractor {
    /// Where results go; held weakly (the presenter owns the interactor).
    weak var output: (any GalleryInteractorOutput)?

    private struct Load {
        let id: Int
        let task: Task<Void, Never>
    }

    private let images: any ImageLoading
    private let list: any GalleryListProviding
    private let connectivity: any ConnectivityMonitor
    private var loads: [URL: Load] = [:]
    private var nextLoadID = 0
    /// The id of the last load started for each URL (a drop skips a URL loaded again since).
    private var latestLoadID: [URL: Int] = [:]
    private var listTask: Task<Void, Never>?
    private var listRequestID = 0
    private var connectivityTask: Task<Void, Never>?

    /// Creates an interactor over the module's services.
    init(images: any ImageLoading, list: any GalleryListProviding, connectivity: any ConnectivityMonitor) {
        self.images = images
        self.list = list
        self.connectivity = connectivity
    }

    isolated deinit {
        listTask?.cancel()
        connectivityTask?.cancel()
        for load in loads.values { load.task.cancel() }
    }

    // MARK: List

    /// Fetches page `page` of the list; the answer goes to
    /// ``GalleryInteractorOutput/interactorDidLoadList(_:)`` or
    /// ``GalleryInteractorOutput/interactorDidFailLoadingList(_:)``. A fetch still running is replaced.
    func loadList(page: Int = 1) {
        listTask?.cancel()
        listRequestID += 1
        let id = listRequestID
        let list = self.list
        listTask = Task { [weak self] in
            let result = await Self.fetchList(list, page: page)
            guard let self, self.listRequestID == id else { return }
            self.listTask = nil
            switch result {
            case .success(let page): self.output?.interactorDidLoadList(page)
            case .failure(let error): self.output?.interactorDidFailLoadingList(error)
            }
        }
    }

    // MARK: Images

    /// Loads the image for `url` with `options`, replacing a load of it still in flight.
    func loadImage(for url: URL, options: ImageLoadOptions) {
        loads.removeValue(forKey: url)?.task.cancel()
        nextLoadID += 1
        let id = nextLoadID
        latestLoadID[url] = id
        let images = self.images
        let task = Task { [weak self] in
            let result = await Self.fetchImage(images, url: url, options: options)
            guard let self, self.loads[url]?.id == id else { return }
            self.loads[url] = nil
            switch result {
            case .success(let image): self.output?.interactorDidLoadImage(image, for: url)
            case .failure(let error): self.output?.interactorDidFailLoadingImage(error, for: url)
            }
        }
        loads[url] = Load(id: id, task: task)
    }

    /// The cell for `url` left the screen: cancels its load (which then reports nothing) and,
    /// once that load has ended, drops the decoded image (``ImageLoading/dropDecodedImage(for:)``;
    /// the disk copy stays) — unless `url` was asked for again in the meantime.
    func cancelAndDropImage(for url: URL) {
        let cancelled = loads.removeValue(forKey: url)?.task
        cancelled?.cancel()
        let images = self.images
        let latest = latestLoadID[url]
        Task { [weak self] in
            await cancelled?.value
            guard self?.latestLoadID[url] == latest else { return }
            await Self.drop(images, url: url)
        }
    }

    /// Cancels every image load in flight; none of them reports anything.
    func cancelAllImages() {
        for load in loads.values { load.task.cancel() }
        loads = [:]
    }

    // MARK: Connectivity

    /// Starts forwarding the connectivity monitor's states to
    /// ``GalleryInteractorOutput/interactorDidUpdateConnectivity(isOnline:)`` (the current one first).
    /// Does nothing when already started.
    func startMonitoringConnectivity() {
        guard connectivityTask == nil else { return }
        let changes = connectivity.changes()
        connectivityTask = Task { [weak self] in
            for await online in changes {
                guard let self else { return }
                self.output?.interactorDidUpdateConnectivity(isOnline: online)
            }
        }
    }

    // MARK: Work off the main actor

    @concurrent
    private nonisolated static func fetchList(
        _ list: any GalleryListProviding, page: Int
    ) async -> Result<GalleryPage, GalleryListError> {
        do throws(GalleryListError) {
            return .success(try await list.page(page))
        } catch {
            return .failure(error)
        }
    }

    @concurrent
    private nonisolated static func fetchImage(
        _ images: any ImageLoading, url: URL, options: ImageLoadOptions
    ) async -> Result<LoadedImage, ImageLoadError> {
        do throws(ImageLoadError) {
            return .success(try await images.image(for: url, options: options))
        } catch {
            return .failure(error)
        }
    }

    @concurrent
    private nonisolated static func drop(_ images: any ImageLoading, url: URL) async {
        images.dropDecodedImage(for: url)
    }
}
