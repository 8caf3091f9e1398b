public import Logging

/// The feed module's wireframe: builds it, and navigates out of it through closures the
/// composition root gives (Feed never imports Settings).
@MainActor
public final class FeedRouter: FeedRouting {
    private let openSettingsAction: @MainActor () -> Void

    private init(openSettings: @escaping @MainActor () -> Void) {
        self.openSettingsAction = openSettings
    }

    /// Calls the `openSettings` closure given to ``makeModule(view:dependencies:openSettings:)``.
    public func openSettings() {
        openSettingsAction()
    }

    /// Builds the feed module for `view`: presenter, interactor and router wired together.
    ///
    /// The caller keeps the returned presenter alive (the view holds it as its output) and
    /// calls ``FeedPresenter/viewDidLoad()`` when the view is ready. `openSettings` is called
    /// when the user asks for the settings.
    public static func makeModule(
        view: any FeedView, dependencies: FeedDependencies, openSettings: @escaping @MainActor () -> Void
    ) -> FeedPresenter {
        makeModule(view: view, dependencies: dependencies, logger: Logger(label: "testbed.feed"), openSettings: openSettings)
    }

    /// The same, logging failed refreshes and avatar fetches to `logger`.
    public static func makeModule(
        view: any FeedView, dependencies: FeedDependencies, logger: Logger,
        openSettings: @escaping @MainActor () -> Void
    ) -> FeedPresenter {
        let interactor = FeedInteractor(dependencies: dependencies, logger: logger)
        let router = FeedRouter(openSettings: openSettings)
        let presenter = FeedPresenter(view: view, interactor: interactor, router: router, language: dependencies.language)
        interactor.output = presenter
        return presenter
    }
}
