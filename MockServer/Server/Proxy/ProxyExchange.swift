import Foundation

/// One proxied exchange between its transfer thread (libcurl, the writer) and the connection's
/// polling thread (libmicrohttpd, the reader): the upstream's head, then its body through a
/// bounded buffer.
///
/// Back-pressure: the writer blocks while ``capacity`` bytes wait for a slow client, so the
/// transfer thread stops reading the upstream's socket and TCP slows the upstream down; a body of
/// any size never sits whole in memory. The reader never waits: with nothing to read it suspends
/// the connection (``ConnectionScheduler``), and the writer resumes it. "Nothing yet, so suspend"
/// and "bytes, so resume" happen under one lock, so a delivery never slips between them.
///
/// A small answer (a declared length up to ``ProxyAssembly/limit``, no wire fault shaping it)
/// holds its head back while its body gathers in a ``ProxyAssembly``; the transfer's end then
/// resumes the connection once and the answer goes out in one piece (``HeadState/complete(_:_:)``).
/// A body that breaks off or is slow releases the head, and the answer streams.
///
/// `@unchecked Sendable`: every field is touched under `condition`'s lock only.
final class ProxyExchange: @unchecked Sendable {
    /// The upstream's status line and headers, as received.
    struct Head: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
    }

    /// Why a transfer did not bring the whole answer.
    struct Failure: Sendable, Hashable {
        /// libcurl's words.
        var reason: String
        /// A TLS failure (WireMock's "SSL failure"), not a network one.
        var tls = false
    }

    /// What the polling thread finds when it asks for the head.
    enum HeadState {
        case head(Head)
        /// A whole-body exchange (``collectsWhole``) ended: the head and every body byte.
        case whole(Head, Data)
        /// A small answer (``ProxyAssembly``) arrived whole: the head and its body, to be sent
        /// in one piece.
        case complete(Head, SharedBytes)
        /// A whole-body exchange's body went over ``wholeLimit``.
        case tooLarge
        /// The upstream failed before its head arrived: why.
        case failed(Failure)
        /// Not yet: the connection is suspended until it is.
        case waiting
        /// The server stops: the connection cannot be suspended.
        case stopping
    }

    /// Body bytes buffered at most before the transfer waits for the client.
    static let capacity = 1024 * 1024
    /// Body bytes kept at most when the whole answer is collected (``collectsWhole``); a longer
    /// body aborts the transfer and the client gets a 502 saying why.
    static let wholeLimit = 64 * 1024 * 1024

    /// Whether the body is collected whole before the answer goes out (a fault that needs the
    /// whole body: `bytes`, `corrupt`, `conditional`, `ranges`, `malformed`, `empty`), rather
    /// than streamed through the bounded buffer.
    let collectsWhole: Bool

    /// Whether a small answer's head waits for its body (``ProxyAssembly``): not when the body
    /// is collected whole anyway, nor when a wire fault shapes it on its way out.
    let assemblesSmall: Bool

    /// The request this exchange answers.
    let context: RequestContext
    private let scheduler: ConnectionScheduler
    private let condition = NSCondition()
    private var head: Head?
    private var chunks: [Data] = []
    private var offset = 0
    private var buffered = 0
    private var finished = false
    private var failure: Failure?
    private var waiting = false
    private var cancelled = false
    private var overflow = false
    /// A small answer's body while its head is held back.
    private var assembly: ProxyAssembly?
    /// An answer without a body whose head waits for the transfer's end.
    private var holdsUntilEnd = false

    init(context: RequestContext, scheduler: ConnectionScheduler, collectsWhole: Bool = false) {
        self.context = context
        self.scheduler = scheduler
        self.collectsWhole = collectsWhole
        assemblesSmall = !collectsWhole && !WireShape(context.faults).shapesBody
    }

    // MARK: The transfer thread

    /// The upstream's head arrived; `bodyLength` is the body's declared length when one follows.
    /// A small one (``ProxyAssembly/limit``) holds the head back until the body is in. So does an
    /// answer without a body (`noBody`: a `HEAD`, a 204, a 304), until the transfer ends, which
    /// for these comes right after the head: by then the handle is back in the pool, so the
    /// client's next request reuses it and its upstream connection rather than racing it.
    func deliver(_ head: Head, bodyLength: Int? = nil, noBody: Bool = false) {
        locked {
            self.head = head
            if assemblesSmall, let bodyLength, bodyLength > 0, bodyLength <= ProxyAssembly.limit {
                assembly = ProxyAssembly(expected: bodyLength, since: monotonicNanoseconds())
                return
            }
            if noBody {
                holdsUntilEnd = true
                return
            }
            // A whole-body exchange answers once the transfer ends, not at the head.
            if !collectsWhole { wake() }
        }
    }

    /// Called about once a second by the transfer even while nothing arrives: a head held back
    /// longer than ``ProxyAssembly/holdNanoseconds`` goes out, and its body streams.
    func releaseStaleHold() {
        locked {
            if let assembly, assembly.isStale(now: monotonicNanoseconds()) { stream(assembly) }
        }
    }

    /// Gives up gathering: the bytes so far become the stream's first chunk, the head goes out.
    private func stream(_ gathered: ProxyAssembly) {
        assembly = nil
        let bytes = gathered.copiedBytes()
        if !bytes.isEmpty {
            chunks.append(bytes)
            buffered += bytes.count
        }
        wake()
    }

    /// Buffers a body chunk, waiting while the buffer is full; `false` once the client left.
    func push(_ chunk: UnsafeRawBufferPointer) -> Bool {
        locked {
            if collectsWhole {
                guard !cancelled, buffered + chunk.count <= Self.wholeLimit else {
                    overflow = !cancelled
                    return false
                }
                chunks.append(Data(chunk))
                buffered += chunk.count
                return true
            }
            // (A cancelled exchange holds no assembly: it goes on to the check below.)
            if let assembly {
                // The transfer's end wakes the connection: its handle is back for the next request.
                if assembly.append(chunk) {
                    if !assembly.isComplete, assembly.isStale(now: monotonicNanoseconds()) { stream(assembly) }
                    return true
                }
                stream(assembly)
            }
            while buffered >= Self.capacity && !cancelled { condition.wait() }
            guard !cancelled else { return false }
            if chunk.count > 0 {
                chunks.append(Data(chunk))
                buffered += chunk.count
                wake()
            }
            return true
        }
    }

    /// The transfer ended: `failure` says why when the answer did not arrive whole.
    func finish(failure: Failure?) {
        locked {
            finished = true
            self.failure = failure
            if let assembly, failure != nil || !assembly.isComplete {
                self.assembly = nil
                stream(assembly)
            }
            wake()
        }
    }

    /// Whether the client left or the server stopped (the transfer then aborts).
    var isCancelled: Bool { locked { cancelled } }

    // MARK: The polling thread

    /// The head, the failure before it, or `waiting` with the connection suspended.
    func takeHead(connection: OpaquePointer) -> HeadState {
        locked {
            if collectsWhole, finished {
                if overflow { return .tooLarge }
                if let failure { return .failed(failure) }
                guard let head else { return .failed(Failure(reason: "the upstream closed the connection before its answer")) }
                var body = Data(capacity: buffered)
                for chunk in chunks { body.append(chunk) }
                chunks = []
                buffered = 0
                return .whole(head, body)
            }
            if let head, !collectsWhole, !holdsUntilEnd || finished {
                guard let gathered = assembly else { return .head(head) }
                if finished, gathered.isComplete {
                    assembly = nil
                    return .complete(head, gathered.takeBytes())
                }
                // Held back for its body: wait for the transfer's end (or the hold's).
            } else if finished {
                return .failed(failure ?? Failure(reason: "the upstream closed the connection before its answer"))
            }
            guard scheduler.suspend(context, connection: connection, until: nil) else { return .stopping }
            waiting = true
            return .waiting
        }
    }

    /// What the reader gets: bytes copied, the body's end, or a wait.
    enum Read {
        case bytes(Int)
        case end
        case failed(Failure)
        case waiting
        case stopping
    }

    /// Copies at most `maximum` buffered bytes to `buffer`; at the end reports how the body ended;
    /// with nothing buffered yet suspends the connection until the writer has more.
    func read(into buffer: UnsafeMutableRawPointer, maximum: Int, connection: OpaquePointer) -> Read {
        locked {
            if buffered > 0 {
                var copied = 0
                while copied < maximum, let first = chunks.first {
                    let count = min(maximum - copied, first.count - offset)
                    first.withUnsafeBytes { source in
                        (buffer + copied).copyMemory(from: source.baseAddress! + offset, byteCount: count)
                    }
                    copied += count
                    offset += count
                    if offset == first.count {
                        chunks.removeFirst()
                        offset = 0
                    }
                }
                buffered -= copied
                condition.broadcast()
                return .bytes(copied)
            }
            if finished { return failure.map(Read.failed) ?? .end }
            guard scheduler.suspend(context, connection: connection, until: nil) else { return .stopping }
            waiting = true
            return .waiting
        }
    }

    /// The client left or the response was dropped: the writer stops at its next chunk.
    func cancel() {
        locked {
            cancelled = true
            assembly = nil
            chunks = []
            buffered = 0
            condition.broadcast()
        }
    }

    /// Resumes the connection if it waits for this exchange (under the lock).
    private func wake() {
        guard waiting else { return }
        waiting = false
        scheduler.resume(context, reason: .ready)
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
