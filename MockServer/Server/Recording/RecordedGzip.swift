import CServerZlib
import Foundation

/// Gunzips a recorded body from one file into another with zlib, a piece at a time: a recorded
/// answer can be large, and is never whole in memory. Several gzip members one after the other
/// are one body, as `gzip -d` and WireMock read them.
enum RecordedGzip {
    /// Why a body could not be gunzipped.
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// The most bytes a body is gunzipped to: past it the answer is recorded as it came,
    /// compressed, rather than filling the disk (a few megabytes of zeros gzip a thousandfold).
    static let largestDecodedBody = 1 << 30

    /// Bytes read from the source at a time.
    private static let inputPiece = 64 * 1024
    /// Bytes inflated at a time.
    private static let outputPiece = 256 * 1024

    /// Gunzips `source` into the new file `destination` (never over one already there); the
    /// decoded size. On any failure (not gzip, cut short, corrupt, bytes after the last member,
    /// over ``largestDecodedBody``) nothing is left at `destination`.
    static func gunzip(_ source: URL, to destination: URL, limit: Int = largestDecodedBody) throws(Failure) -> Int {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(description: "cannot open \(source.path): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw Failure(description: "cannot create \(destination.path): \(String(cString: strerror(errno)))") }
        var finished = false
        defer {
            close(output)
            if !finished { unlink(destination.path) }
        }
        let size = try inflate(from: input, to: output, limit: limit)
        finished = true
        return size
    }

    /// Inflates every gzip member read from `input`, writing to `output`; the decoded size.
    private static func inflate(from input: Int32, to output: Int32, limit: Int) throws(Failure) -> Int {
        // zlib keeps a pointer back to its stream: the stream lives at one address until the end.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard csz_inflate_init_gzip(stream) == Z_OK else { throw Failure(description: "zlib could not start inflating") }
        defer { inflateEnd(stream) }
        let inBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: inputPiece)
        defer { inBuffer.deallocate() }
        let outBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: outputPiece)
        defer { outBuffer.deallocate() }
        var decoded = 0
        // Whether the last member ended (true before any input: an empty body is not gzip).
        var memberEnded = false
        var sawInput = false
        while true {
            if stream.pointee.avail_in == 0 {
                let count = try readPiece(input, into: inBuffer)
                if count == 0 { break }
                sawInput = true
                stream.pointee.next_in = inBuffer
                stream.pointee.avail_in = UInt32(count)
            }
            if memberEnded {
                // Another member follows the one that ended.
                guard inflateReset(stream) == Z_OK else { throw Failure(description: "zlib could not start the next gzip member") }
                memberEnded = false
            }
            repeat {
                stream.pointee.next_out = outBuffer
                stream.pointee.avail_out = UInt32(outputPiece)
                let result = CServerZlib.inflate(stream, Z_NO_FLUSH)
                let produced = outputPiece - Int(stream.pointee.avail_out)
                guard result == Z_OK || result == Z_STREAM_END || (result == Z_BUF_ERROR && produced == 0) else {
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
                    throw Failure(description: "not a valid gzip body: \(message)")
                }
                decoded += produced
                guard decoded <= limit else { throw Failure(description: "the body gunzips to more than \(limit) bytes") }
                try writeAll(output, outBuffer, produced)
                if result == Z_STREAM_END {
                    memberEnded = true
                    break
                }
                if result == Z_BUF_ERROR { break }
            } while stream.pointee.avail_out == 0 || stream.pointee.avail_in > 0
        }
        guard sawInput, memberEnded else { throw Failure(description: "not a valid gzip body: it ends inside a gzip member") }
        return decoded
    }

    /// Reads up to ``inputPiece`` bytes; 0 at the end of the file.
    private static func readPiece(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>) throws(Failure) -> Int {
        while true {
            let count = read(descriptor, buffer, inputPiece)
            if count >= 0 { return count }
            if errno != EINTR { throw Failure(description: "cannot read the recorded body: \(String(cString: strerror(errno)))") }
        }
    }

    /// Writes `count` bytes of `buffer` to `descriptor`.
    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) throws(Failure) {
        var written = 0
        while written < count {
            let result = write(descriptor, buffer + written, count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw Failure(description: "cannot write the gunzipped body: \(String(cString: strerror(errno)))") }
            written += result
        }
    }
}
