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

    /// A capture for `request` while recording and the filters admit it; `nil` otherwise.
    func capture(for request: ProxiedRequest) -> RecordingCapture? {
        let file = state.withLock { state -> URL? in
            guard state.status == .recording, let spool = state.spool else { return nil }
            if let filters = state.spec.filters {
                guard filters.admits(request) else { return nil }
                if filters.ignoreRepeatRequests {
                    let key = "\(request.method) \(request.url)\n" + String(decoding: request.body, as: UTF8.self)
                    guard state.seen.insert(key).inserted else { return nil }
                }
            }
            state.nextFile += 1
            return spool.appendingPathComponent("\(state.nextFile).body")
        }
        return file.map { RecordingCapture(request: request, file: $0, recorder: self) }
    }

    /// Keeps a complete exchange (from a capture's end); one that ends after the stop is dropped.
    func add(_ exchange: RecordedExchange) {
        let kept = state.withLock { state in
            guard state.status == .recording, let spool = state.spool,
                exchange.bodyFile.map({ $0.deletingLastPathComponent().path == spool.path }) ?? true
            else { return false }
            state.exchanges.append(exchange)
            return true
        }
        if !kept, let file = exchange.bodyFile { unlink(file.path) }
    }

    /// Notes a spooling problem.
    func note(_ problem: String) {
        state.withLock { $0.problems.append(problem) }
    }
}
