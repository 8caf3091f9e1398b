import Foundation

/// The variants AVIF and HEIC share, both ISOBMFF still-image formats: `still`, `alpha` (an
/// auxiliary alpha image), and `bomb` (a small still whose every `ispe` declares
/// 100,000 × 100,000, rewritten by ``DeclaredSize`` after encoding).
enum ISOBMFFStillVariants {
    /// The three variants of `format`, each made by `encode` (the format's real library, or a
    /// ``ZooEncodingError``); `still` describes the plain still, `codec` names the image codec.
    static func variants(
        _ format: ImageFileFormat, still: String, codec: String,
        encode: @escaping @Sendable (RGBAPixels) throws(ZooEncodingError) -> Data
    ) -> [ZooVariant] {
        [
            ZooVariant(format, "still", summary: still, advice: ZooAdvice.shows) { picture throws(ZooEncodingError) in
                try encode(picture.pixels())
            },
            ZooVariant(
                format, "alpha", summary: "\(codec) still with an auxiliary alpha image",
                advice: "shows it, the background through the clear part"
            ) { picture throws(ZooEncodingError) in
                try encode(picture.pixels(alpha: true))
            },
            ZooVariant(
                format, "bomb", summary: "a small \(codec) still whose ispe declares 100,000 × 100,000", advice: ZooAdvice.tooLarge
            ) { picture throws(ZooEncodingError) in
                try DeclaredSize.isobmff(encode(picture.bombPayload.pixels()), width: 100_000, height: 100_000)
            },
        ]
    }
}
