/// A palette for a ``ZooPicture`` by median cut over a sample of its pixels (at most 65,536; the
/// box with the largest squared error is split next, at the median of its widest channel), and
/// the nearest entry of any colour (looked up once per 6-bit cell, at the cell's centre, so the
/// answer does not depend on the order of the questions). The picture's tiles are flat, so 255
/// entries keep it within a few levels of the original.
final class ZooPalette {
    /// The entries as RGB triples.
    let colors: [UInt8]
    /// Nearest entry per 6-bit cell, -1 until asked.
    private var nearestByCell = [Int16](repeating: -1, count: 64 * 64 * 64)

    /// At most `entries` (1...256) colours for `picture`.
    init(_ picture: ZooPicture, entries: Int) {
        var samples = Self.sample(picture)
        var boxes = [Box(0..<samples.count, samples)]
        while boxes.count < entries {
            // The box with the largest squared error (the first such, so the result is stable).
            guard let index = boxes.indices.max(by: { boxes[$0].spread < boxes[$1].spread }), boxes[index].spread > 0.5 else { break }
            let box = boxes[index].range
            let shift = UInt32(16 - 8 * boxes[index].channel)
            samples[box].sort { ($0 >> shift) & 0xFF < ($1 >> shift) & 0xFF }
            let middle = box.lowerBound + box.count / 2
            boxes[index] = Box(box.lowerBound..<middle, samples)
            boxes.append(Box(middle..<box.upperBound, samples))
        }
        colors = boxes.map(\.range).flatMap { box -> [UInt8] in
            var sums = [0, 0, 0]
            for pixel in samples[box] {
                for channel in 0..<3 { sums[channel] += Int((pixel >> UInt32(16 - 8 * channel)) & 0xFF) }
            }
            return sums.map { UInt8(($0 + box.count / 2) / max(box.count, 1)) }
        }
    }

    /// The index of the entry nearest to the colour.
    func index(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let cell = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
        if nearestByCell[cell] >= 0 { return UInt8(nearestByCell[cell]) }
        let (red, green, blue) = (Int(r >> 2) << 2 + 2, Int(g >> 2) << 2 + 2, Int(b >> 2) << 2 + 2)
        var best = 0
        var bestDistance = Int.max
        colors.withUnsafeBufferPointer { colors in
            for entry in 0..<colors.count / 3 {
                let dr = Int(colors[entry * 3]) - red
                let dg = Int(colors[entry * 3 + 1]) - green
                let db = Int(colors[entry * 3 + 2]) - blue
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                    best = entry
                    bestDistance = distance
                }
            }
        }
        nearestByCell[cell] = Int16(best)
        return UInt8(best)
    }

    /// Pixels (0xRRGGBB) on a grid whose step keeps the sample at 65,536 or fewer.
    private static func sample(_ picture: ZooPicture) -> [UInt32] {
        var step = 1
        while (picture.width / step) * (picture.height / step) > 65_536 { step += 1 }
        let drawer = picture.rows()
        var row = [UInt8](repeating: 0, count: picture.width * 3)
        var samples: [UInt32] = []
        for y in stride(from: 0, to: picture.height, by: step) {
            row.withUnsafeMutableBufferPointer { drawer.fill(row: y, into: $0) }
            for x in stride(from: 0, to: picture.width, by: step) {
                samples.append(UInt32(row[x * 3]) << 16 | UInt32(row[x * 3 + 1]) << 8 | UInt32(row[x * 3 + 2]))
            }
        }
        return samples
    }

    /// A range of the sorted samples, with the channel along which its colours spread most and
    /// its squared error (what splitting it saves, roughly): the box with the largest is split.
    private struct Box {
        let range: Range<Int>
        let channel: Int
        let spread: Double

        init(_ range: Range<Int>, _ samples: [UInt32]) {
            var sums = [Double](repeating: 0, count: 3)
            var squares = [Double](repeating: 0, count: 3)
            for pixel in samples[range] {
                for channel in 0..<3 {
                    let value = Double((pixel >> UInt32(16 - 8 * channel)) & 0xFF)
                    sums[channel] += value
                    squares[channel] += value * value
                }
            }
            let count = Double(max(range.count, 1))
            let errors = (0..<3).map { squares[$0] - sums[$0] * sums[$0] / count }
            let widest = errors.indices.max { errors[$0] < errors[$1] } ?? 0
            self.range = range
            channel = widest
            spread = range.count > 1 ? errors.reduce(0, +) : 0
        }
    }
}
