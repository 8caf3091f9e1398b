public import Messages

/// The page's own texts (titles, buttons) in each language; the failure messages and the
/// countdown come from `Messages` through the presenters. Accessible names that are part of the
/// interface (the lists "Gallery" and "Tweets", the buttons "Refresh" and "Back", the switch
/// "Show avatars") stay English in every language, so tests and assistive tools find them; the
/// page puts them in `aria-label` where the visible text differs.
public enum WebStrings {
    /// Every text key the page uses, with its text in `language`.
    public static func table(for language: Language) -> [String: String] {
        switch language {
        case .en:
            [
                "app.title": "Testbed", "home.title": "Testbed", "gallery.title": "Gallery", "feed.title": "Feed",
                "settings.title": "Settings", "back": "Back", "refresh": "Refresh", "showAvatars": "Show avatars",
                "openGallery": "Gallery", "openFeed": "Feed", "settings": "Settings", "loading": "Loading…",
                "pullRelease": "Release to refresh", "pullMore": "Pull down to refresh", "refreshing": "Refreshing…",
                "closed": "This page was opened in another tab or window. Reload to use it here.",
                "disconnected": "Lost the connection to testbed web; reconnecting…",
                "imageAlt": "Image %d of %d",
            ]
        case .ru:
            [
                "app.title": "Testbed", "home.title": "Testbed", "gallery.title": "Галерея", "feed.title": "Лента",
                "settings.title": "Настройки", "back": "Назад", "refresh": "Обновить", "showAvatars": "Показывать аватары",
                "openGallery": "Галерея", "openFeed": "Лента", "settings": "Настройки", "loading": "Загрузка…",
                "pullRelease": "Отпустите, чтобы обновить", "pullMore": "Потяните вниз, чтобы обновить", "refreshing": "Обновление…",
                "closed": "Эта страница открыта в другой вкладке или окне. Перезагрузите её, чтобы продолжить здесь.",
                "disconnected": "Связь с testbed web потеряна; переподключение…",
                "imageAlt": "Изображение %d из %d",
            ]
        }
    }

    /// The title of `screen` in `language`.
    public static func title(of screen: WebScreen, in language: Language) -> String {
        table(for: language)["\(screen.rawValue).title"] ?? "Testbed"
    }
}
