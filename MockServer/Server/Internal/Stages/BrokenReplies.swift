import CMicroHTTPD
import Foundation

/// The answers that are not HTTP: `empty_reply`, `garbage` and `bad_chunk` (and WireMock's
/// `EMPTY_RESPONSE`, `RANDOM_DATA_THEN_CLOSE`, `MALFORMED_RESPONSE_CHUNK`). The bytes are written
/// straight to the connection (its socket, or its TLS session), bypassing libmicrohttpd, and
/// returning `MHD_NO` then makes it close the connection.
extension ServerCore {
    /// Writes the broken reply of `fault` (`empty_reply`, `garbage`, `bad_chunk`) to the socket
    /// and ends the connection; the journal's outcome is the fault's (from the fault table).
    func breakConnection(_ fault: Fault.Name, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.outcome = fault.outcome ?? .error
        let bytes = BrokenReply.bytes(of: fault, random: stubs.randomBytes)
        sendRaw(bytes, on: connection)
        context.bytesSent = bytes.count
        return MHD_Result.NO
    }
}

/// The bytes of each broken reply.
enum BrokenReply {
    /// What `fault` writes instead of an answer: nothing for `empty_reply` (curl 52), random
    /// bytes that are no HTTP for `garbage` (curl 1 or 8), a chunked 200 whose first chunk size
    /// is no hexadecimal number for `bad_chunk` (curl 56).
    static func bytes(of fault: Fault.Name, random: (Int) -> [UInt8]) -> [UInt8] {
        switch fault {
        case .garbage:
            var bytes = random(64)
            // Never the start of a status line: `H` could begin `HTTP/`.
            if bytes.first == UInt8(ascii: "H") { bytes[0] = UInt8(ascii: "#") }
            return bytes
        case .badChunk:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            return Array(head.utf8) + Array("zz\r\nnot a chunk\r\n".utf8)
        default:
            return []
        }
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
