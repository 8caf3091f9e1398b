/// One thing to tell the user, in Russian or English: the app's whole vocabulary of user-facing
/// text.
///
/// Each case has one text per ``Language`` (``template(in:)``, where `%d` marks the place of a
/// number); ``text(in:)`` fills that place with the case's seconds. The texts are the
/// product's, character for character, and `MessageTextTests` checks each one.
public enum UserMessage: Sendable, Hashable {
    /// "The image at this URL is unavailable": a 4xx answer, or not an image.
    case imageUnavailable
    /// "Waited too long / the server is not responding": a deadline passed, or the server
    /// stopped answering.
    case timedOut
    /// "No Internet connection" (also the banner).
    case offline
    /// "Pull down to refresh": the hint under a failure the user can retry.
    case pullToRefresh
    /// "The image is damaged": the bytes arrived but did not decode.
    case brokenImage
    /// "The image format is not supported": the bytes are an image in a format nothing here
    /// decodes (JPEG XL, TIFF, BMP, SVG…).
    case unsupportedFormat
    /// "The image is too large": over the byte or the pixel limit.
    case imageTooLarge
    /// "The server returned an error": a 5xx answer.
    case serverError
    /// "Could not update the feed": a feed refresh failed for any other reason.
    case feedUpdateFailed
    /// "The access token was rejected": the feed answered 401.
    case unauthorized
    /// "Too many requests, retrying in `seconds` s": the feed answered 429.
    case rateLimited(seconds: Int)
    /// "Next update in `seconds` s": the feed's countdown.
    case nextUpdateIn(seconds: Int)
    /// "Tweets cannot be saved on this device": the feed's cache cannot be opened at all, so
    /// tweets come from the network only.
    case feedCacheUnavailable
    /// "Saved tweets cannot be updated on this device": the feed's cache can only be read.
    case feedCacheReadOnly
    /// "A secure connection could not be established": the server's certificate was rejected
    /// or the TLS handshake failed.
    case secureConnectionFailed

    /// The number that replaces `%d`, if the text takes one. Never negative: a countdown that
    /// has run out shows 0.
    public var number: Int? {
        switch self {
        case .rateLimited(let seconds), .nextUpdateIn(let seconds): return max(0, seconds)
        default: return nil
        }
    }

    /// The text to show in `language`, with `%d` replaced by ``number``.
    public func text(in language: Language) -> String {
        let template = template(in: language)
        guard let number else { return template }
        return template.replacing("%d", with: String(number))
    }

    /// The text in `language` as written, with `%d` where a number goes.
    public func template(in language: Language) -> String {
        switch language {
        case .ru: return russian
        case .en: return english
        }
    }

    private var russian: String {
        switch self {
        case .imageUnavailable: return "Изображение по заданному URL недоступно"
        case .timedOut: return "Слишком долгое ожидание / сервер не отвечает"
        case .offline: return "Нет соединения с Интернетом"
        case .pullToRefresh: return "Потяните вниз, чтобы обновить"
        case .brokenImage: return "Изображение повреждено"
        case .unsupportedFormat: return "Формат изображения не поддерживается"
        case .imageTooLarge: return "Изображение слишком большое"
        case .serverError: return "Сервер вернул ошибку"
        case .feedUpdateFailed: return "Не удалось обновить ленту"
        case .unauthorized: return "Токен доступа отклонён"
        case .rateLimited: return "Слишком много запросов, повтор через %d с"
        case .nextUpdateIn: return "Обновление через %d с"
        case .feedCacheUnavailable: return "Твиты нельзя сохранить на этом устройстве"
        case .feedCacheReadOnly: return "Сохранённые твиты нельзя обновить на этом устройстве"
        case .secureConnectionFailed: return "Не удалось установить защищённое соединение"
        }
    }

    private var english: String {
        switch self {
        case .imageUnavailable: return "The image at this URL is unavailable"
        case .timedOut: return "Waited too long / the server is not responding"
        case .offline: return "No Internet connection"
        case .pullToRefresh: return "Pull down to refresh"
        case .brokenImage: return "The image is damaged"
        case .unsupportedFormat: return "The image format is not supported"
        case .imageTooLarge: return "The image is too large"
        case .serverError: return "The server returned an error"
        case .feedUpdateFailed: return "Could not update the feed"
        case .unauthorized: return "The access token was rejected"
        case .rateLimited: return "Too many requests, retrying in %d s"
        case .nextUpdateIn: return "Next update in %d s"
        case .feedCacheUnavailable: return "Tweets cannot be saved on this device"
        case .feedCacheReadOnly: return "Saved tweets cannot be updated on this device"
        case .secureConnectionFailed: return "A secure connection could not be established"
        }
    }
}
