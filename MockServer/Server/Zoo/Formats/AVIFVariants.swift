/// The zoo's AVIF variants, `/images/N.avif?variant=NAME`, made by libavif with aom
/// (``AVIFEncoder``, through the server's `CServerAVIF` shim; not through libheif): `still`,
/// `alpha`, and `bomb` (100,000 × 100,000 in `ispe`, rewritten after encoding), as
/// ``ISOBMFFStillVariants`` makes them for both AVIF and HEIC.
///
/// Each entry is a ``ZooVariant`` of `.avif` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
enum AVIFVariants {
    /// The AVIF variants, in the order the catalog lists them.
    static let all: [ZooVariant] = ISOBMFFStillVariants.variants(
        .avif, still: "8-bit 4:4:4 AV1 still (libavif, aom)", codec: "AV1", encode: AVIFEncoder.encode)
}
