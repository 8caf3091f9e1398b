/// A broken answer in place of the response (WireMock's `fault`).
public enum StubFault: String, Sendable, Hashable, CaseIterable {
    /// The connection is reset (a TCP RST) without an answer (curl 56).
    case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
    /// The connection is closed without a byte (curl 52).
    case emptyResponse = "EMPTY_RESPONSE"
    /// A `200` status line and headers for a chunked body, then bytes that are no valid chunk,
    /// then the connection closes (curl 56).
    case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    /// Bytes that are no HTTP at all, then the connection closes (curl 1 or 8: not HTTP).
    case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
}
