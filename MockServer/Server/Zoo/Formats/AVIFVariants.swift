/// The zoo's AVIF variants, `/images/N.avif?variant=NAME`, made by libavif with aom
/// (``AVIFEncoder``, through the server's `CServerAVIF` shim; not through libheif): `still`,
/// `alpha`, and `bomb` (100,000 × 100,000 in `ispe`, rewritten after encoding).
///
/// Each entry is a ``ZooVariant`` of `.avif` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum AVIFVariants {
    /// The AVIF variants, in the order the catalog lists them.
    static let all: [ZooVariant] = [
        ZooVariant(.avif, "still", summary: "8-bit 4:4:4 AV1 still (libavif, aom)", advice: ZooAdvice.shows) {
            picture throws(ZooEncodingError) in
            try AVIFEncoder.encode(picture.pixels())
        },
        ZooVariant(
            .avif, "alpha", summary: "AV1 still with an auxiliary alpha image",
            advice: "shows it, the background through the clear part"
        ) { picture throws(ZooEncodingError) in
            try AVIFEncoder.encode(picture.pixels(alpha: true))
        },
        ZooVariant(
            .avif, "bomb", summary: "a small AV1 still whose ispe declares 100,000 × 100,000", advice: ZooAdvice.tooLarge
        ) { picture throws(ZooEncodingError) in
            try DeclaredSize.isobmff(AVIFEncoder.encode(picture.bombPayload.pixels()), width: 100_000, height: 100_000)
        },
    ]
}
