public import Networking

/// Why an image could not be loaded: the one name of each image failure.
///
/// What a screen shows for each is decided where the screen is built (`Gallery` maps these to
/// messages), never here.
public enum ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request failed (offline, timedOut, connectionLost, an HTTP status…).
    case network(NetworkError)
    /// The answer is not an image: its `Content-Type` is not `image/*`.
    case unavailable
    /// The bytes did not decode.
    case broken
    /// The bytes are an image in a format the decoder does not read (a TIFF, a BMP, an SVG…):
    /// ``ImageCodecError/undecodableFormat(_:)``.
    case unsupportedFormat
    /// The body is over the byte limit, or the header declares more pixels than the pixel limit.
    case tooLarge
    /// The load was cancelled (the cell left the screen).
    case cancelled

    /// The error for a failed request: the byte limit is ``tooLarge``, a cancelled request
    /// ``cancelled``, anything else ``network(_:)``.
    public init(_ error: NetworkError) {
        switch error {
        case .tooLarge: self = .tooLarge
        case .cancelled: self = .cancelled
        default: self = .network(error)
        }
    }

    /// One English sentence for logs (what the user sees is the screen's business).
    public var description: String {
        switch self {
        case .network(let error): "image request failed: \(error.description)"
        case .unavailable: "the answer is not an image (its content type is not image/*)"
        case .broken: "the image data did not decode"
        case .unsupportedFormat: "the image is in a format that is not decoded"
        case .tooLarge: "the image is over the byte or pixel limit"
        case .cancelled: "the image load was cancelled"
        }
    }
}
