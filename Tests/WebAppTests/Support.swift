import AppWireframe
import Foundation
import Logging
import MockServer
import Networking

@testable import WebApp

/// One server-sent event as the page would receive it.
struct ReceivedEvent {
    let name: String
    let json: [String: Any]
    /// The event's `id:` line, if it had one.
    var id: String? = nil
}

/// Reads a session's stream the way the page does, keeping every event in order.
@MainActor
final class PageRecorder {
    private(set) var events: [ReceivedEvent] = []
    private(set) var ended = false
    private var reader: Task<Void, Never>?

    init(_ session: WebSession) {
        let frames = session.frames
        reader = Task { @MainActor [weak self] in
            for await frame in frames { self?.record(frame) }
            self?.ended = true
        }
    }

    deinit { reader?.cancel() }

    func named(_ name: String) -> [ReceivedEvent] { events.filter { $0.name == name } }

    func last(_ name: String) -> [String: Any]? { named(name).last?.json }

    private func record(_ frame: String) {
        var lines = frame.split(separator: "\n")[...]
        let id = lines.first.flatMap { $0.hasPrefix("id: ") ? String($0.dropFirst("id: ".count)) : nil }
        if id != nil { lines = lines.dropFirst() }
        guard let first = lines.first, first.hasPrefix("event: ") else { return }  // keep-alive comments
        let name = String(first.dropFirst("event: ".count))
        let data = lines.dropFirst().map { $0.dropFirst("data: ".count) }.joined(separator: "\n")
        let json = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
        events.append(ReceivedEvent(name: name, json: json, id: id))
    }
}

/// A temporary folder for one test, deleted by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("WebAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The app against `server`, caching in `folder`, in English, with the mock server's token.
@MainActor
func makeApp(server: MockServer, folder: URL, scenario: String? = nil) -> AppWireframe {
    AppWireframe(configuration: AppConfiguration(
        serverBaseURL: server.baseURL, cacheFolder: folder.appendingPathComponent("cache"),
        databaseURL: folder.appendingPathComponent("feed.sqlite"), galleryScenario: scenario, language: .en,
        token: .value("testbed-token"),
        timeouts: RequestTimeouts(connect: .seconds(2), stall: .seconds(4), total: .seconds(8)),
        connectivityProbeInterval: .milliseconds(100)))
}

/// A logger that drops everything (the tests read outcomes, not log lines).
func silentLogger() -> Logger {
    Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
}

extension WebFrontEnd {
    /// Posts `json` as the page would.
    func post(_ json: String, to session: WebSession) -> Outcome {
        receive(Data(json.utf8), session: session.id)
    }
}
