import Foundation
import Settings
import Storage
import TestSupport
import XCTest

/// The settings screen: load and show, save each change at once (it survives a restart),
/// close, and survive a broken store.
final class SettingsPresenterTests: TemporaryFolderTestCase {

    @MainActor
    func test_viewDidLoad_showsTheSavedSettings() async {
        // Given
        let view = SpySettingsView()
        let presenter = SettingsRouter.makeModule(
            view: view, settings: FlakySettingsStore(FeedSettings(showsAvatars: false)), onClose: {})

        // When
        presenter.viewDidLoad()

        // Then
        await eventually { !view.displayed.isEmpty }
        XCTAssertEqual(view.displayed, [SettingsViewModel(showsAvatars: false)])
        XCTAssertEqual(presenter.model, SettingsViewModel(showsAvatars: false))
    }

    @MainActor
    func test_toggle_savesAtOnce_andSurvivesAReopenOnTheSameDatabase() async throws {
        // Given a real store, avatars on by default
        let databaseURL = folder.appendingPathComponent("feed.sqlite")
        let view = SpySettingsView()
        let presenter = SettingsRouter.makeModule(
            view: view, settings: SettingsStore(database: try await FeedDatabase.open(at: databaseURL)), onClose: {})
        presenter.viewDidLoad()
        await eventually { presenter.model != nil }
        XCTAssertEqual(presenter.model, SettingsViewModel(showsAvatars: true))

        // When
        presenter.didToggleShowAvatars(false)

        // Then
        await eventually { presenter.model == SettingsViewModel(showsAvatars: false) }
        XCTAssertEqual(view.displayed.last, SettingsViewModel(showsAvatars: false))

        // When the app starts again
        let reopenedView = SpySettingsView()
        let reopened = SettingsRouter.makeModule(
            view: reopenedView, settings: SettingsStore(database: try await FeedDatabase.open(at: databaseURL)),
            onClose: {})
        reopened.viewDidLoad()

        // Then
        await eventually { !reopenedView.displayed.isEmpty }
        XCTAssertEqual(reopenedView.displayed, [SettingsViewModel(showsAvatars: false)])
    }

    @MainActor
    func test_didTapDone_closesThroughTheRouter() async {
        // Given
        var closes = 0
        let presenter = SettingsRouter.makeModule(view: SpySettingsView(), settings: FlakySettingsStore()) { closes += 1 }
        presenter.viewDidLoad()

        // When
        presenter.didTapDone()

        // Then
        XCTAssertEqual(closes, 1)
    }

    @MainActor
    func test_didTapDone_afterAToggle_closesOnceTheChangeIsSaved() async {
        // Given
        let store = FlakySettingsStore()
        var savedAtClose: FeedSettings?
        let presenter = SettingsRouter.makeModule(view: SpySettingsView(), settings: store) { savedAtClose = store.current }

        // When
        presenter.didToggleShowAvatars(false)
        presenter.didTapDone()

        // Then
        await eventually { savedAtClose != nil }
        XCTAssertEqual(savedAtClose, FeedSettings(showsAvatars: false))
    }

    @MainActor
    func test_failingSave_keepsTheSwitchWhereItWas() async {
        // Given
        let store = FlakySettingsStore(FeedSettings(showsAvatars: true), failSaves: true)
        let view = SpySettingsView()
        let presenter = SettingsRouter.makeModule(view: view, settings: store, onClose: {})
        presenter.viewDidLoad()
        await eventually { presenter.model != nil }

        // When
        presenter.didToggleShowAvatars(false)

        // Then the view is told the switch is still on
        await eventually { view.displayed.count == 2 }
        XCTAssertEqual(view.displayed, [SettingsViewModel(showsAvatars: true), SettingsViewModel(showsAvatars: true)])
        XCTAssertEqual(presenter.model, SettingsViewModel(showsAvatars: true))
        XCTAssertEqual(store.current, FeedSettings(showsAvatars: true))
        XCTAssertEqual(store.saves, 1)
    }

    @MainActor
    func test_failingLoad_showsTheDefaults() async {
        // Given
        let view = SpySettingsView()
        let presenter = SettingsRouter.makeModule(view: view, settings: FlakySettingsStore(failLoads: true), onClose: {})

        // When
        presenter.viewDidLoad()

        // Then
        await eventually { !view.displayed.isEmpty }
        XCTAssertEqual(view.displayed, [SettingsViewModel(showsAvatars: FeedSettings.default.showsAvatars)])
    }
}
