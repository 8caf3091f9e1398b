import Foundation
import Synchronization

/// One proxied exchange as the recorder keeps it: the request as sent upstream, the upstream's
/// status and headers, and its body in a spool file (never in memory while recording). A request
/// body over ``Recorder/inlineRequestBody`` bytes waits in a spool file too, so what a recording
/// holds per exchange is its heads and at most that many request-body bytes.
struct RecordedExchange: Sendable {
    /// The request (its body empty when it waits in ``requestBodyFile``).
    let request: ProxiedRequest
    /// The upstream's status.
    let status: Int
    /// The upstream's headers, in order.
    let headers: [StubHeader]
    /// The spool file holding the whole body, or `nil` for an empty body.
    let bodyFile: URL?
    /// The body's size in bytes.
    let bodySize: Int
    /// The spool file holding the request's kept body bytes, when they were too many to keep in
    /// memory while recording.
    var requestBodyFile: URL? = nil

    /// The request with its body, read back from ``requestBodyFile`` when it waits there.
    func wholeRequest() throws -> ProxiedRequest {
        guard let requestBodyFile else { return request }
        var whole = request
        whole.body = try Data(contentsOf: requestBodyFile)
        return whole
    }

    /// The body's bytes, read from the spool file.
    func bodyBytes() throws -> Data {
        guard let bodyFile else { return Data() }
        return try Data(contentsOf: bodyFile)
    }

    /// The response's `Content-Type`, or an empty string.
    var contentType: String {
        headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
    }
}

/// An upstream's status line and headers, as a capture keeps them.
struct ProxyHead: Sendable {
    /// The status.
    var status = 0
    /// The headers, in the order they arrived.
    var headers: [StubHeader] = []

    /// No head yet.
    init() {}

    /// The head `status` and `headers`, as ``ProxyCapture/head(status:headers:)`` gets them.
    init(status: Int, headers: [(name: String, value: String)]) {
        self.status = status
        self.headers = headers.map { StubHeader($0.name, $0.value) }
    }
}

/// Captures one proxied answer for the recorder: the head is kept, the body goes to a spool file
/// chunk by chunk as it streams, and a complete answer is handed to ``Recorder`` at its end (a
/// failed one is dropped, and its spool file removed).
final class RecordingCapture: ProxyCapture {
    /// What the capture holds while the answer streams.
    private struct State {
        var head = ProxyHead()
        var descriptor: Int32 = -1
        var size = 0
        var writeFailure: String?
    }

    private let request: ProxiedRequest
    private let requestBodyFile: URL?
    private let file: URL
    private let recorder: Recorder
    private let state = Mutex<State>(State())

    /// A capture of the answer to `request` (whose body waits in `requestBodyFile`, when one is
    /// given), spooling to `file`.
    init(request: ProxiedRequest, requestBodyFile: URL? = nil, file: URL, recorder: Recorder) {
        self.request = request
        self.requestBodyFile = requestBodyFile
        self.file = file
        self.recorder = recorder
    }

    /// Keeps the status and headers.
    func head(status: Int, headers: [(name: String, value: String)]) {
        state.withLock { $0.head = ProxyHead(status: status, headers: headers) }
    }

    /// Appends `chunk` to the spool file (opened with the first chunk).
    func body(_ chunk: UnsafeRawBufferPointer) {
        guard chunk.count > 0, let base = chunk.baseAddress else { return }
        state.withLock { state in
            guard state.writeFailure == nil else { return }
            if state.descriptor < 0 {
                state.descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if state.descriptor < 0 {
                    state.writeFailure = "cannot create \(file.path): \(String(cString: strerror(errno)))"
                    return
                }
            }
            var written = 0
            while written < chunk.count {
                let result = write(state.descriptor, base + written, chunk.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    state.writeFailure = "cannot write \(file.path): \(String(cString: strerror(errno)))"
                    return
                }
                written += result
            }
            state.size += chunk.count
        }
    }

    /// Hands the complete answer to the recorder; drops a failed one.
    func end(failure: String?) {
        let finished = state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            return state
        }
        guard failure == nil || Self.isWhole(finished.size, headers: finished.head.headers), finished.writeFailure == nil else {
            if finished.size > 0 { unlink(file.path) }
            if let requestBodyFile { unlink(requestBodyFile.path) }
            if let problem = finished.writeFailure { recorder.note(problem) }
            return
        }
        recorder.add(
            RecordedExchange(
                request: request, status: finished.head.status, headers: finished.head.headers,
                bodyFile: finished.size > 0 ? file : nil, bodySize: finished.size, requestBodyFile: requestBodyFile))
    }

    /// Whether `size` body bytes are all `Content-Length` declared: such an answer is whole even
    /// when the transfer reports a failure after its last byte (a client that left once it had
    /// everything); without a length, a failure means the body may be cut.
    static func isWhole(_ size: Int, headers: [StubHeader]) -> Bool {
        guard let declared = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) else { return false }
        return declared == size
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }
}
