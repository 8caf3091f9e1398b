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
    /// empty folder can be recorded into, and checks that both can be written: the recording is
    /// written only when the server stops, and a folder found read-only then would lose the whole
    /// session, so the start is refused instead, naming the folder and why.
    func prepare(rootDirectory: String?) throws {
        guard recordMappings else { return }
        guard let rootDirectory else { throw ValidationError("--record-mappings needs --root-dir DIR to write the mappings in") }
        for name in ["mappings", "__files"] {
            let folder = URL(fileURLWithPath: rootDirectory, isDirectory: true).appendingPathComponent(name).path
            if let code = Self.makeFolder(folder) {
                throw ValidationError("--record-mappings cannot make \(folder): \(String(cString: strerror(code)))")
            }
            guard access(folder, W_OK) == 0 else {
                let reason = String(cString: strerror(errno))
                throw ValidationError("--record-mappings cannot write in \(folder) (\(reason)): the recording would be lost when the server stops")
            }
        }
    }

    /// Makes `path` and its missing parents (`mkdir -p`); the `errno` of the step that failed, or
    /// `nil`. POSIX calls rather than `FileManager`, whose error on Linux names no reason.
    private static func makeFolder(_ path: String) -> Int32? {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o777) != 0, errno != EEXIST { return errno }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return ENOTDIR }
        return nil
    }
}
