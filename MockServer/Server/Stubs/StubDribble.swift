/// The body sent in `numberOfChunks` even pieces spread over `totalDuration` ms, with chunked
/// transfer encoding (WireMock's `chunkedDribbleDelay`).
public struct StubDribble: Sendable, Hashable {
    /// How many pieces (at least 1; fewer when the body has fewer bytes).
    public var numberOfChunks: Int
    /// Over how many ms the pieces are spread.
    public var totalDuration: Int

    /// A dribble of `numberOfChunks` pieces over `totalDuration` ms.
    public init(numberOfChunks: Int, totalDuration: Int) {
        self.numberOfChunks = numberOfChunks
        self.totalDuration = totalDuration
    }

    /// The byte offset where piece `index` (0-based) of a `length`-byte body ends: even pieces,
    /// the last one taking the remainder, as WireMock cuts them.
    func end(ofChunk index: Int, length: Int) -> Int {
        let chunks = pieces(for: length)
        guard chunks > 0 else { return length }
        if index >= chunks - 1 { return length }
        return (index + 1) * (length / chunks)
    }

    /// The number of pieces for a `length`-byte body.
    func pieces(for length: Int) -> Int {
        min(max(numberOfChunks, 1), length)
    }

    /// When piece `index` is due, in ns after the headers went out: like WireMock, which waits
    /// `totalDuration / pieces` whole ms before each piece, the last one at the end.
    func due(ofChunk index: Int, length: Int) -> UInt64 {
        let chunks = pieces(for: length)
        guard chunks > 0 else { return 0 }
        let interval = UInt64(max(totalDuration, 0) / chunks)
        return UInt64(index + 1) * interval * 1_000_000
    }
}
