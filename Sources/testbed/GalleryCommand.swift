import AppWireframe
import ArgumentParser
import Foundation
import Gallery
import Messages
import Networking

/// `testbed gallery`: the real gallery module against any server, printing each view update
/// as one JSON line.
struct GalleryCommand: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Run the gallery module against a server; print each view update as a JSON line.",
        discussion: """
            Loads the server's gallery.json, shows all six cells as visible, waits until every cell has
            settled (loaded or failed), then applies --tap and --refresh in that order. Exits 0 when the
            cells settled, 1 when --timeout passed first or when the list itself could not be had (no
            cells; the banner line says why: this is known at once, nothing is waited for).

            A list that pages (--scenario zoo) prints "paging" lines (page, pages, text) and each cell's
            caption and advice; --next, --previous and --all-pages then turn pages after the refresh,
            each once the page shown has settled.
            """)

    @OptionGroup var server: ServerOption

    @OptionGroup var scenario: ScenarioOption

    @OptionGroup var cache: CacheOption

    @Option(help: "Tap the cell at this index once everything settled (repeatable).")
    var tap: [Int] = []

    @Flag(help: "Pull to refresh once everything settled (after the taps), and wait for it to end.")
    var refresh = false

    @Option(help: "Choose \"Next page\" this many times once everything settled (a list that pages).")
    var next = 0

    @Option(help: "Then choose \"Previous page\" this many times.")
    var previous = 0

    @Flag(help: "Then choose \"Next page\" until the last page has settled (the whole zoo).")
    var allPages = false

    @OptionGroup var timeout: TimeoutOption

    @OptionGroup var language: LanguageOption

    /// The run itself: the views and presenters live on the main actor.
    @MainActor
    func execute() async throws {
        let serverURL = try server.url()
        let folder = cache.folder(defaultName: "testbed-gallery-cache")
        let configuration = AppConfiguration(
            serverBaseURL: serverURL, cacheFolder: folder, databaseURL: folder.appendingPathComponent("feed.sqlite"),
            galleryScenario: scenario.scenario, language: language.lang)
        let app = AppWireframe(configuration: configuration, logger: quietLogger())
        let view = RecordingGalleryView(out: JSONLines())
        printError("loading \(configuration.galleryListURL.absoluteString) (at most \(timeout.described))…")
        let presenter = app.showGallery(in: view)
        presenter.viewDidLoad()
        presenter.viewDidResize(width: 400, height: 2400)
        presenter.visibleAreaDidChange(scrollOffset: 0, viewportHeight: 2400)
        let deadline = timeout.deadline()
        guard await wait(until: deadline, { view.settled }) else {
            printError("testbed: the cells had not settled after \(timeout.described)")
            await app.shutDown()
            throw ExitCode.failure
        }
        for index in tap {
            presenter.didTapCell(at: index)
        }
        if refresh {
            view.beginRefreshing()
            presenter.didPullToRefresh()
            guard await wait(until: deadline, { !view.refreshing }) else {
                printError("testbed: the refresh had not ended after \(timeout.described)")
                await app.shutDown()
                throw ExitCode.failure
            }
        }
        let turns = Array(repeating: true, count: max(0, next)) + Array(repeating: false, count: max(0, previous))
        for forward in turns {
            guard try await turnPage(forward: forward, presenter: presenter, view: view, app: app) else { break }
        }
        while allPages, try await turnPage(forward: true, presenter: presenter, view: view, app: app) {}
        await app.shutDown()
        if view.listFailed {
            printError("testbed: the gallery list could not be loaded: \(view.banner ?? "no reason given")")
            throw ExitCode.failure
        }
    }

    /// Chooses Next page (or Previous page) and waits until that page is shown and settled;
    /// `false` when the control cannot be used (first or last page, or no paging). Each page has
    /// --timeout of its own.
    @MainActor
    private func turnPage(
        forward: Bool, presenter: GalleryPresenter, view: RecordingGalleryView, app: AppWireframe
    ) async throws -> Bool {
        let deadline = timeout.deadline()
        guard let paging = view.paging, forward ? paging.canGoForward : paging.canGoBack else { return false }
        let target = paging.page + (forward ? 1 : -1)
        if forward { presenter.didTapNextPage() } else { presenter.didTapPreviousPage() }
        guard await wait(until: deadline, { view.paging?.page == target && view.settled }) else {
            printError("testbed: page \(target) had not settled after \(timeout.described)")
            await app.shutDown()
            throw ExitCode.failure
        }
        return true
    }
}
