/// The zoo's JPEG variants, `/images/N.jpg?variant=NAME`, made through libjpeg's own API (the
/// server's `CServerJPEG` shim).
enum JPEGVariants {
    /// The JPEG variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
