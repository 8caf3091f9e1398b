import Foundation

/// The picture every zoo variant encodes: the plain image's deterministic pixels for `N`, `w`
/// and `h` (``ImageGenerator``), with the visible "up" marker drawn in, so a wrong rotation or
/// flip shows.
///
/// The marker is a solid white block in the top-left corner, a quarter of the width wide and an
/// eighth of the height tall: a rotation moves it to another corner, and a transpose (which keeps
/// the corner) makes it taller than wide. Animated variants draw ``frame(_:)`` for frames after
/// the first; alpha variants take the opacity from ``alpha(x:y:)``.
struct ZooPicture: Sendable, Hashable {
    /// The image number `N`.
    let number: Int
    /// Upright width in pixels (`w`).
    let width: Int
    /// Upright height in pixels (`h`).
    let height: Int
    /// The animation frame: 0 is the picture itself; later frames rotate the colour channels.
    var frameIndex = 0

    /// The marker block's size.
    var marker: (width: Int, height: Int) { (max(1, width / 4), max(1, height / 8)) }

    /// The same picture at another size (e.g. a bomb's small payload).
    func resized(width: Int, height: Int) -> ZooPicture {
        ZooPicture(number: number, width: width, height: height, frameIndex: frameIndex)
    }

    /// Frame `index` of an animation: frame 0 is this picture; frame `k` shows the same tiles with
    /// the colour channels rotated `k` times (the marker stays white): three distinct frames, repeating.
    func frame(_ index: Int) -> ZooPicture {
        ZooPicture(number: number, width: width, height: height, frameIndex: index)
    }

    /// The opacity of alpha variants: opaque in the marker and at the left edge, fading to a
    /// quarter (64) at the right edge; a GIF's transparent index takes the pixels below 128.
    func alpha(x: Int, y: Int) -> UInt8 {
        if x < marker.width, y < marker.height { return 255 }
        return UInt8(255 - x * 191 / max(width - 1, 1))
    }

    /// A row drawer: `fill(row:into:)` writes one RGB row.
    func rows() -> ZooRows { ZooRows(self) }

    /// Calls `body` with each row's RGB bytes (`width * 3`), top to bottom, one row in memory.
    func forEachRow<E: Error>(_ body: (Int, UnsafeMutableBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        let drawer = rows()
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            try row.withUnsafeMutableBufferPointer { (buffer) throws(E) in
                drawer.fill(row: y, into: buffer)
                try body(y, buffer)
            }
        }
    }

    /// The whole picture as RGB bytes, row after row (`width * height * 3`).
    func rgb() -> [UInt8] {
        let drawer = rows()
        let stride = width * 3
        return [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            for y in 0..<height {
                drawer.fill(row: y, into: UnsafeMutableBufferPointer(rebasing: buffer[y * stride..<(y + 1) * stride]))
            }
            count = stride * height
        }
    }

    /// The whole picture as RGBA bytes with ``alpha(x:y:)`` (`width * height * 4`).
    func rgba() -> [UInt8] {
        let drawer = rows()
        var row = [UInt8](repeating: 0, count: width * 3)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0..<height {
                row.withUnsafeMutableBufferPointer { drawer.fill(row: y, into: $0) }
                for x in 0..<width {
                    let target = (y * width + x) * 4
                    buffer[target] = row[x * 3]
                    buffer[target + 1] = row[x * 3 + 1]
                    buffer[target + 2] = row[x * 3 + 2]
                    buffer[target + 3] = alpha(x: x, y: y)
                }
            }
            count = width * height * 4
        }
    }
}

/// Draws a ``ZooPicture`` row by row (not `Sendable`: it keeps the pattern's band cache).
final class ZooRows {
    private let picture: ZooPicture
    private let pattern: ImageGenerator.Pattern

    init(_ picture: ZooPicture) {
        self.picture = picture
        pattern = ImageGenerator.Pattern(
            ImageKey(subject: .numbered(picture.number), width: picture.width, height: picture.height, format: .png))
    }

    /// Writes row `y` (RGB, `width * 3` bytes) into `row`.
    func fill(row y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        pattern.fill(row: y, into: row)
        let turns = picture.frameIndex % 3
        if turns != 0 {
            for x in 0..<picture.width {
                let (r, g, b) = (row[x * 3], row[x * 3 + 1], row[x * 3 + 2])
                (row[x * 3], row[x * 3 + 1], row[x * 3 + 2]) = turns == 1 ? (g, b, r) : (b, r, g)
            }
        }
        if y < picture.marker.height {
            for index in 0..<(picture.marker.width * 3) { row[index] = 255 }
        }
    }
}
