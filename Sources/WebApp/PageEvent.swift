public import Foundation

/// One thing the user did on the page, as the page posts it to `POST /session/{id}/events`:
/// a JSON object whose `type` names the event, with the event's fields beside it.
///
/// The page only reports; what happens is decided by the presenters the events are forwarded to.
public enum PageEvent: Sendable, Hashable {
    /// `{"type":"open","screen":"gallery"|"feed"}`: a screen was chosen on the first screen.
    case open(WebScreen)
    /// `{"type":"back"}`: the Back control (Settings → Feed, Gallery or Feed → the first screen).
    case back
    /// `{"type":"gallery.load"}`: the gallery screen is on the page.
    case galleryLoad
    /// `{"type":"gallery.resize","width":w,"height":h}`: the gallery's container size in CSS px.
    case galleryResize(width: Double, height: Double)
    /// `{"type":"gallery.visible","offset":y,"height":h}`: the part of the list on screen.
    case galleryVisible(offset: Double, height: Double)
    /// `{"type":"gallery.tap","index":n}`: a cell was tapped (or activated with the keyboard).
    case galleryTap(index: Int)
    /// `{"type":"gallery.refresh"}`: pull to refresh, or the Refresh button.
    case galleryRefresh
    /// `{"type":"gallery.nextPage"}`: the "Next page" button of a list that pages.
    case galleryNextPage
    /// `{"type":"gallery.previousPage"}`: the "Previous page" button of a list that pages.
    case galleryPreviousPage
    /// `{"type":"feed.load"}`: the feed screen is on the page.
    case feedLoad
    /// `{"type":"feed.settings"}`: the Settings button of the feed.
    case feedSettings
    /// `{"type":"settings.toggle","on":true|false}`: the "Show avatars" switch.
    case settingsToggle(on: Bool)
    /// `{"type":"done","completion":c}`: an animation the server asked for has ended.
    case done(completion: Int)

    /// The largest body accepted for one event, in bytes.
    public static let maxBodyBytes = 16 * 1024
    /// The largest size or offset accepted, in CSS px (a page is never taller than this).
    public static let maxLength = 10_000_000.0

    /// Parses one posted body.
    /// - Throws: ``PageEventError`` naming what is wrong: not a JSON object, no `type`, an unknown
    ///   type, a missing field, or a field of the wrong kind or out of range.
    public static func parse(_ body: Data) throws(PageEventError) -> PageEvent {
        guard body.count <= maxBodyBytes else { throw .tooLarge(bytes: body.count) }
        let name = try decode(Kind.self, from: body).type
        switch name {
        case "open":
            let screen = try decode(Open.self, from: body).screen
            guard let target = WebScreen(rawValue: screen), target == .gallery || target == .feed else {
                throw .outOfRange(field: "screen", expected: "\"gallery\" or \"feed\"")
            }
            return .open(target)
        case "back": return .back
        case "gallery.load": return .galleryLoad
        case "gallery.resize":
            let size = try decode(Size.self, from: body)
            return .galleryResize(width: try length(size.width, "width"), height: try length(size.height, "height"))
        case "gallery.visible":
            let area = try decode(Area.self, from: body)
            return .galleryVisible(offset: try length(area.offset, "offset"), height: try length(area.height, "height"))
        case "gallery.tap": return .galleryTap(index: try count(try decode(Tap.self, from: body).index, "index"))
        case "gallery.refresh": return .galleryRefresh
        case "gallery.nextPage": return .galleryNextPage
        case "gallery.previousPage": return .galleryPreviousPage
        case "feed.load": return .feedLoad
        case "feed.settings": return .feedSettings
        case "settings.toggle": return .settingsToggle(on: try decode(Toggle.self, from: body).on)
        case "done": return .done(completion: try count(try decode(Done.self, from: body).completion, "completion"))
        default: throw .unknownType(String(name.prefix(64)))
        }
    }

    private struct Kind: Decodable { let type: String }
    private struct Open: Decodable { let screen: String }
    private struct Size: Decodable { let width: Double, height: Double }
    private struct Area: Decodable { let offset: Double, height: Double }
    private struct Tap: Decodable { let index: Int }
    private struct Toggle: Decodable { let on: Bool }
    private struct Done: Decodable { let completion: Int }

    /// `body` as `T`, with JSONDecoder's errors turned into ``PageEventError``s.
    private static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(PageEventError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            throw PageEventError(error)
        } catch {
            throw .notJSON
        }
    }

    /// `value` when it is a finite length from 0 to ``maxLength``.
    private static func length(_ value: Double, _ field: String) throws(PageEventError) -> Double {
        guard value.isFinite, value >= 0, value <= maxLength else {
            throw .outOfRange(field: field, expected: "a number from 0 to \(Int(maxLength))")
        }
        return value
    }

    /// `value` when it is from 0 to 1,000,000.
    private static func count(_ value: Int, _ field: String) throws(PageEventError) -> Int {
        guard value >= 0, value <= 1_000_000 else { throw .outOfRange(field: field, expected: "a whole number from 0 to 1000000") }
        return value
    }
}
