import CServerGIF
import Foundation

/// Writes GIF files with giflib's encoder API (`EGifOpen` … `EGifCloseFile`): one global palette
/// (``GIFPalette``), optional NETSCAPE2.0 looping, per-frame delays, interlacing and a transparent
/// index. The same input gives the same bytes on every run.
enum GIFEncoder {
    /// One image of the file, shown for `delay` hundredths of a second when animated.
    struct Frame {
        /// The frame's pixels; every frame of a file has the first frame's size.
        let pixels: RGBAPixels
        /// Hundredths of a second (GIF's unit), 0...65535.
        let delay: Int
    }

    /// How the file is written.
    struct Options {
        /// Rows stored in GIF's four interlace passes.
        var interlaced = false
        /// Pixels with alpha below 128 become the palette's transparent index.
        var transparent = false
        /// NETSCAPE2.0's loop count (0: forever); `nil` writes no loop extension.
        var loopCount: Int?
        /// The logical screen declared in the header, when larger than the frames (the bomb);
        /// `nil` uses the frames' size.
        var screen: (width: Int, height: Int)?
    }

    /// The GIF of `frames` (at least one, all the same size).
    static func encode(_ frames: [Frame], options: Options = Options()) throws(ZooEncodingError) -> Data {
        guard let first = frames.first else { throw ZooEncodingError("giflib: a GIF needs at least one frame") }
        guard frames.allSatisfy({ $0.pixels.width == first.pixels.width && $0.pixels.height == first.pixels.height }) else {
            throw ZooEncodingError("giflib: every frame must have the first frame's size")
        }
        let screen = options.screen ?? (first.pixels.width, first.pixels.height)
        guard screen.width <= 65535, screen.height <= 65535, first.pixels.width <= screen.width,
            first.pixels.height <= screen.height
        else {
            throw ZooEncodingError("giflib: GIF sizes are 16-bit; \(screen.width)×\(screen.height) does not fit")
        }
        guard frames.allSatisfy({ (0...65535).contains($0.delay) }), (0...65535).contains(options.loopCount ?? 0) else {
            throw ZooEncodingError("giflib: delays and the loop count are 16-bit")
        }
        let palette = GIFPalette(fitting: frames.map(\.pixels))
        let sink = GIFSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), GIFSink.write, &error) else {
            throw ZooEncodingError("giflib: EGifOpen failed: \(reason(error))")
        }
        do {
            try write(frames, palette: palette, screen: screen, options: options, to: gif)
        } catch {
            var ignored: Int32 = 0
            _ = EGifCloseFile(gif, &ignored)
            throw error
        }
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw ZooEncodingError("giflib: EGifCloseFile failed: \(reason(error))")
        }
        return withExtendedLifetime(sink) { sink.data }
    }

    /// Everything between opening and closing the file.
    private static func write(
        _ frames: [Frame], palette: GIFPalette, screen: (width: Int, height: Int), options: Options,
        to gif: UnsafeMutablePointer<GifFileType>
    ) throws(ZooEncodingError) {
        EGifSetGifVersion(gif, true)
        guard let colorMap = GifMakeMapObject(256, nil) else { throw ZooEncodingError("giflib: no memory for a palette") }
        defer { GifFreeMapObject(colorMap) }
        for index in 0..<256 {
            colorMap.pointee.Colors[index] = GifColorType(
                Red: palette.colors[index * 3], Green: palette.colors[index * 3 + 1], Blue: palette.colors[index * 3 + 2])
        }
        // The background index is transparent when there is one, so a bomb's empty screen is clear.
        let background = Int32(options.transparent ? GIFPalette.transparentIndex : 0)
        try check(EGifPutScreenDesc(gif, Int32(screen.width), Int32(screen.height), 8, background, colorMap), gif, "EGifPutScreenDesc")
        if let loops = options.loopCount {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "EGifPutExtensionLeader")
            try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), gif, "EGifPutExtensionBlock")
            try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(loops & 0xFF), UInt8(loops >> 8)]), gif, "EGifPutExtensionBlock")
            try check(EGifPutExtensionTrailer(gif), gif, "EGifPutExtensionTrailer")
        }
        for frame in frames {
            var control = GraphicsControlBlock(
                DisposalMode: frames.count > 1 ? DISPOSE_BACKGROUND : DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                DelayTime: Int32(frame.delay),
                TransparentColor: options.transparent ? Int32(GIFPalette.transparentIndex) : NO_TRANSPARENT_COLOR)
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), gif, "EGifPutExtension")
            let (width, height) = (frame.pixels.width, frame.pixels.height)
            try check(
                EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), options.interlaced, nil), gif, "EGifPutImageDesc")
            var indices = palette.indices(of: frame.pixels, transparency: options.transparent)
            for row in rowOrder(height: height, interlaced: options.interlaced) {
                try indices.withUnsafeMutableBufferPointer { buffer throws(ZooEncodingError) in
                    try check(EGifPutLine(gif, buffer.baseAddress! + row * width, Int32(width)), gif, "EGifPutLine")
                }
            }
        }
    }

    /// The order rows are written in: top to bottom, or GIF's four interlace passes (every 8th
    /// row from 0, every 8th from 4, every 4th from 2, every 2nd from 1). giflib's `EGifPutLine`
    /// writes rows as given, so the caller orders them.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// Throws giflib's reason unless `result` is `GIF_OK`.
    private static func check(_ result: Int32, _ gif: UnsafeMutablePointer<GifFileType>, _ call: String) throws(ZooEncodingError) {
        guard result == GIF_OK else { throw ZooEncodingError("giflib: \(call) failed: \(reason(gif.pointee.Error))") }
    }

    /// giflib's text for an error code.
    private static func reason(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Collects giflib's output. Used on one thread only, within one `encode` call.
private final class GIFSink {
    var data = Data()

    /// giflib's `OutputFunc`: appends the bytes to the sink in the file's `UserData`.
    static let write: OutputFunc = { gif, bytes, count in
        guard let gif, let user = gif.pointee.UserData, let bytes, count > 0 else { return 0 }
        Unmanaged<GIFSink>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
        return count
    }
}
