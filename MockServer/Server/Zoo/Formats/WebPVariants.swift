/// The zoo's WebP variants, `/images/N.webp?variant=NAME`, made by libwebp with its mux/anim encoder:
/// `lossy`, `lossless`, `alpha`, `animated`, and `bomb`
/// (100,000 × 100,000 in the VP8X canvas).
///
/// Each entry is a ``ZooVariant`` of `.webp` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
/// While the list is empty, `/images/N.webp` answers 400 saying no webp variants are served yet.
enum WebPVariants {
    /// The WebP variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
