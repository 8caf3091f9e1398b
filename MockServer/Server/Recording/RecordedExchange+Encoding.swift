import Foundation

extension RecordedExchange {
    /// The exchange as the recorder writes it, its `Content-Encoding` undone where WireMock 2.35's
    /// recorder undoes it: a body the upstream sent with `Content-Encoding: gzip` (because the
    /// client accepted gzip) is gunzipped, and the header dropped, so that a recorded JSON stays
    /// readable and editable in its mapping, and any client can be answered from it.
    ///
    /// Where this departs from WireMock, it keeps the answer as it came (bytes and header), which
    /// plays back exactly what the upstream sent:
    /// - a body that says gzip but is not valid gzip: WireMock's stop fails with a 500 and writes
    ///   none of the recording's mappings;
    /// - `br`, `deflate` and several encodings: WireMock drops the header but keeps the compressed
    ///   bytes (as text, when the type is textual, which loses bytes), so its playback cannot be read;
    /// - a body that gunzips past ``RecordedGzip/largestDecodedBody``.
    ///
    /// The gunzipped body goes to a new spool file beside the original, which is removed.
    func decodedForRecording() -> RecordedExchange {
        guard let bodyFile, bodySize > 0, Self.isGzip(headers) else { return self }
        let decodedFile = bodyFile.appendingPathExtension("gunzipped")
        let size: Int
        do throws(RecordedGzip.Failure) {
            size = try RecordedGzip.gunzip(bodyFile, to: decodedFile)
        } catch {
            return self
        }
        unlink(bodyFile.path)
        if size == 0 { unlink(decodedFile.path) }
        return RecordedExchange(
            request: request, status: status, headers: headers.filter { $0.name.lowercased() != "content-encoding" },
            bodyFile: size > 0 ? decodedFile : nil, bodySize: size, requestBodyFile: requestBodyFile)
    }

    /// Whether the answer's one content coding is gzip (`gzip` or its old name `x-gzip`, in one
    /// `Content-Encoding` header); a body coded twice (`gzip, br`) is kept as it came.
    static func isGzip(_ headers: [StubHeader]) -> Bool {
        let codings = headers.filter { $0.name.lowercased() == "content-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        return codings.count == 1 && (codings[0] == "gzip" || codings[0] == "x-gzip")
    }
}
