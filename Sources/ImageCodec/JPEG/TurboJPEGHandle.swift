internal import CTurboJPEG

/// An owned TurboJPEG instance, destroyed when the value's lifetime ends.
///
/// TurboJPEG instances hold per-operation state and are not thread-safe, so every call makes
/// its own; being `~Copyable` rules out a second owner destroying it twice.
struct TurboJPEGHandle: ~Copyable {
    /// What the instance does; TurboJPEG creates compressors and decompressors separately.
    enum Role {
        case compressor
        case decompressor
    }

    /// The C handle, never null.
    let raw: tjhandle

    /// Creates a TurboJPEG instance.
    ///
    /// - Parameter makeError: Turns TurboJPEG's message into the error to throw on failure.
    init(_ role: Role, orThrow makeError: (String) -> ImageCodecError) throws(ImageCodecError) {
        let handle: tjhandle? =
            switch role {
            case .compressor: tjInitCompress()
            case .decompressor: tjInitDecompress()
            }
        guard let handle else { throw makeError(Self.message(from: nil)) }
        raw = handle
    }

    deinit { tjDestroy(raw) }

    /// The message of the instance's last error or warning.
    var errorMessage: String { Self.message(from: raw) }

    /// Whether the last call that returned -1 only warned (`TJERR_WARNING`): libjpeg finished
    /// the step, and the message says what it worked around.
    var lastErrorIsWarning: Bool { tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue) }

    /// TurboJPEG's error message for `handle`, or its thread-local message for a null handle.
    private static func message(from handle: tjhandle?) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG failed without a message" }
        return String(cString: text)
    }
}

@available(*, unavailable, message: "TurboJPEG instances are not thread-safe")
extension TurboJPEGHandle: Sendable {}
