import Messages
import XCTest

/// Every text, in both languages, exactly as the design table has it.
final class MessageTextTests: XCTestCase {
    /// Copied from DESIGN.md, "Messages", by script (not retyped): key, ru, en.
    static let table: [(MessageKey, String, String)] = [
        (.imageUnavailable, "Изображение по заданному URL недоступно", "The image at this URL is unavailable"),
        (.timedOut, "Слишком долгое ожидание / сервер не отвечает", "Waited too long / the server is not responding"),
        (.offline, "Нет соединения с Интернетом", "No Internet connection"),
        (.pullToRefresh, "Потяните вниз, чтобы обновить", "Pull down to refresh"),
        (.brokenImage, "Изображение повреждено", "The image is damaged"),
        (.imageTooLarge, "Изображение слишком большое", "The image is too large"),
        (.serverError, "Сервер вернул ошибку", "The server returned an error"),
        (.feedUpdateFailed, "Не удалось обновить ленту", "Could not update the feed"),
        (.unauthorized, "Токен доступа отклонён", "The access token was rejected"),
        (.rateLimited, "Слишком много запросов, повтор через %d с", "Too many requests, retrying in %d s"),
        (.nextUpdateIn, "Обновление через %d с", "Next update in %d s"),
        // Not in the design's table: the feed whose cache cannot be opened, or only read.
        (.feedCacheUnavailable, "Твиты нельзя сохранить на этом устройстве", "Tweets cannot be saved on this device"),
        (.feedCacheReadOnly, "Сохранённые твиты нельзя обновить на этом устройстве", "Saved tweets cannot be updated on this device"),
    ]

    func test_everyKey_hasTheDesignTextInBothLanguages() {
        XCTAssertEqual(Self.table.map(\.0), MessageKey.allCases, "the table covers every key, in order")
        for (key, russian, english) in Self.table {
            assertExactly(key.template(in: .ru), russian, "\(key) ru")
            assertExactly(key.template(in: .en), english, "\(key) en")
        }
    }

    func test_messagesWithoutANumber_showTheTemplate() {
        let messages: [UserMessage] = [
            .imageUnavailable, .timedOut, .offline, .pullToRefresh, .brokenImage, .imageTooLarge,
            .serverError, .feedUpdateFailed, .unauthorized,
        ]
        for message in messages {
            XCTAssertNil(message.number)
            for language in Language.allCases {
                assertExactly(message.text(in: language), message.key.template(in: language), "\(message) \(language)")
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

    func test_messages_mapToTheirKeys() {
        XCTAssertEqual(UserMessage.rateLimited(seconds: 5).key, .rateLimited)
        XCTAssertEqual(UserMessage.nextUpdateIn(seconds: 5).key, .nextUpdateIn)
        XCTAssertEqual(UserMessage.offline.key, .offline)
        XCTAssertEqual(UserMessage.rateLimited(seconds: 5).number, 5)
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
