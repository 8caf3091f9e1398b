import CMicroHTTPD
import Foundation

/// The answers that are not HTTP: `empty_reply`, `garbage` and `bad_chunk` (and WireMock's
/// `EMPTY_RESPONSE`, `RANDOM_DATA_THEN_CLOSE`, `MALFORMED_RESPONSE_CHUNK`). The bytes are written
/// straight to the connection (its socket, or its TLS session), bypassing libmicrohttpd, and
/// returning `MHD_NO` then makes it close the connection.
extension ServerCore {
    /// A broken answer.
    enum BrokenReply: String, Sendable {
        /// No byte at all (curl 52).
        case emptyReply = "empty-reply"
        /// Random bytes that are no HTTP (curl 1 or 8).
        case garbage
        /// A chunked 200 whose first chunk size is no hexadecimal number (curl 56).
        case badChunk = "bad-chunk"

        /// The journal's outcome for it.
        var outcome: RequestOutcome {
            switch self {
            case .emptyReply: return .emptyReply
            case .garbage: return .garbage
            case .badChunk: return .badChunk
            }
        }
    }

    /// The query's broken answer, if it asks for one.
    static func brokenReply(in faults: FaultParameters) -> BrokenReply? {
        if faults.emptyReply { return .emptyReply }
        if faults.garbage { return .garbage }
        if faults.badChunk { return .badChunk }
        return nil
    }

    /// Writes `kind`'s bytes (if any) to the socket and ends the connection.
    func breakConnection(_ kind: BrokenReply, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.outcome = kind.outcome
        var bytes: [UInt8] = []
        switch kind {
        case .emptyReply:
            break
        case .garbage:
            bytes = stubs.randomBytes(64)
            // Never the start of a status line: `H` could begin `HTTP/`.
            if bytes.first == UInt8(ascii: "H") { bytes[0] = UInt8(ascii: "#") }
        case .badChunk:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            bytes = Array(head.utf8) + Array("zz\r\nnot a chunk\r\n".utf8)
        }
        sendRaw(bytes, on: connection)
        context.bytesSent = bytes.count
        return MHD_Result.NO
    }
}

/// Writes `bytes` to the connection once: through its TLS session on a TLS listener (so the
/// client meets the broken HTTP, not a broken TLS record), else to the socket, without SIGPIPE.
/// A client already gone loses them.
private func sendRaw(_ bytes: [UInt8], on connection: OpaquePointer) {
    guard !bytes.isEmpty else { return }
    let sentOverTLS = bytes.withUnsafeBytes { cmhd_tls_send(connection, $0.baseAddress, $0.count) }
    guard sentOverTLS == -1000 else { return }
    let fd = cmhd_connection_fd(connection)
    guard fd >= 0 else { return }
    _ = bytes.withUnsafeBytes { cmhd_send_nosignal(fd, $0.baseAddress, $0.count) }
}
