import ArgumentParser
import Foundation

/// `mockserver`'s recording options (`--record-mappings`), kept apart from the other options.
struct RecordingOptions: ParsableArguments {
    @Flag(
        name: .customLong("record-mappings"),
        help: """
            Record every proxied exchange (with --proxy-all) and write it, when the server stops (Ctrl-C, SIGTERM), \
            as WireMock mappings under --root-dir: mappings/*.json, bodies in __files/. Needs --root-dir (made if missing).
            """)
    var recordMappings = false

    /// Makes `root`'s `mappings/` and `__files/` when recording into it (as WireMock does), so an
    /// empty folder can be recorded into.
    func prepare(rootDirectory: String?) throws {
        guard recordMappings else { return }
        guard let rootDirectory else { throw ValidationError("--record-mappings needs --root-dir DIR to write the mappings in") }
        for folder in ["mappings", "__files"] {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: rootDirectory, isDirectory: true).appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }
}
