import Logging
import Storage

/// The settings screen's presenter: shows the saved settings, saves each change at once, and
/// closes through the router.
///
/// Holds the view weakly, the interactor and the router strongly. Built by
/// ``SettingsRouter/makeModule(view:settings:onClose:)``; the caller keeps it alive.
@MainActor
public final class SettingsPresenter: SettingsViewOutput {
    /// What the view was last given; `nil` before the settings were read.
    public private(set) var model: SettingsViewModel?

    private weak var view: (any SettingsView)?
    private let interactor: SettingsInteractor
    private let router: any SettingsRouting
    private let logger: Logger

    init(view: any SettingsView, interactor: SettingsInteractor, router: any SettingsRouting, logger: Logger) {
        self.view = view
        self.interactor = interactor
        self.router = router
        self.logger = logger
    }

    /// Reads the saved settings and shows them.
    public func viewDidLoad() {
        interactor.loadSettings()
    }

    /// Saves the new value at once; the view shows it once saved. When saving fails the switch
    /// goes back to where it was (the failure is logged).
    public func didToggleShowAvatars(_ isOn: Bool) {
        interactor.save(FeedSettings(showsAvatars: isOn))
    }

    /// Closes the screen, once every change asked for is saved.
    public func didTapDone() {
        let router = router
        interactor.afterSaves { router.close() }
    }
}

extension SettingsPresenter: SettingsInteractorOutput {
    func interactorDidLoadSettings(_ settings: FeedSettings) {
        show(SettingsViewModel(showsAvatars: settings.showsAvatars))
    }

    func interactorDidFailLoadingSettings(_ error: StorageError) {
        logger.error("reading the settings failed; showing the defaults", metadata: ["error": "\(error)"])
        show(SettingsViewModel(showsAvatars: FeedSettings.default.showsAvatars))
    }

    func interactorDidSaveSettings(_ settings: FeedSettings) {
        show(SettingsViewModel(showsAvatars: settings.showsAvatars))
    }

    func interactorDidFailSavingSettings(_ error: StorageError) {
        logger.error("saving the settings failed; the switch stays as it was", metadata: ["error": "\(error)"])
        if let model { show(model) }
    }

    private func show(_ model: SettingsViewModel) {
        self.model = model
        view?.display(model)
    }
}
