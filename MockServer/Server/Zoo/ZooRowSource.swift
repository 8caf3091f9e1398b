/// What the zoo's C encoders (the `CServerJPEG` and `CServerPNG` shims) call back into: the
/// caller's row closure behind a context pointer, and their error message buffer read back.
struct ZooRowSource {
    /// The C type of both shims' row callbacks (`csj_row_fn`, `csp_row_fn`).
    typealias Callback = @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutablePointer<UInt8>?) -> Void

    let rows: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void
    let rowByteCount: Int

    /// Hands the encoder's row buffer to the Swift closure (the context points to a source).
    static let fill: Callback = { context, y, row in
        guard let source = context?.assumingMemoryBound(to: ZooRowSource.self) else { return }
        source.pointee.rows(Int(y), UnsafeMutableBufferPointer(start: row, count: source.pointee.rowByteCount))
    }

    /// Room for a C library's error message; theirs are much shorter.
    static let messageCapacity = 256

    /// The NUL-terminated message a shim wrote into `buffer`, or `fallback` when it is empty.
    static func message(_ buffer: [CChar], or fallback: String) -> String {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? fallback : text
    }
}
