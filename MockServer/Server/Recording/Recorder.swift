import Foundation
import Synchronization

/// The recorder behind `/__admin/recordings/…` and `--record-mappings`: while it records, every
/// proxied exchange its filters admit is captured (``RecordingCapture``), bodies spooled to files
/// in a folder of its own, so memory holds only heads; stopping hands the exchanges over and
/// leaves the spool folder to the writer, which removes it.
final class Recorder: Sendable {
    /// WireMock's recording states.
    enum Status: String, Sendable {
        case neverStarted = "NeverStarted"
        case recording = "Recording"
        case stopped = "Stopped"
    }

    /// Why a recording cannot start or stop.
    enum Refusal: Error, Sendable, Equatable {
        /// A recording runs already.
        case alreadyRecording
        /// No recording runs.
        case notRecording
        /// The spool folder could not be made.
        case spool(String)
    }

    /// A finished recording: its spec, the exchanges in arrival order, the spool folder.
    struct Finished: Sendable {
        let spec: RecordSpec
        let exchanges: [RecordedExchange]
        let spool: URL
    }

    private struct State {
        var status = Status.neverStarted
        var spec = RecordSpec()
        var spool: URL?
        var exchanges: [RecordedExchange] = []
        var nextFile = 0
        /// Requests seen, for `ignoreRepeatRequests`.
        var seen: Set<String> = []
        /// Problems met while spooling (a disk full), reported on stop.
        var problems: [String] = []
    }

    private let state = Mutex<State>(State())
    /// Where spool folders are made.
    private let spoolParent: URL

    /// A recorder spooling under `spoolParent` (the system's temporary folder by default).
    init(spoolParent: URL = FileManager.default.temporaryDirectory) {
        self.spoolParent = spoolParent
    }

    /// The state, as `GET /__admin/recordings/status` names it.
    var status: Status { state.withLock { $0.status } }

    /// The exchanges captured so far in this recording.
    var capturedCount: Int { state.withLock { $0.exchanges.count } }

    /// The upstream of the recording running now, when it named one.
    var target: String? { state.withLock { $0.status == .recording ? $0.spec.targetBaseUrl : nil } }

    /// Starts recording with `spec`.
    func start(_ spec: RecordSpec) throws(Refusal) {
        let spool = spoolParent.appendingPathComponent("mockserver-recording-\(UUID().uuidString.lowercased())", isDirectory: true)
        try state.withLock { (state) throws(Refusal) in
            guard state.status != .recording else { throw .alreadyRecording }
            do {
                try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .spool("cannot make the spool folder \(spool.path): \(error.localizedDescription)")
            }
            state = State(status: .recording, spec: spec, spool: spool)
        }
    }

    /// Stops recording: the exchanges captured, for the writer.
    func stop() throws(Refusal) -> Finished {
        try state.withLock { (state) throws(Refusal) -> Finished in
            guard state.status == .recording, let spool = state.spool else { throw .notRecording }
            let finished = Finished(spec: state.spec, exchanges: state.exchanges, spool: spool)
            state = State(status: .stopped)
            return finished
        }
    }

    /// Request-body bytes an exchange keeps in memory while recording, at most: a longer body
    /// (up to the 64 KB the proxy passes on) waits in a spool file until the stop, so that 10,000
    /// recorded uploads do not hold 640 MB.
    static let inlineRequestBody = 4 * 1024

    /// A capture for `request` while recording and the filters admit it; `nil` otherwise.
    func capture(for request: ProxiedRequest) -> RecordingCapture? {
        let file = state.withLock { state -> URL? in
            guard state.status == .recording, let spool = state.spool else { return nil }
            if let filters = state.spec.filters {
                guard filters.admits(request) else { return nil }
                if filters.ignoreRepeatRequests, !state.seen.insert(Self.repeatKey(request)).inserted { return nil }
            }
            state.nextFile += 1
            return spool.appendingPathComponent("\(state.nextFile).body")
        }
        guard let file else { return nil }
        guard request.body.count > Self.inlineRequestBody else { return RecordingCapture(request: request, file: file, recorder: self) }
        let requestFile = file.deletingPathExtension().appendingPathExtension("request")
        do throws(RecordingWriter.Failure) {
            try RecordingWriter.create(request.body, at: requestFile)
        } catch {
            note(error.description)
            unlink(requestFile.path)
            return nil
        }
        var kept = request
        kept.body = Data()
        return RecordingCapture(request: kept, requestBodyFile: requestFile, file: file, recorder: self)
    }

    /// What makes two requests repeats for `ignoreRepeatRequests`: method, URL and body. A body
    /// over ``inlineRequestBody`` bytes counts by its size and 64-bit digest, so the set holds
    /// little per request.
    static func repeatKey(_ request: ProxiedRequest) -> String {
        let head = "\(request.method) \(request.url)\n\(request.bodySize)\n"
        guard request.body.count > inlineRequestBody else { return head + String(decoding: request.body, as: UTF8.self) }
        var digest = FNV1a()
        request.body.withUnsafeBytes { digest.add($0) }
        return head + digest.hex
    }

    /// Keeps a complete exchange (from a capture's end); one that ends after the stop is dropped.
    func add(_ exchange: RecordedExchange) {
        let kept = state.withLock { state in
            guard state.status == .recording, let spool = state.spool,
                [exchange.bodyFile, exchange.requestBodyFile].allSatisfy({ $0.map { $0.deletingLastPathComponent().path == spool.path } ?? true })
            else { return false }
            state.exchanges.append(exchange)
            return true
        }
        if !kept {
            for file in [exchange.bodyFile, exchange.requestBodyFile].compactMap({ $0 }) { unlink(file.path) }
        }
    }

    /// Notes a spooling problem.
    func note(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }
}
