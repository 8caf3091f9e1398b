public import Logging
public import Storage

/// The settings module's wireframe: builds it, and closes it through the closure the
/// composition root gives.
@MainActor
public final class SettingsRouter: SettingsRouting {
    private let onClose: @MainActor () -> Void

    private init(onClose: @escaping @MainActor () -> Void) {
        self.onClose = onClose
    }

    /// Calls the `onClose` closure given to ``makeModule(view:settings:onClose:)``.
    public func close() {
        onClose()
    }

    /// Builds the settings module for `view` over `settings`.
    ///
    /// The caller keeps the returned presenter alive and calls
    /// ``SettingsPresenter/viewDidLoad()`` when the view is ready; `onClose` is called when the
    /// user is done (after the last change is saved).
    public static func makeModule(
        view: any SettingsView, settings: any SettingsStoring, onClose: @escaping @MainActor () -> Void
    ) -> SettingsPresenter {
        makeModule(view: view, settings: settings, logger: Logger(label: "testbed.settings"), onClose: onClose)
    }

    /// The same, logging storage failures to `logger`.
    public static func makeModule(
        view: any SettingsView, settings: any SettingsStoring, logger: Logger,
        onClose: @escaping @MainActor () -> Void
    ) -> SettingsPresenter {
        let interactor = SettingsInteractor(store: settings)
        let presenter = SettingsPresenter(
            view: view, interactor: interactor, router: SettingsRouter(onClose: onClose), logger: logger)
        interactor.output = presenter
        return presenter
    }
}
