/// The zoo's GIF variants, `/images/N.gif?variant=NAME`, made by giflib (through a server shim of its own):
/// `static`, `animated` (frames, delays, loop count), `interlaced`,
/// `transparent`, and `bomb` (65,500 × 65,500 in its 16-bit size fields).
///
/// Each entry is a ``ZooVariant`` of `.gif` whose `make` encodes the ``ZooPicture`` with the
/// real library, or throws ``ZooEncodingError`` (answered 501 naming why; never invented bytes).
/// While the list is empty, `/images/N.gif` answers 400 saying no gif variants are served yet.
enum GIFVariants {
    /// The GIF variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
