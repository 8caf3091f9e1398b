public import Messages

/// The page's own texts (titles, buttons) in each language; the failure messages and the
/// countdown come from `Messages` through the presenters. Accessible names that are part of the
/// interface (the lists "Gallery" and "Tweets", the buttons "Refresh", "Back", "Previous page" and
/// "Next page", the switch "Show avatars") stay English in every language, so tests and assistive
/// tools find them; the page puts them in `aria-label` where the visible text differs.
public enum WebStrings {
    /// Every text key the page uses with its text in each language, side by side so that no
    /// language can miss a key.
    private static let texts: [String: (en: String, ru: String)] = [
        "app.title": ("Testbed", "Testbed"), "home.title": ("Testbed", "Testbed"),
        "gallery.title": ("Gallery", "Галерея"), "feed.title": ("Feed", "Лента"), "settings.title": ("Settings", "Настройки"),
        "back": ("Back", "Назад"), "refresh": ("Refresh", "Обновить"), "showAvatars": ("Show avatars", "Показывать аватары"),
        "openGallery": ("Gallery", "Галерея"), "openFeed": ("Feed", "Лента"), "settings": ("Settings", "Настройки"),
        "loading": ("Loading…", "Загрузка…"),
        "previousPage": ("Previous page", "Предыдущая страница"), "nextPage": ("Next page", "Следующая страница"), "refreshing": ("Refreshing…", "Обновление…"),
        "pullRelease": ("Release to refresh", "Отпустите, чтобы обновить"),
        "pullMore": ("Pull down to refresh", "Потяните вниз, чтобы обновить"),
        "closed": (
            "This page was opened in another tab or window. Reload to use it here.",
            "Эта страница открыта в другой вкладке или окне. Перезагрузите её, чтобы продолжить здесь."
        ),
        "disconnected": ("Lost the connection to testbed web; reconnecting…", "Связь с testbed web потеряна; переподключение…"),
    ]

    /// Every text key the page uses, with its text in `language`.
    public static func table(for language: Language) -> [String: String] {
        texts.mapValues { text in
            switch language {
            case .en: text.en
            case .ru: text.ru
            }
        }
    }

    /// The title of `screen` in `language`.
    public static func title(of screen: WebScreen, in language: Language) -> String {
        table(for: language)["\(screen.rawValue).title"] ?? "Testbed"
    }
}
