/// The zoo's AVIF variants, `/images/N.avif?variant=NAME`, made by libavif with aom (not through libheif):
/// `still`, `alpha`, and `bomb` (100,000 × 100,000 in
/// `ispe`, rewritten after encoding).
///
/// Each entry is a ``ZooVariant`` of `.avif` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
/// While the list is empty, `/images/N.avif` answers 400 saying no avif variants are served yet.
enum AVIFVariants {
    /// The AVIF variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
