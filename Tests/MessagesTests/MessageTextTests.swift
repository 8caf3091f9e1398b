import Messages
import XCTest

/// Every text, in both languages, exactly as the product's table has it.
final class MessageTextTests: XCTestCase {
    /// Copied from the product's message table by script (not retyped): message, ru, en.
    /// docs/ARCHITECTURE.md, "Messages", shows the same table.
    static let table: [(UserMessage, String, String)] = [
        (.imageUnavailable, "Изображение по заданному URL недоступно", "The image at this URL is unavailable"),
        (.timedOut, "Слишком долгое ожидание / сервер не отвечает", "Waited too long / the server is not responding"),
        (.offline, "Нет соединения с Интернетом", "No Internet connection"),
        (.pullToRefresh, "Потяните вниз, чтобы обновить", "Pull down to refresh"),
        (.brokenImage, "Изображение повреждено", "The image is damaged"),
        (.imageTooLarge, "Изображение слишком большое", "The image is too large"),
        (.serverError, "Сервер вернул ошибку", "The server returned an error"),
        (.feedUpdateFailed, "Не удалось обновить ленту", "Could not update the feed"),
        (.unauthorized, "Токен доступа отклонён", "The access token was rejected"),
        (.rateLimited(seconds: 1), "Слишком много запросов, повтор через %d с", "Too many requests, retrying in %d s"),
        (.nextUpdateIn(seconds: 1), "Обновление через %d с", "Next update in %d s"),
        // Not in the design's table: the feed whose cache cannot be opened, or only read.
        (.feedCacheUnavailable, "Твиты нельзя сохранить на этом устройстве", "Tweets cannot be saved on this device"),
        (.feedCacheReadOnly, "Сохранённые твиты нельзя обновить на этом устройстве", "Saved tweets cannot be updated on this device"),
        // A rejected certificate or a failed TLS handshake (HTTPS).
        (.secureConnectionFailed, "Не удалось установить защищённое соединение", "A secure connection could not be established"),
        // An image in a format nothing decodes (JPEG XL, TIFF, BMP, SVG…).
        (.unsupportedFormat, "Формат изображения не поддерживается", "The image format is not supported"),
    ]

    func test_everyMessage_hasTheTableTextInBothLanguages() {
        XCTAssertEqual(Self.table.map { Self.position(of: $0.0) }, Array(0..<15), "the table covers every message, in order")
        for (message, russian, english) in Self.table {
            assertExactly(message.template(in: .ru), russian, "\(message) ru")
            assertExactly(message.template(in: .en), english, "\(message) en")
        }
    }

    /// Each case's place in the table. The switch has no `default`, so a case added to
    /// `UserMessage` does not compile until it has a place here, and then the test above fails
    /// until the table has its texts.
    private static func position(of message: UserMessage) -> Int {
        switch message {
        case .imageUnavailable: 0
        case .timedOut: 1
        case .offline: 2
        case .pullToRefresh: 3
        case .brokenImage: 4
        case .imageTooLarge: 5
        case .serverError: 6
        case .feedUpdateFailed: 7
        case .unauthorized: 8
        case .rateLimited: 9
        case .nextUpdateIn: 10
        case .feedCacheUnavailable: 11
        case .feedCacheReadOnly: 12
        case .secureConnectionFailed: 13
        case .unsupportedFormat: 14
        }
    }

    func test_messagesWithoutANumber_showTheTemplate() {
        let messages: [UserMessage] = [
            .imageUnavailable, .timedOut, .offline, .pullToRefresh, .brokenImage, .imageTooLarge,
            .serverError, .feedUpdateFailed, .unauthorized, .secureConnectionFailed, .unsupportedFormat,
        ]
        for message in messages {
            XCTAssertNil(message.number)
            for language in Language.allCases {
                assertExactly(message.text(in: language), message.template(in: language), "\(message) \(language)")
            }
        }
    }

    func test_rateLimited_putsTheSecondsInPlaceOfTheMarker() {
        assertExactly(UserMessage.rateLimited(seconds: 42).text(in: .ru), "Слишком много запросов, повтор через 42 с")
        assertExactly(UserMessage.rateLimited(seconds: 42).text(in: .en), "Too many requests, retrying in 42 s")
    }

    func test_nextUpdateIn_putsTheSecondsInPlaceOfTheMarker() {
        assertExactly(UserMessage.nextUpdateIn(seconds: 60).text(in: .ru), "Обновление через 60 с")
        assertExactly(UserMessage.nextUpdateIn(seconds: 7).text(in: .en), "Next update in 7 s")
        assertExactly(UserMessage.nextUpdateIn(seconds: 0).text(in: .en), "Next update in 0 s")
        assertExactly(UserMessage.nextUpdateIn(seconds: 1234567).text(in: .en), "Next update in 1234567 s", "no grouping separators")
    }

    func test_numbers_neverShowNegative() {
        assertExactly(UserMessage.nextUpdateIn(seconds: -3).text(in: .en), "Next update in 0 s")
        assertExactly(UserMessage.rateLimited(seconds: -1).text(in: .ru), "Слишком много запросов, повтор через 0 с")
    }

    func test_messagesWithANumber_keepTheirTemplateAndNumber() {
        XCTAssertEqual(UserMessage.rateLimited(seconds: 5).template(in: .en), "Too many requests, retrying in %d s")
        XCTAssertEqual(UserMessage.nextUpdateIn(seconds: 5).template(in: .ru), "Обновление через %d с")
        XCTAssertEqual(UserMessage.rateLimited(seconds: 5).number, 5)
        XCTAssertNil(UserMessage.offline.number)
    }

    func test_notice_givesMessageAndHintTexts() {
        let notice = FailureNotice(message: .offline, hint: .pullToRefresh)
        let texts = notice.texts(in: .ru)
        assertExactly(texts.message, "Нет соединения с Интернетом")
        XCTAssertEqual(texts.hint, "Потяните вниз, чтобы обновить")
        XCTAssertNil(FailureNotice(message: .serverError).texts(in: .en).hint)
    }

    /// Equal as Unicode scalars, not merely canonically equivalent (Swift's `==` would accept a
    /// decomposed "ё" for the precomposed one).
    private func assertExactly(
        _ actual: String, _ expected: String, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(Array(actual.unicodeScalars), Array(expected.unicodeScalars), message, file: file, line: line)
    }
}
