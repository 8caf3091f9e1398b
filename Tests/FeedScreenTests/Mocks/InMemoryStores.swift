import Foundation
import Networking
import Storage
import Synchronization

/// An ``AvatarCaching`` in memory.
final class InMemoryAvatarStore: AvatarCaching {
    private let entries: Mutex<[String: Data]>

    init(_ entries: [String: Data] = [:]) {
        self.entries = Mutex(entries)
    }

    /// What is stored.
    var stored: [String: Data] { entries.withLock { $0 } }

    func avatar(for url: String) async throws(StorageError) -> Data? { entries.withLock { $0[url] } }

    func store(_ data: Data, for url: String) async throws(StorageError) { entries.withLock { $0[url] = data } }

    func totalSize() async throws(StorageError) -> Int { entries.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}

/// A ``SettingsStoring`` in memory.
final class InMemorySettingsStore: SettingsStoring {
    private let settings: Mutex<FeedSettings>

    init(_ settings: FeedSettings = .default) {
        self.settings = Mutex(settings)
    }

    /// What is saved.
    var current: FeedSettings {
        get { settings.withLock { $0 } }
        set { settings.withLock { $0 = newValue } }
    }

    func load() async throws(StorageError) -> FeedSettings { current }

    func save(_ settings: FeedSettings) async throws(StorageError) { current = settings }
}

/// An ``HTTPClient`` for avatars: answers each URL with bytes made from it, records every
/// request; URLs can be made to fail, and answers can be held until released.
final class RecordingAvatarClient: HTTPClient {
    private struct State {
        var requests: [HTTPRequest] = []
        var failing: Set<String> = []
        var gate: Gate?
    }

    private let state = Mutex(State())

    /// The bytes answered for `url`.
    static func bytes(for url: String) -> Data { Data("avatar:\(url)".utf8) }

    /// Every request so far.
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Requests for `url`.
    func requests(for url: String) -> Int { requests.filter { $0.url.absoluteString == url }.count }

    /// Answers `url` with a 404 from now on.
    func fail(_ url: String) { state.withLock { _ = $0.failing.insert(url) } }

    /// Holds every answer until the returned gate is opened.
    func hold() -> Gate {
        let gate = Gate()
        state.withLock { $0.gate = gate }
        return gate
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let url = request.url.absoluteString
        let (failing, gate) = state.withLock { state in
            state.requests.append(request)
            return (state.failing.contains(url), state.gate)
        }
        if let gate { await gate.wait() }
        if Task.isCancelled { throw .cancelled }
        if failing { throw .httpStatus(404) }
        return HTTPResponse(url: request.url, status: 200, headers: [:], body: Self.bytes(for: url))
    }
}
