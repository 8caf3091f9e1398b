/// The user-facing texts, one per key, in Russian and English (DESIGN.md, "Messages").
///
/// Texts are copied character for character from the design; `%d` marks where a number goes
/// (see ``UserMessage`` for the filled-in text).
public enum MessageKey: String, Sendable, Hashable, CaseIterable {
    /// The image cannot be had: a 4xx answer, or not an image.
    case imageUnavailable
    /// Waited too long, or the server stopped answering.
    case timedOut
    /// No network (the banner).
    case offline
    /// The hint under a failure the user can retry.
    case pullToRefresh
    /// The image arrived but could not be decoded.
    case brokenImage
    /// The image is over the byte or pixel limit.
    case imageTooLarge
    /// The server answered 5xx.
    case serverError
    /// A feed refresh failed for any other reason.
    case feedUpdateFailed
    /// The feed rejected the bearer token (401).
    case unauthorized
    /// The feed answered 429; `%d` is the seconds until the retry.
    case rateLimited
    /// The feed countdown; `%d` is the seconds until the next refresh.
    case nextUpdateIn
    /// The feed's cache cannot be opened at all: tweets are shown from the network only.
    case feedCacheUnavailable
    /// The feed's cache can only be read: the saved tweets are shown, new ones are not kept.
    case feedCacheReadOnly

    /// The text for this key in `language`, with `%d` where a number goes.
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
        case .imageTooLarge: return "Изображение слишком большое"
        case .serverError: return "Сервер вернул ошибку"
        case .feedUpdateFailed: return "Не удалось обновить ленту"
        case .unauthorized: return "Токен доступа отклонён"
        case .rateLimited: return "Слишком много запросов, повтор через %d с"
        case .nextUpdateIn: return "Обновление через %d с"
        case .feedCacheUnavailable: return "Твиты нельзя сохранить на этом устройстве"
        case .feedCacheReadOnly: return "Сохранённые твиты нельзя обновить на этом устройстве"
        }
    }

    private var english: String {
        switch self {
        case .imageUnavailable: return "The image at this URL is unavailable"
        case .timedOut: return "Waited too long / the server is not responding"
        case .offline: return "No Internet connection"
        case .pullToRefresh: return "Pull down to refresh"
        case .brokenImage: return "The image is damaged"
        case .imageTooLarge: return "The image is too large"
        case .serverError: return "The server returned an error"
        case .feedUpdateFailed: return "Could not update the feed"
        case .unauthorized: return "The access token was rejected"
        case .rateLimited: return "Too many requests, retrying in %d s"
        case .nextUpdateIn: return "Next update in %d s"
        case .feedCacheUnavailable: return "Tweets cannot be saved on this device"
        case .feedCacheReadOnly: return "Saved tweets cannot be updated on this device"
        }
    }
}
