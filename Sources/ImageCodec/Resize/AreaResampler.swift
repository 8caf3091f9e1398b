/// Shrinks an RGBA image by area averaging (a box filter with fractional coverage): each
/// output pixel is the mean of the source area it covers, colours weighted by alpha so that
/// transparent pixels lend no colour to their neighbours.
///
/// One pass over the source, row by row: each row is first reduced across into a row of the
/// output's width, then added into the (at most two) output rows it overlaps; an output row is
/// written once no later source row can reach it. Besides the result it holds three rows of
/// the output's width in `Double`, so even a 50 MP source needs no second full-size buffer.
enum AreaResampler {
    /// `image` shrunk to `size`; returned unchanged when `size` is its own, and never enlarged
    /// (a side larger than the image's counts as the image's).
    static func downscale(_ image: DecodedImage, to size: PixelSize) -> DecodedImage {
        let width = min(size.width, image.width)
        let height = min(size.height, image.height)
        guard width != image.width || height != image.height else { return image }
        let across = Spans(source: image.width, target: width)
        let down = Spans(source: image.height, target: height)
        let byteCount = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { output, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                reduce(source, sourceWidth: image.width, across: across, down: down, into: output, width: width)
            }
            initialized = byteCount
        }
        return DecodedImage(validatedWidth: width, height: height, pixels: pixels)
    }

    /// How source pixels along one axis fall into output pixels: source pixel `i` gives
    /// `firstWeight[i]` of itself to output `first[i]` and the rest to `first[i] + 1`; `total[o]`
    /// is the summed weight output `o` received (its width in source pixels).
    private struct Spans {
        var first: [Int]
        var firstWeight: [Double]
        var total: [Double]

        init(source: Int, target: Int) {
            let scale = Double(source) / Double(target)
            first = []
            firstWeight = []
            first.reserveCapacity(source)
            firstWeight.reserveCapacity(source)
            total = Array(repeating: 0, count: target)
            for index in 0..<source {
                let start = Double(index)
                let output = min(Int(start / scale), target - 1)
                let boundary = Double(output + 1) * scale
                // The part of [index, index + 1) before the boundary goes to `output`; what
                // crosses it goes to the next output (none past the last one).
                let weight = output + 1 < target ? min(1, max(0, boundary - start)) : 1
                first.append(output)
                firstWeight.append(weight)
                total[output] += weight
                if weight < 1 { total[output + 1] += 1 - weight }
            }
        }
    }

    /// The whole reduction, from the source's pixels into the output's (see the type's comment).
    private static func reduce(
        _ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, across: Spans, down: Spans,
        into output: UnsafeMutableBufferPointer<UInt8>, width: Int
    ) {
        guard let source = source.baseAddress, let output = output.baseAddress else { return }
        let rowLength = width * 4
        // Alpha-weighted red, green, blue, and alpha, per output pixel of a row.
        let row = UnsafeMutablePointer<Double>.allocate(capacity: rowLength)
        var current = UnsafeMutablePointer<Double>.allocate(capacity: rowLength)
        var next = UnsafeMutablePointer<Double>.allocate(capacity: rowLength)
        defer {
            row.deallocate()
            current.deallocate()
            next.deallocate()
        }
        current.initialize(repeating: 0, count: rowLength)
        next.initialize(repeating: 0, count: rowLength)
        var currentRow = 0
        across.first.withUnsafeBufferPointer { first in
            across.firstWeight.withUnsafeBufferPointer { firstWeight in
                for sourceRow in 0..<down.first.count {
                    let target = down.first[sourceRow]
                    while currentRow < target {
                        write(current, row: currentRow, across: across, down: down, into: output + currentRow * rowLength)
                        swap(&current, &next)
                        next.update(repeating: 0, count: rowLength)
                        currentRow += 1
                    }
                    reduceRow(source + sourceRow * sourceWidth * 4, count: sourceWidth, first: first, firstWeight: firstWeight, into: row, length: rowLength)
                    let weight = down.firstWeight[sourceRow]
                    add(row, times: weight, to: current, count: rowLength)
                    if weight < 1 { add(row, times: 1 - weight, to: next, count: rowLength) }
                }
            }
        }
        // The last row (the loop above writes every earlier one).
        write(current, row: currentRow, across: across, down: down, into: output + currentRow * rowLength)
    }

    /// One source row reduced across: alpha-weighted colours and alpha, per output column.
    private static func reduceRow(
        _ pixels: UnsafePointer<UInt8>, count: Int, first: UnsafeBufferPointer<Int>, firstWeight: UnsafeBufferPointer<Double>,
        into row: UnsafeMutablePointer<Double>, length: Int
    ) {
        row.update(repeating: 0, count: length)
        for index in 0..<count {
            let pixel = pixels + index * 4
            let alpha = Double(pixel[3])
            let red = Double(pixel[0]) * alpha
            let green = Double(pixel[1]) * alpha
            let blue = Double(pixel[2]) * alpha
            let weight = firstWeight[index]
            let slot = row + first[index] * 4
            slot[0] += red * weight
            slot[1] += green * weight
            slot[2] += blue * weight
            slot[3] += alpha * weight
            if weight < 1 {
                let rest = 1 - weight
                slot[4] += red * rest
                slot[5] += green * rest
                slot[6] += blue * rest
                slot[7] += alpha * rest
            }
        }
    }

    private static func add(_ row: UnsafeMutablePointer<Double>, times weight: Double, to sums: UnsafeMutablePointer<Double>, count: Int) {
        for index in 0..<count { sums[index] += row[index] * weight }
    }

    /// Writes output row `row` from its sums: alpha is the mean over the covered area, each
    /// colour the alpha-weighted mean (0 where the area is wholly transparent).
    private static func write(
        _ sums: UnsafeMutablePointer<Double>, row: Int, across: Spans, down: Spans, into output: UnsafeMutablePointer<UInt8>
    ) {
        let rowWeight = down.total[row]
        for column in 0..<across.total.count {
            let sum = sums + column * 4
            let pixel = output + column * 4
            let alpha = sum[3]
            let area = across.total[column] * rowWeight
            if alpha > 0 {
                pixel[0] = channel(sum[0] / alpha)
                pixel[1] = channel(sum[1] / alpha)
                pixel[2] = channel(sum[2] / alpha)
            } else {
                pixel[0] = 0
                pixel[1] = 0
                pixel[2] = 0
            }
            pixel[3] = area > 0 ? channel(alpha / area) : 0
        }
    }

    /// A mean sample rounded to the nearest byte.
    private static func channel(_ value: Double) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}
