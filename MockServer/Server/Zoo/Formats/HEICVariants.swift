/// The zoo's HEIC variants, `/images/N.heic?variant=NAME`, made by libheif with x265:
/// `still`, `alpha`, and `bomb` (100,000 × 100,000 in `ispe`,
/// rewritten after encoding).
///
/// Each entry is a ``ZooVariant`` of `.heic` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
/// While the list is empty, `/images/N.heic` answers 400 saying no heic variants are served yet.
enum HEICVariants {
    /// The HEIC variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
