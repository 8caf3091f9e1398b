public import Networking

/// Why an image could not be shown, in terms the image pipeline reports: the network's errors
/// plus what can go wrong with the bytes once they arrived.
public enum ImageFailure: Error, Sendable, Hashable {
    /// The request failed.
    case network(NetworkError)
    /// The answer is not an image (its `Content-Type`, or bytes no decoder recognises).
    case wrongContentType
    /// The bytes looked like an image but did not decode.
    case decodingFailed
    /// The image is over the pixel limit (checked from the header, before decoding).
    case tooManyPixels
}
