/// The steps the AVIF and HEIC decoders take the same way around their C shims (`cavif_read`,
/// `cheif_read`: a call that fills an info record and returns 1 on success): reading the header,
/// decoding into a new pixel array, and the record's NUL-terminated message.
enum ShimCalls {
    /// The info record `call` fills from `bytes`, starting from `blank`: a failed call is
    /// `failure(info)`; a header declaring no width or no height (`size`) is corrupt.
    static func header<Info>(
        _ bytes: UnsafeRawBufferPointer, _ blank: Info, size: (Info) -> (width: Int32, height: Int32),
        failure: (Info) -> ImageCodecError, _ call: (UnsafePointer<UInt8>?, Int, inout Info) -> Int32
    ) throws(ImageCodecError) -> Info {
        var info = blank
        guard call(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &info) == 1 else { throw failure(info) }
        let (width, height) = size(info)
        guard width > 0, height > 0 else { throw .corrupt("The header declares a \(width)×\(height) image") }
        return info
    }

    /// `byteCount` pixel bytes that `call` decodes from `bytes` into the buffer it is given,
    /// starting from the info record `blank`: a failed call is `failure(info)`.
    static func pixels<Info>(
        _ bytes: UnsafeRawBufferPointer, byteCount: Int, _ blank: Info, failure: (Info) -> ImageCodecError,
        _ call: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, inout Info) -> Int32
    ) throws(ImageCodecError) -> [UInt8] {
        let base = bytes.bindMemory(to: UInt8.self).baseAddress
        var info = blank
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            status = call(base, bytes.count, buffer.baseAddress, &info)
            count = status == 1 ? byteCount : 0
        }
        guard status == 1 else { throw failure(info) }
        return pixels
    }

    /// A shim's `char message[N]` field (a C array, which Swift sees as a tuple) as text, up to
    /// its first NUL.
    static func message<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
