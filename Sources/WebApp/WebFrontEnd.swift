public import AppWireframe
import FeedScreen
import Foundation
import Gallery
import ImageCodec
public import Logging
import Messages
import Settings

/// The browser front end of the app: web views over ``AppWireframe``'s screens, one page at a
/// time.
///
/// Each `GET /events` opens a session: the previous page's stream gets `closed`, every screen
/// is closed and the new page starts on the first screen, with fresh views. The page's events
/// (``PageEvent``) are forwarded to the presenters; the presenters' calls on the views go back
/// to the page as server-sent events. The front end itself decides nothing a presenter decides:
/// it only checks that an event fits the screen on the page.
@MainActor
public final class WebFrontEnd {
    /// What became of one event posted by the page.
    enum Outcome: Sendable, Equatable {
        /// Forwarded (or, for `done`, the animation's completion ran).
        case accepted
        /// Not an event: the reason (the page gets a 400).
        case malformed(String)
        /// No session has this id (404).
        case unknownSession
        /// The session was replaced by a newer page (410).
        case superseded
        /// The event does not fit the screen on the page (409): the reason.
        case notShown(String)
    }

    /// Answers to `GET /image`: the encoded bytes the pipeline keeps on disk, or, when it keeps
    /// none (evicted), the decoded image to encode once as PNG.
    enum CellImage: Sendable {
        case encoded(Data, mimeType: String)
        case decoded(DecodedImage)
    }

    private let app: AppWireframe
    private let logger: Logger
    private let keepAliveInterval: Duration
    private let completionTimeout: Duration
    private var session: WebSession?
    /// Ids of replaced sessions (the most recent 64), so their late posts get 410, not 404.
    private var retired: [String] = []
    // The presenters hold their views weakly (VIPER): the front end keeps them.
    private var galleryView: GalleryWebView?
    private var feedView: FeedWebView?
    private var settingsView: SettingsWebView?
    private var galleryPresenter: GalleryPresenter?
    private var feedPresenter: FeedPresenter?

    /// A front end over `app`'s screens.
    /// - Parameters:
    ///   - keepAliveInterval: how often an idle stream gets a comment line (15 s).
    ///   - completionTimeout: how long an animation may take before the server stops waiting
    ///     for the page to report its end (5 s).
    public init(
        app: AppWireframe, logger: Logger, keepAliveInterval: Duration = .seconds(15),
        completionTimeout: Duration = .seconds(5)
    ) {
        self.app = app
        self.logger = logger
        self.keepAliveInterval = keepAliveInterval
        self.completionTimeout = completionTimeout
        app.stackDidChange = { [weak self] stack in self?.sendNavigation(stack) }
    }

    /// Opens a session for a page that just connected; returns it (its frames feed the page's
    /// stream). The previous page is told it was replaced.
    ///
    /// - Parameter previous: for a page that reconnects by itself (its stream broke, or the server
    ///   restarted), the session it had (`Last-Event-ID`); `nil` for a page a person opened or
    ///   reloaded. A reconnect never takes the session from another page: while one holds it (a
    ///   page opened after the restart, say), the returned session is already closed and says
    ///   so to the reconnecting page, and nothing else changes.
    func openSession(resuming previous: String? = nil) -> WebSession {
        let closedReason = WebStrings.table(for: app.language)["closed"] ?? "closed"
        if let previous, let current = session, current.id != previous {
            logger.info("a page reconnected (session \(previous.prefix(64))) while session \(current.id) is open; it stays closed")
            let refused = WebSession(keepAliveInterval: keepAliveInterval, completionTimeout: completionTimeout, logger: logger)
            refused.close(reason: closedReason)
            return refused
        }
        if let old = session {
            // The same page coming back needs no notice; any other page is told it was replaced.
            old.close(reason: old.id == previous ? nil : closedReason)
            retired.append(old.id)
            if retired.count > 64 { retired.removeFirst(retired.count - 64) }
        }
        closeScreens()
        let new = WebSession(keepAliveInterval: keepAliveInterval, completionTimeout: completionTimeout, logger: logger)
        session = new
        // The session id is also the event's id, so the browser's own reconnect names it (`Last-Event-ID`).
        new.send(
            ServerSentEvent(
                "hello", Hello(session: new.id, language: app.language.rawValue, strings: WebStrings.table(for: app.language)),
                id: new.id))
        sendNavigation(app.stack)
        logger.info("a page connected (session \(new.id))")
        return new
    }

    /// The page of session `id` stopped reading its stream (closed tab, dropped connection: the
    /// server notices when a write fails, at the latest at the next keep-alive):
    /// when it is still the current one, its screens close, so the feed stops refreshing for
    /// nobody. A page that comes back opens a new session.
    func pageLeft(_ id: String) {
        guard let session, session.id == id else { return }
        logger.info("the page left (session \(id))")
        session.close(reason: nil)
        retired.append(id)
        self.session = nil
        closeScreens()
    }

    /// Ends the page's stream without telling it to stop (the server is stopping: a browser
    /// reconnects once it is back) and closes every screen.
    public func stop() {
        session?.close(reason: nil)
        session = nil
        closeScreens()
    }

    /// Handles one body posted to `/session/{id}/events`.
    func receive(_ body: Data, session id: String) -> Outcome {
        guard let session, session.id == id else {
            return retired.contains(id) ? .superseded : .unknownSession
        }
        let event: PageEvent
        do {
            event = try PageEvent.parse(body)
        } catch {
            logger.warning("ignored a malformed event from the page: \(error)")
            return .malformed(error.description)
        }
        let outcome = handle(event, in: session)
        if case .notShown(let reason) = outcome { logger.notice("ignored \(event): \(reason)") }
        return outcome
    }

    /// What `GET /image?url=<id>` answers: `nil` unless `id` is a cell the page shows loaded.
    func image(for id: String) async -> CellImage? {
        guard let decoded = galleryView?.loadedImage(id: id), let url = URL(string: id) else { return nil }
        // Browsers show every format ImageCodec decodes but HEIC: that one goes as decoded pixels.
        // So does a file with an EXIF orientation: browsers differ on applying it outside JPEG, and
        // the page is to show what the pipeline turned upright, not what the browser makes of it.
        if let data = await app.cachedImageData(for: url), let info = try? ImageCodec.probe(data), info.format != .heic,
            ImageCodec.exifOrientation(of: data) == 1
        {
            return .encoded(data, mimeType: info.format.mimeType)
        }
        return .decoded(decoded)
    }

    private func handle(_ event: PageEvent, in session: WebSession) -> Outcome {
        let top = app.stack.last
        switch event {
        case .open(let screen):
            guard app.stack.isEmpty else { return .notShown("screens open only from the first screen") }
            return open(screen, in: session)
        case .back:
            if top == .settings {
                app.currentSettings?.didTapDone()
            } else if top != nil {
                closeScreens()
            } else {
                return .notShown("the first screen has no Back")
            }
        case .galleryLoad, .galleryResize, .galleryVisible, .galleryTap, .galleryRefresh, .galleryNextPage, .galleryPreviousPage:
            guard top == .gallery, let presenter = galleryPresenter else { return .notShown("the gallery is not shown") }
            forward(event, to: presenter)
        case .feedLoad:
            guard top == .feed, let presenter = feedPresenter else { return .notShown("the feed is not shown") }
            presenter.viewDidLoad()
        case .feedSettings:
            guard top == .feed, let presenter = feedPresenter else { return .notShown("the feed is not shown") }
            presenter.didTapSettings()
        case .settingsToggle(let on):
            guard top == .settings, let settings = app.currentSettings else { return .notShown("the settings are not shown") }
            settings.didToggleShowAvatars(on)
        case .done(let number):
            guard session.complete(number) else { return .notShown("no animation \(number) is waiting") }
        }
        return .accepted
    }

    private func open(_ screen: WebScreen, in session: WebSession) -> Outcome {
        switch screen {
        case .gallery:
            let view = GalleryWebView(session: session)
            galleryView = view
            galleryPresenter = app.showGallery(in: view)
        case .feed:
            let view = FeedWebView(session: session)
            feedView = view
            do {
                feedPresenter = try app.showFeed(in: view) { [weak self] in
                    let settings = SettingsWebView(session: session)
                    self?.settingsView = settings
                    return settings
                }
            } catch {
                feedView = nil
                logger.error("the feed cannot start: \(error)")
                return .notShown("the feed needs a bearer token: \(error)")
            }
        case .home, .settings:
            return .notShown("\(screen.rawValue) is not opened this way")
        }
        return .accepted
    }

    private func forward(_ event: PageEvent, to presenter: GalleryPresenter) {
        switch event {
        case .galleryLoad: presenter.viewDidLoad()
        case .galleryResize(let width, let height): presenter.viewDidResize(width: width, height: height)
        case .galleryVisible(let offset, let height): presenter.visibleAreaDidChange(scrollOffset: offset, viewportHeight: height)
        case .galleryTap(let index): presenter.didTapCell(at: index)
        case .galleryRefresh: presenter.didPullToRefresh()
        case .galleryNextPage: presenter.didTapNextPage()
        case .galleryPreviousPage: presenter.didTapPreviousPage()
        default: break
        }
    }

    private func closeScreens() {
        app.closeScreens()
        galleryView = nil
        galleryPresenter = nil
        feedView = nil
        feedPresenter = nil
        settingsView = nil
    }

    /// `nav`: the stack as the page shows it (the first screen at the bottom) and its title.
    private func sendNavigation(_ stack: [AppWireframe.Screen]) {
        let screens: [WebScreen] = [.home] + stack.map { screen in
            switch screen {
            case .gallery: .gallery
            case .feed: .feed
            case .settings: .settings
            }
        }
        let top = screens.last ?? .home
        session?.send(ServerSentEvent("nav", Navigation(stack: screens.map(\.rawValue), title: WebStrings.title(of: top, in: app.language))))
    }

    private struct Hello: Encodable {
        let session: String
        let language: String
        let strings: [String: String]
    }

    private struct Navigation: Encodable {
        let stack: [String]
        let title: String
    }
}
