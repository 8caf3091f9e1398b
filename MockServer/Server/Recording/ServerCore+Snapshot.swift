import Foundation

/// `POST /__admin/recordings/snapshot`: mappings made from the proxied exchanges the server kept
/// (``ProxyJournal``), with the spec of a recording (`filters`, `captureHeaders`,
/// `requestBodyPattern`, `extractBodyCriteria`, `persist`, `repeatsAsScenarios`), answered as
/// `{"mappings": […]}`, written and served as a recording's are. An exchange whose body passed
/// the journal's limit is skipped (logged), since its mapping would answer a cut body.
extension ServerCore {
    /// What a request proxied now is shown to: the recorder (while it records and its filters
    /// admit it) and the proxy journal, which snapshots read.
    func captures(for request: ProxiedRequest) -> any ProxyCapture {
        let journal = ProxyJournalCapture(request: request, journal: proxyJournal)
        guard let recording = recorder.capture(for: request) else { return journal }
        return ProxyCaptures([recording, journal])
    }

    /// The answer of `POST /__admin/recordings/snapshot`.
    func snapshotReply(_ context: RequestContext) -> Reply {
        let spec: RecordSpec
        do throws(StubError) {
            guard !context.uploadOverflow else { throw StubError(.invalid, field: "", reason: "the spec is larger than \(Self.uploadLimit) bytes") }
            spec = try RecordSpec(json: context.upload)
        } catch {
            return .json(400, object: [
                "errors": [["code": 10, "source": ["pointer": error.pointer], "title": "Invalid snapshot spec", "detail": error.description]]
            ])
        }
        if spec.persist, configuration.rootDirectory == nil {
            return Self.recordingError(
                400, title: "Nowhere to write the snapshot",
                detail: "persist (the default) writes under --root-dir, and this server has none; send \"persist\": false")
        }
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("mockserver-snapshot-\(UUID().uuidString.lowercased())")
        do {
            try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return Self.recordingError(500, title: "Cannot take a snapshot", detail: "cannot make \(spool.path): \(error.localizedDescription)")
        }
        var exchanges: [RecordedExchange] = []
        var skipped = 0
        var seen: Set<String> = []
        for (index, entry) in proxyJournal.entries.enumerated() {
            if let filters = spec.filters {
                guard filters.admits(entry.request) else { continue }
                if filters.ignoreRepeatRequests, !seen.insert(Recorder.repeatKey(entry.request)).inserted { continue }
            }
            guard let body = entry.body else {
                skipped += 1
                continue
            }
            var file: URL?
            if !body.isEmpty {
                let url = spool.appendingPathComponent("\(index).body")
                do {
                    try body.write(to: url)
                } catch {
                    try? FileManager.default.removeItem(at: spool)
                    return Self.recordingError(500, title: "Cannot take a snapshot", detail: "cannot write \(url.path): \(error.localizedDescription)")
                }
                file = url
            }
            exchanges.append(RecordedExchange(request: entry.request, status: entry.status, headers: entry.headers, bodyFile: file, bodySize: body.count))
        }
        if skipped > 0 {
            logger.warning("snapshot: \(skipped) proxied exchanges skipped, their bodies were over \(ProxyJournal.bodyLimit) bytes (record them instead)")
        }
        switch writeRecording(Recorder.Finished(spec: spec, exchanges: exchanges, spool: spool)) {
        case .success(let mappings):
            return .json(200, JSONValue.object(["mappings": .array(mappings)]).data)
        case .failure(let problem):
            return Self.recordingError(500, title: "Cannot write the snapshot", detail: problem.description)
        }
    }
}
