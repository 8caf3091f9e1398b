import Messages
import XCTest

final class LanguageTests: XCTestCase {
    func test_resolved_prefersTheConfiguredLanguage() {
        XCTAssertEqual(Language.resolved(configured: .en, environment: ["LANG": "ru_RU.UTF-8"]), .en)
        XCTAssertEqual(Language.resolved(configured: .ru, environment: ["LANG": "en_US.UTF-8"]), .ru)
        XCTAssertEqual(Language.resolved(configured: .ru, environment: [:]), .ru)
    }

    func test_resolved_readsRussianFromLANG() {
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": "ru_RU.UTF-8"]), .ru)
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": "ru_RU"]), .ru)
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": "ru"]), .ru)
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": "ru_UA.UTF-8"]), .ru)
    }

    func test_resolved_fallsBackToEnglish() {
        let otherwise = ["en_US.UTF-8", "de_DE.UTF-8", "C", "POSIX", "C.UTF-8", "", "rus", "Russian"]
        for lang in otherwise {
            XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": lang]), .en, lang)
        }
        XCTAssertEqual(Language.resolved(configured: nil, environment: [:]), .en, "LANG unset")
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LC_ALL": "ru_RU.UTF-8"]), .en, "only LANG is read")
    }

    func test_localeIdentifier_takesTheLanguagePart() {
        XCTAssertEqual(Language(localeIdentifier: "ru_RU.UTF-8"), .ru)
        XCTAssertEqual(Language(localeIdentifier: "RU_ru"), .ru)
        XCTAssertEqual(Language(localeIdentifier: "ru@latin"), .ru)
        XCTAssertEqual(Language(localeIdentifier: "en_GB.UTF-8"), .en)
        XCTAssertNil(Language(localeIdentifier: "fr_FR.UTF-8"))
        XCTAssertNil(Language(localeIdentifier: "C"))
    }

    func test_rawValues_areTheConfigurationNames() {
        XCTAssertEqual(Language(rawValue: "ru"), .ru)
        XCTAssertEqual(Language(rawValue: "en"), .en)
        XCTAssertNil(Language(rawValue: "de"))
    }

    func test_resolved_withoutLANG_takesTheFirstPreferredLanguageThatIsOurs() {
        // Apple platforms: apps have no LANG, the user's preferred languages decide
        XCTAssertEqual(Language.resolved(configured: nil, environment: [:], preferredLanguages: ["ru-RU", "en-US"]), .ru)
        XCTAssertEqual(Language.resolved(configured: nil, environment: [:], preferredLanguages: ["de-DE", "ru", "en"]), .ru, "German is not ours")
        XCTAssertEqual(Language.resolved(configured: nil, environment: [:], preferredLanguages: ["de-DE", "fr-FR"]), .en)
        XCTAssertEqual(Language.resolved(configured: nil, environment: [:], preferredLanguages: []), .en)
    }

    func test_resolved_configurationAndLANG_comeBeforeThePreferredLanguages() {
        XCTAssertEqual(Language.resolved(configured: .en, environment: [:], preferredLanguages: ["ru-RU"]), .en)
        XCTAssertEqual(Language.resolved(configured: nil, environment: ["LANG": "en_US.UTF-8"], preferredLanguages: ["ru-RU"]), .en)
        XCTAssertEqual(
            Language.resolved(configured: nil, environment: ["LANG": "C"], preferredLanguages: ["ru-RU"]), .ru,
            "a LANG that names none of ours (C, POSIX) leaves the choice to the preferred languages")
    }
}
