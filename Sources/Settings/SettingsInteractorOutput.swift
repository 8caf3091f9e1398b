import Storage

/// What ``SettingsInteractor`` tells its presenter, on the main actor. The interactor holds
/// its output weakly.
@MainActor
protocol SettingsInteractorOutput: AnyObject {
    /// The saved settings were read.
    func interactorDidLoadSettings(_ settings: FeedSettings)
    /// The saved settings could not be read.
    func interactorDidFailLoadingSettings(_ error: StorageError)
    /// `settings` were saved.
    func interactorDidSaveSettings(_ settings: FeedSettings)
    /// Settings could not be saved; what was saved before stays.
    func interactorDidFailSavingSettings(_ error: StorageError)
}
