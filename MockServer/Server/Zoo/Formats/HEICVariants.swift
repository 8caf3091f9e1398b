/// The zoo's HEIC variants, `/images/N.heic?variant=NAME`, made by libheif with x265
/// (``HEICEncoder``, through the server's `CServerHEIF` shim): `still`, `alpha`, and `bomb`
/// (100,000 × 100,000 in `ispe`, rewritten after encoding).
///
/// Each entry is a ``ZooVariant`` of `.heic` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum HEICVariants {
    /// The HEIC variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        ZooVariant(.heic, "still", summary: "8-bit 4:2:0 HEVC still (libheif, x265)", advice: ZooAdvice.shows) {
            picture throws(ZooEncodingError) in
            try HEICEncoder.encode(picture.pixels())
        },
        ZooVariant(
            .heic, "alpha", summary: "HEVC still with an auxiliary alpha image",
            advice: "shows it, the background through the clear part"
        ) { picture throws(ZooEncodingError) in
            try HEICEncoder.encode(picture.pixels(alpha: true))
        },
        ZooVariant(
            .heic, "bomb", summary: "a small HEVC still whose ispe declares 100,000 × 100,000", advice: ZooAdvice.tooLarge
        ) { picture throws(ZooEncodingError) in
            try DeclaredSize.isobmff(HEICEncoder.encode(picture.bombPayload.pixels()), width: 100_000, height: 100_000)
        },
    ]
}
