public import Messages
public import Networking

/// Why an image could not be loaded.
public enum ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request failed (offline, timedOut, connectionLost, an HTTP status…).
    case network(NetworkError)
    /// The answer is not an image: its `Content-Type` is not `image/*`.
    case unavailable
    /// The bytes did not decode.
    case broken
    /// The body is over the byte limit, or the header declares more pixels than the pixel limit.
    case tooLarge
    /// The load was cancelled (the cell left the screen).
    case cancelled

    /// The same failure in the terms `Messages` maps to what an image cell shows:
    /// `FailureMessages.imageCell(for: error.failure)`.
    public var failure: ImageFailure {
        switch self {
        case .network(let error): .network(error)
        case .unavailable: .wrongContentType
        case .broken: .decodingFailed
        case .tooLarge: .tooManyPixels
        case .cancelled: .network(.cancelled)
        }
    }

    /// The error for a failed request: the byte limit is ``tooLarge``, a cancelled request
    /// ``cancelled``, anything else ``network(_:)``.
    public init(_ error: NetworkError) {
        switch error {
        case .tooLarge: self = .tooLarge
        case .cancelled: self = .cancelled
        default: self = .network(error)
        }
    }

    /// One English sentence for logs (user-facing text comes from `Messages`).
    public var description: String {
        switch self {
        case .network(let error): "image request failed: \(error.description)"
        case .unavailable: "the answer is not an image (its content type is not image/*)"
        case .broken: "the image data did not decode"
        case .tooLarge: "the image is over the byte or pixel limit"
        case .cancelled: "the image load was cancelled"
        }
    }
}
