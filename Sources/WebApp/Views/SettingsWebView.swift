import Settings

/// The settings screen on the page: ``SettingsView/display(_:)`` becomes `settings.display`.
@MainActor
final class SettingsWebView: SettingsView {
    private let session: WebSession

    /// A view drawing into `session`'s page.
    init(session: WebSession) {
        self.session = session
    }

    func display(_ settings: SettingsViewModel) {
        session.send(ServerSentEvent("settings.display", ["showsAvatars": settings.showsAvatars]))
    }
}
