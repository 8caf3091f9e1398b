import Foundation

/// An encoder could not make a variant: the request is answered 501 with
/// "the encoder failed or is not available: MESSAGE". Never replaced by invented bytes.
struct ZooEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, in one sentence naming the library (e.g. "libavif was built without an AV1 encoder").
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

/// One awkward image of the zoo: `GET /images/N.<ext>?variant=NAME`.
///
/// A variant is made by the real encoder library of its format from a ``ZooPicture`` (the same
/// deterministic pixels as the plain image at that `N`, `w`, `h`, with the "up" marker drawn in),
/// and listed, with its ``advice``, by the catalog, `mockserver --help`, the dashboard and the
/// `zoo` gallery scenario.
struct ZooVariant: Sendable {
    /// The file type, which is also the URL's extension.
    let format: ImageFileFormat
    /// The `variant=` value, e.g. `progressive`, `exif-6`, `bomb`: lowercase letters, digits, `-`.
    let name: String
    /// What the file is, in a few words (e.g. "EXIF orientation 6, pixels stored turned").
    let summary: String
    /// What a good loader does with it, as a checklist line (e.g. "shows it upright").
    let advice: String
    /// Encodes the picture. Runs on a render thread; the bytes must be the same on every run.
    let make: @Sendable (ZooPicture) throws(ZooEncodingError) -> Data

    /// A variant of `format` named `name`.
    init(
        _ format: ImageFileFormat, _ name: String, summary: String, advice: String,
        make: @escaping @Sendable (ZooPicture) throws(ZooEncodingError) -> Data
    ) {
        self.format = format
        self.name = name
        self.summary = summary
        self.advice = advice
        self.make = make
    }

    /// `/images/N.<ext>?variant=NAME`.
    func path(number: Int) -> String { "/images/\(number).\(format.fileExtension)?variant=\(name)" }
}

/// Advice lines several variants share, so the checklist reads the same everywhere.
enum ZooAdvice {
    static let shows = "shows it"
    static let upright = "shows it upright"
    static let firstFrameOrAnimates = "shows the first frame, or animates"
    static let tooLarge = "refuses it as too large before decoding"
    static let warnsOnly = "shows it; libjpeg only warns"
    static let preview = "shows a preview, then fails or completes"
    static let boundedMemory = "keeps memory bounded"
    static let refusesCorrupt = "refuses it as corrupt (or shows what it could read), without crashing"
}
