import Foundation

/// `--record-mappings` (``MockServer/Configuration/recordMappings``): a recording that runs from
/// the start to the stop of the server, of everything proxied, bodies to `__files/`.
extension ServerCore {
    /// Starts the configured recording, if any (at start, once the listeners are bound).
    func startConfiguredRecording() throws(MockServerError) {
        guard configuration.recordMappings, recorder.status != .recording else { return }
        guard configuration.rootDirectory != nil else {
            throw .invalidStubs(StubError(.invalid, field: "", reason: "recording mappings needs a root directory (--root-dir) to write them in"))
        }
        var spec = RecordSpec()
        spec.bodiesToFiles = true
        spec.repeatsAsScenarios = true
        do throws(Recorder.Refusal) {
            try recorder.start(spec)
        } catch {
            throw .invalidStubs(StubError(.unreadable, field: "", reason: "cannot start recording: \(error)"))
        }
        logger.info("recording every proxied exchange into \(configuration.rootDirectory?.path ?? "") (written when the server stops)")
    }

    /// Writes the configured recording when the server stops (the listeners closed already, so
    /// nothing more arrives); a recording started through the admin API and still running is
    /// written too, as its `persist` says, rather than lost.
    func finishConfiguredRecording() {
        guard recorder.status == .recording, let finished = try? recorder.stop() else { return }
        switch writeRecording(finished) {
        case .success(let mappings):
            logger.notice("recording written: \(mappings.count) mappings under \(configuration.rootDirectory?.path ?? "(not persisted)")")
        case .failure(let problem):
            logger.error("recording not written: \(problem.description)")
        }
    }
}
