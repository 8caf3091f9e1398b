/// The settings screen as the presenter sees it: one switch, "show avatars".
@MainActor
public protocol SettingsView: AnyObject {
    /// Shows the settings.
    func display(_ settings: SettingsViewModel)
}

/// What the settings view reports; implemented by ``SettingsPresenter``.
@MainActor
public protocol SettingsViewOutput: AnyObject {
    /// The view is ready: show the saved settings.
    func viewDidLoad()
    /// The user flipped the avatars switch to `isOn`.
    func didToggleShowAvatars(_ isOn: Bool)
    /// The user is done: save (if not yet) and go back.
    func didTapDone()
}

/// The settings as the view shows them.
public struct SettingsViewModel: Sendable, Hashable {
    /// Whether the "show avatars" switch is on.
    public let showsAvatars: Bool

    /// Creates the model.
    public init(showsAvatars: Bool) {
        self.showsAvatars = showsAvatars
    }
}

/// Navigation out of the settings; implemented by ``SettingsRouter``.
@MainActor
public protocol SettingsRouting: AnyObject {
    /// Closes the settings screen (back to the feed).
    func close()
}
