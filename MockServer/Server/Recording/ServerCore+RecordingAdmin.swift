import Foundation

/// The recorder's admin API, in WireMock's shapes (behind the admin guard, on both ports):
/// `POST /__admin/recordings/start` (a ``RecordSpec``), `POST /__admin/recordings/stop`
/// (`{"mappings": […]}`, written under `--root-dir` with `persist`, and served from then on, as
/// WireMock does), `GET /__admin/recordings/status` (`{"status": "Recording", "captured": 3}`),
/// `POST /__admin/recordings/snapshot` (`ServerCore+Snapshot`).
/// Errors have the stub API's shape, `{"errors": [{"code", "title", "detail"…}]}`.
extension ServerCore {
    /// The recording endpoints and their methods.
    static let recordingAdminEndpoints: [String: [String]] = [
        "/__admin/recordings/start": ["POST"],
        "/__admin/recordings/stop": ["POST"],
        "/__admin/recordings/status": ["GET", "HEAD"],
        "/__admin/recordings/snapshot": ["POST"],
    ]

    /// The answer of a recording endpoint, or `nil` when `context.path` is none.
    func recordingAdminReply(_ context: RequestContext) -> Reply? {
        guard let methods = Self.recordingAdminEndpoints[context.path] else { return nil }
        guard methods.contains(context.method) else {
            var reply = Reply.error(405, "\(context.method) is not allowed on \(context.path)")
            reply.headers.append(("Allow", methods.joined(separator: ", ")))
            return reply
        }
        switch context.path {
        case "/__admin/recordings/start":
            guard !context.uploadOverflow else {
                return Self.recordingError(400, title: "Invalid recording spec", detail: "the spec is larger than \(Self.uploadLimit) bytes")
            }
            do throws(StubError) {
                return startRecording(try RecordSpec(json: context.upload))
            } catch {
                return .json(400, object: [
                    "errors": [["code": 10, "source": ["pointer": error.pointer], "title": "Invalid recording spec", "detail": error.description]]
                ])
            }
        case "/__admin/recordings/stop":
            return stopRecording()
        case "/__admin/recordings/snapshot":
            return snapshotReply(context)
        default:
            return .json(200, object: ["status": recorder.status.rawValue, "captured": recorder.capturedCount])
        }
    }

    /// Starts recording `spec`: refused when it targets this server, when it would write with no
    /// root directory, or while a recording runs.
    func startRecording(_ spec: RecordSpec) -> Reply {
        if let target = spec.targetBaseUrl, let reason = selfTargetReason(target) {
            logger.warning("recording refused: \(LogText.escaped(reason))")
            return Self.recordingError(400, title: "Recording aimed at this server", detail: reason + "; give the real API's base URL")
        }
        if spec.persist, configuration.rootDirectory == nil {
            return Self.recordingError(
                400, title: "Nowhere to write the recording",
                detail: "persist (the default) writes mappings/ and __files/ under --root-dir, and this server has none; "
                    + "start it with --root-dir DIR, or send \"persist\": false")
        }
        do throws(Recorder.Refusal) {
            try recorder.start(spec)
        } catch {
            switch error {
            case .alreadyRecording:
                return Self.recordingError(409, title: "Already recording", detail: "stop the running recording first (POST /__admin/recordings/stop)")
            case .notRecording, .spool:
                return Self.recordingError(500, title: "Cannot start recording", detail: "\(error)")
            }
        }
        logger.info("recording started\(spec.targetBaseUrl.map { ": \(LogText.escaped($0))" } ?? "")")
        return .json(200, object: [String: Any]())
    }

    /// Stops recording: the mappings made, written when the spec persists, and served.
    func stopRecording() -> Reply {
        let finished: Recorder.Finished
        do throws(Recorder.Refusal) {
            finished = try recorder.stop()
        } catch {
            return Self.recordingError(400, code: 30, title: "Not currently recording.", detail: nil)
        }
        switch writeRecording(finished) {
        case .success(let mappings):
            return .json(200, JSONValue.object(["mappings": .array(mappings)]).data)
        case .failure(let problem):
            return Self.recordingError(500, title: "Cannot write the recording", detail: problem.description)
        }
    }

    /// Makes the mappings of a finished recording, writes them (with `persist`) and adds them to
    /// the stubs; the spool folder is removed in every case.
    func writeRecording(_ finished: Recorder.Finished) -> Result<[JSONValue], RecordingWriter.Failure> {
        defer { try? FileManager.default.removeItem(at: finished.spool) }
        let persist = finished.spec.persist && configuration.rootDirectory != nil
        do {
            let mappings = try RecordedMapping.make(finished.exchanges, spec: finished.spec, persisting: persist)
            let root = configuration.rootDirectory ?? finished.spool
            let listed = try RecordingWriter(root: root).place(mappings, persist: persist)
            var stubs: [Stub] = []
            for value in listed {
                // Bodies in files are served from `__files/`, which only a root directory has.
                if case .object(let members) = value, case .object(let response)? = members["response"],
                    response["bodyFileName"] != nil, stubFiles == nil
                { continue }
                stubs.append(try Stub(json: value.data))
            }
            try self.stubs.add(stubs, fromRootDirectory: false)
            logger.info("recording stopped: \(listed.count) mappings\(persist ? " written under \(configuration.rootDirectory?.path ?? "")" : "")")
            return .success(listed)
        } catch let failure as RecordingWriter.Failure {
            return .failure(failure)
        } catch {
            return .failure(RecordingWriter.Failure(description: "\(error)"))
        }
    }

    /// Where a request no stub answers goes: `--proxy-all`'s upstream, else the `targetBaseUrl` of
    /// the recording running now (starting a recording makes the server proxy it, as WireMock
    /// does), else nowhere (the catalog answers).
    var proxyingTarget: ProxyTarget? {
        proxyAll ?? recorder.target.map(ProxyTarget.init(base:))
    }

    /// A refusal in the stub API's error shape.
    static func recordingError(_ status: Int, code: Int = 10, title: String, detail: String?) -> Reply {
        var error: [String: Any] = ["code": code, "title": title]
        error["detail"] = detail
        return .json(status, object: ["errors": [error]])
    }
}
