import CMicroHTTPD
import Foundation

/// `GET /__admin/events`: the journal and the offline state as server-sent events, for the
/// dashboard's live journal and its Offline switch (and any script: `curl -N`).
///
/// The stream starts with `snapshot` (`{"offline": bool, "requests": [the oldest records]}`) and
/// `requests` events with the rest of the journal, then sends `requests` (an array of the
/// records that ended since; ``eventChunk`` at most per event) at most every
/// ``eventBatchInterval``, `offline` (`{"offline": bool}`) when the switch turns, and a new
/// `snapshot` after `POST /__admin/reset` or when the stream fell behind the journal's
/// capacity. A comment line every ``eventKeepAlive`` keeps idle connections alive.
///
/// The stream is a callback response whose reader suspends its connection whenever it has
/// nothing to send (it never returns 0 without suspending); a new record, a reset or the
/// switch resumes it. Records are encoded on the journal's worker, off the polling thread. When
/// its daemon stops (the server stops, or the main port goes offline) the stream ends cleanly.
extension ServerCore {
    /// Records are sent in batches at most this often (monotonic ns): 100 ms.
    static let eventBatchInterval: UInt64 = 100_000_000
    /// Most records in one event.
    static let eventChunk = 250
    /// An idle stream sends a comment this often (monotonic ns): 15 s.
    static let eventKeepAlive: UInt64 = 15_000_000_000

    /// Queues the event stream's response (polling thread).
    func startEvents(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.phase = .responded
        let headers = [
            ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
        ]
        return Self.queueStream(
            EventStream(context: context), reader: StreamCallbacks.events, release: StreamCallbacks.releaseEvents, headers: headers,
            on: connection) ?? MHD_Result.NO
    }

    /// Puts `record` in the journal and wakes the event streams (polling thread of the request).
    func publish(_ record: RequestRecord) {
        for context in events.append(record, to: journal) { scheduler.resume(context, reason: .ready) }
    }

    /// Clears the journal; the event streams start over with a new snapshot.
    func resetJournal() {
        for context in events.reset(journal) { scheduler.resume(context, reason: .ready) }
    }

    /// Wakes the event streams to send the offline state.
    func announceOfflineState() {
        for context in events.takeWaiting() { scheduler.resume(context, reason: .ready) }
    }

    /// The event stream's content reader (polling thread).
    func readEvents(_ stream: EventStream, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        let context = stream.context
        if let reason = context.takeWakeReason(), reason.endsConnection {
            return reason == .shutdown ? Self.readerEndOfStream : Self.readerError
        }
        guard let connection = context.connection else { return Self.readerError }
        while true {
            if !stream.pending.isEmpty {
                stream.lastWrite = monotonicNanoseconds()
                return stream.pending.copy(into: buffer, maximum: maximum)
            }
            if stream.encoding {
                switch stream.takeEncoded(connection: connection, scheduler: scheduler) {
                case .waiting: return 0
                case .stopping: return Self.readerError
                case .ready(let event):
                    stream.encoding = false
                    stream.pending = PendingBytes(event)
                    continue
                }
            }
            switch nextEvent(stream, connection: connection) {
            case .write(let bytes):
                stream.pending = PendingBytes(bytes)
            case .encode(let work):
                stream.encoding = true
                journalEncoder.async { [scheduler] in stream.deliver(work(), scheduler: scheduler) }
                continue
            case .suspended:
                return 0
            case .ended:
                return Self.readerError
            }
        }
    }

    /// What a stream does next.
    private enum EventStep: Sendable {
        /// Writes these bytes now.
        case write(Data)
        /// Has a worker encode an event (the connection waits suspended).
        case encode(@Sendable () -> Data)
        /// Nothing to send yet: the connection was suspended.
        case suspended
        /// The daemon is stopping.
        case ended
    }

    /// Decides the stream's next event with the journal held still.
    private func nextEvent(_ stream: EventStream, connection: OpaquePointer) -> EventStep {
        let context = stream.context
        let offline = self.offline.load(ordering: .sequentiallyConsistent)
        let now = monotonicNanoseconds()
        return events.inspect { position, wait in
            func snapshot() -> EventStep {
                let records = journal.records
                stream.position = position
                stream.offlineSent = offline
                stream.lastBatch = now
                return .encode { Self.snapshotEvents(offline: offline, records: records) }
            }
            guard let sent = stream.position, sent.generation == position.generation else { return snapshot() }
            if stream.offlineSent != offline {
                stream.offlineSent = offline
                return .write(Self.event("offline", ["offline": offline]))
            }
            let fresh = position.sequence - sent.sequence
            if fresh > 0 {
                let due = stream.lastBatch + Self.eventBatchInterval
                if now < due {
                    return scheduler.suspend(context, connection: connection, until: due) ? .suspended : .ended
                }
                let records = journal.records
                guard fresh <= records.count else { return snapshot() }
                let batch = Array(records.suffix(fresh))
                stream.position = position
                stream.lastBatch = now
                return .encode { Self.requestsEvents(batch[...]) }
            }
            let keepAlive = stream.lastWrite + Self.eventKeepAlive
            if now >= keepAlive { return .write(Data(": keep-alive\n\n".utf8)) }
            wait(context)
            return scheduler.suspend(context, connection: connection, until: keepAlive) ? .suspended : .ended
        }
    }

    /// The first event of a stream.
    private struct Snapshot: Encodable {
        let offline: Bool
        let requests: [RequestRecord]
    }

    /// The snapshot: `snapshot` with the oldest ``eventChunk`` records, then `requests` events
    /// with the rest (browsers parse one long event line slowly: 1.4 MB took Chromium 10 s).
    private static func snapshotEvents(offline: Bool, records: [RequestRecord]) -> Data {
        var events = event("snapshot", Snapshot(offline: offline, requests: Array(records.prefix(eventChunk))), retry: true)
        events.append(requestsEvents(records.dropFirst(eventChunk)))
        return events
    }

    /// `requests` events, ``eventChunk`` records each.
    private static func requestsEvents(_ records: ArraySlice<RequestRecord>) -> Data {
        var events = Data()
        var start = records.startIndex
        while start < records.endIndex {
            let end = min(start + eventChunk, records.endIndex)
            events.append(event("requests", Array(records[start..<end])))
            start = end
        }
        return events
    }

    /// `event: NAME` and one `data:` line of JSON (which never holds a raw line break).
    private static func event(_ name: String, _ value: some Encodable, retry: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(value)) ?? Data("null".utf8)
        var event = Data((retry ? "retry: 1000\n" : "").utf8)
        event.append(Data("event: \(name)\ndata: ".utf8))
        event.append(json)
        event.append(Data("\n\n".utf8))
        return event
    }
}
