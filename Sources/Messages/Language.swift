import Foundation

/// The language of user-facing text.
///
/// Chosen by ``resolved(configured:)``: the app's configuration when it names one, else the
/// `LANG` environment variable (`ru_RU.UTF-8` → Russian), else, on Apple platforms (where apps
/// have no `LANG`), the first of the user's preferred languages that is one of ours, else English.
public enum Language: String, Sendable, Hashable, CaseIterable {
    /// Russian.
    case ru
    /// English, the fallback.
    case en

    /// The language a POSIX locale name such as `ru_RU.UTF-8`, `ru` or `en_US` stands for, or
    /// `nil` when it is not one of ours (`C`, `POSIX`, `de_DE.UTF-8`, empty).
    public init?(localeIdentifier: String) {
        let code = localeIdentifier.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }
        guard let language = Language(rawValue: code.lowercased()) else { return nil }
        self = language
    }

    /// `configured` when given, else the language of this process's `LANG`, else (Apple
    /// platforms) the first of `Locale.preferredLanguages` that is ours, else English.
    public static func resolved(configured: Language?) -> Language {
        #if canImport(Darwin)
        let preferred = Locale.preferredLanguages
        #else
        let preferred: [String] = []  // Linux has no preferred-languages list but LANG
        #endif
        return resolved(configured: configured, environment: ProcessInfo.processInfo.environment, preferredLanguages: preferred)
    }

    /// `configured` when given, else the language of `environment["LANG"]`, else the first of
    /// `preferredLanguages` (BCP 47 identifiers such as `ru-RU`, most preferred first) that is
    /// one of ours, else English.
    public static func resolved(configured: Language?, environment: [String: String], preferredLanguages: [String] = []) -> Language {
        if let configured { return configured }
        if let fromLANG = environment["LANG"].flatMap(Language.init(localeIdentifier:)) { return fromLANG }
        return preferredLanguages.lazy.compactMap(Language.init(localeIdentifier:)).first ?? .en
    }
}
