public import ImageCache
public import Messages

extension FailureMessages {
    /// The notice an image cell shows when its load failed, or `nil` to show nothing (the load
    /// was cancelled: the cell left the screen).
    ///
    /// | error | message | hint |
    /// |---|---|---|
    /// | network | as ``FailureMessages/imageCell(for:)-(NetworkError)`` | |
    /// | unavailable (not an image) | imageUnavailable | – |
    /// | broken (did not decode) | brokenImage | – |
    /// | unsupportedFormat (an image format without a decoder) | unsupportedFormat | – |
    /// | tooLarge (bytes or pixels) | imageTooLarge | – |
    /// | cancelled | nothing | – |
    public static func imageCell(for error: ImageLoadError) -> FailureNotice? {
        switch error {
        case .network(let error): return imageCell(for: error)
        case .unavailable: return FailureNotice(message: .imageUnavailable)
        case .broken: return FailureNotice(message: .brokenImage)
        case .unsupportedFormat: return FailureNotice(message: .unsupportedFormat)
        case .tooLarge: return FailureNotice(message: .imageTooLarge)
        case .cancelled: return nil
        }
    }

    /// The banner's text when the gallery's list could not be had: a network failure as an image
    /// cell's message, an answer that is not a list of URLs imageUnavailable.
    public static func galleryList(for error: GalleryListError) -> UserMessage? {
        switch error {
        case .network(let error): return imageCell(for: error)?.message
        case .malformed: return .imageUnavailable
        }
    }
}
