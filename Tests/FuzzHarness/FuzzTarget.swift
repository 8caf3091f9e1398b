public import Foundation

/// The code one fuzz target feeds arbitrary bytes to, and the rules it checks on the result.
///
/// The libFuzzer executable (`Tests/FuzzTargets`) and the corpus replay tests
/// (`Tests/FuzzReplayTests`) call the same ``check(_:)``, so a crash found by fuzzing and saved in
/// `Fuzz/Corpus/<target>/` stays fixed in every `make test`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The three Twitter answer formats of `TwitterParser`.
    case twitter
    /// `ImageCodec.probe` and `ImageCodec.decode` (PNG and JPEG).
    case image
    /// ImageCodec's GIF decoder (giflib), on bytes that start with `GIF8`.
    case gif
    /// ImageCodec's WebP decoder (libwebp, libwebpdemux), on `RIFF….WEBP` bytes.
    case webp
    /// ImageCodec's AVIF decoder (libavif), on an ISOBMFF file with an AVIF brand.
    case avif
    /// ImageCodec's HEIC decoder (libheif), on an ISOBMFF file with a HEIF brand.
    case heic
    /// The zoo's bomb headers: the mock server's `DeclaredSize` rewriting a WebP's VP8X canvas
    /// and an AVIF's or HEIC's `ispe` boxes.
    case zooSize = "zoo-size"
    /// The mock server's query reading: `QueryParameters`, `RequestFaults` and `Route`.
    case query
    /// The mock server's admin JSON: the `POST /__admin/offline` body.
    case admin
    /// WireMock mapping documents: `StubParser`, the listing round trip, the matcher.
    case stubs
    /// A JSONPath query and a JSON document: `JSONReader`'s round trip, `JSONPath` in both dialects.
    case jsonpath
    /// A response template rendered against a sample request: `Template`'s parser, evaluator,
    /// helpers and bounds.
    case templates

    /// Runs `data` through the target's code.
    ///
    /// - Returns: `nil` when every rule held (a typed error is a good answer to bad bytes), else
    ///   one sentence naming the broken rule. A trap is a finding too; this function never traps
    ///   on its own.
    public func check(_ data: Data) -> String? {
        switch self {
        case .twitter: return TwitterFuzz.check(data)
        case .image: return ImageFuzz.check(data)
        case .gif: return FormatFuzz.check(data, format: .gif)
        case .webp: return FormatFuzz.check(data, format: .webp)
        case .avif: return FormatFuzz.check(data, format: .avif)
        case .heic: return FormatFuzz.check(data, format: .heic)
        case .zooSize: return DeclaredSizeFuzz.check(data)
        case .query: return QueryFuzz.check(data)
        case .admin: return AdminFuzz.check(data)
        case .stubs: return StubFuzz.check(data)
        case .jsonpath: return JSONPathFuzz.check(data)
        case .templates: return TemplateFuzz.check(data)
        }
    }
}
