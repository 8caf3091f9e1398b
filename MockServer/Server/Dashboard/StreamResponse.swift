import CMicroHTTPD

/// The responses whose body is produced later by an object of ours (the event stream, a probe's
/// answer): a 200 of unknown length (chunked) read through `reader`.
extension ServerCore {
    /// Queues the 200 on `connection` with `headers`, its body read from `owner`, which the
    /// response retains until libmicrohttpd calls `release`. `nil` when libmicrohttpd could not
    /// create the response (then `owner` is released at once).
    static func queueStream<Owner: AnyObject>(
        _ owner: Owner, reader: MHD_ContentReaderCallback, release: MHD_ContentReaderFreeCallback,
        headers: [(name: String, value: String)], on connection: OpaquePointer
    ) -> MHD_Result? {
        let retained = Unmanaged.passRetained(owner).toOpaque()
        guard let response = MHD_create_response_from_callback(unknownSize, readerBlockSize, reader, retained, release) else {
            Unmanaged<Owner>.fromOpaque(retained).release()
            return nil
        }
        for header in headers { MHD_add_response_header(response, header.name, header.value) }
        let result = MHD_queue_response(connection, 200, response)
        MHD_destroy_response(response)
        return result
    }
}
