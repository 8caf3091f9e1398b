import Foundation

/// The language of user-facing text.
///
/// Chosen by ``resolved(configured:)``: the app's configuration when it names one, else the
/// `LANG` environment variable (`ru_RU.UTF-8` → Russian), else English.
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

    /// `configured` when given, else the language of this process's `LANG`, else English.
    public static func resolved(configured: Language?) -> Language {
        resolved(configured: configured, environment: ProcessInfo.processInfo.environment)
    }

    /// `configured` when given, else the language of `environment["LANG"]`, else English.
    public static func resolved(configured: Language?, environment: [String: String]) -> Language {
        if let configured { return configured }
        return environment["LANG"].flatMap(Language.init(localeIdentifier:)) ?? .en
    }
}
