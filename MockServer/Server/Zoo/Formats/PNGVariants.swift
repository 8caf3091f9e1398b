/// The zoo's PNG variants, `/images/N.png?variant=NAME`, made through libpng (the server's
/// `CServerPNG` shim), with the APNG chunks and the hostile files assembled around its output.
enum PNGVariants {
    /// The PNG variants, in the order the catalog lists them.
    static let all: [ZooVariant] = []
}
