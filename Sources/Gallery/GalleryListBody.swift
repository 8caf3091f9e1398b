import Foundation

/// `gallery.json` as ``GalleryList`` reads it: `images`, and for a list that pages, `pages` and
/// one caption per image.
struct GalleryListBody: Decodable {
    let images: [String]
    let pages: Int?
    let captions: [LenientCaption]?

    /// A caption entry that is `nil` unless it is an object with a string `title` (and
    /// optionally a string `advice`), so one odd entry does not make the list unreadable.
    struct LenientCaption: Decodable {
        let value: GalleryCaption?

        init(from decoder: any Decoder) throws {
            struct Fields: Decodable {
                let title: String
                let advice: String?
            }
            let fields = try? decoder.singleValueContainer().decode(Fields.self)
            value = fields.map { GalleryCaption(title: $0.title, advice: $0.advice ?? "") }
        }
    }
}
