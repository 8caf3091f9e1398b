/// The zoo's HEIC variants, `/images/N.heic?variant=NAME`, made by libheif with x265
/// (``HEICEncoder``, through the server's `CServerHEIF` shim): `still`, `alpha`, and `bomb`
/// (100,000 × 100,000 in `ispe`, rewritten after encoding), as ``ISOBMFFStillVariants`` makes
/// them for both AVIF and HEIC.
///
/// Each entry is a ``ZooVariant`` of `.heic` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum HEICVariants {
    /// The HEIC variants, in the order the catalog lists them.
    static let all: [ZooVariant] = ISOBMFFStillVariants.variants(
        .heic, still: "8-bit 4:2:0 HEVC still (libheif, x265)", codec: "HEVC", encode: HEICEncoder.encode)
}
