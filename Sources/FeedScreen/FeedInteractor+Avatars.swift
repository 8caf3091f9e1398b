import Foundation
import Logging
import Networking
import Storage

extension FeedInteractor {
    /// Loads the avatars at `urls` that are neither in flight nor failed before: from the
    /// avatar cache, else from the network (then cached). One fetch per URL at a time; a
    /// failure is logged, reported at once (final: nothing waits for it any more) and that URL
    /// is not asked for again.
    func loadAvatars(_ urls: [String]) {
        guard !isStopped else { return }
        for url in urls where avatarTasks[url] == nil && !failedAvatars.contains(url) {
            let (avatars, client, logger) = (dependencies.avatars, dependencies.avatarClient, logger)
            nextAvatarToken += 1
            let token = nextAvatarToken
            let task = Task { [weak self] in
                let bytes = await Self.fetchAvatar(url, avatars: avatars, client: client, logger: logger)
                self?.avatarFinished(url, token: token, bytes: bytes)
            }
            avatarTasks[url] = AvatarFetch(token: token, task: task)
        }
    }

    /// Cancels every avatar fetch in flight (avatars were turned off, or the screen closes).
    func cancelAvatarLoads() {
        let running = avatarTasks
        avatarTasks = [:]
        for fetch in running.values { fetch.task.cancel() }
    }

    private func avatarFinished(_ url: String, token: Int, bytes: [UInt8]?) {
        guard avatarTasks[url]?.token == token else { return }  // cancelled meanwhile
        avatarTasks[url] = nil
        guard let bytes else {
            failedAvatars.insert(url)
            deliver { $0.interactorDidFailLoadingAvatar(for: url) }
            return
        }
        deliver { $0.interactorDidLoadAvatar(bytes, for: url) }
    }

    /// The avatar's bytes from the cache or the network, or `nil` (logged) when neither has it.
    @concurrent
    private nonisolated static func fetchAvatar(
        _ url: String, avatars: any AvatarCaching, client: any HTTPClient, logger: Logger
    ) async -> [UInt8]? {
        do {
            if let cached = try await avatars.avatar(for: url) { return [UInt8](cached) }
        } catch {
            logger.warning("reading a cached avatar failed", metadata: ["url": "\(url)", "error": "\(error)"])
        }
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), ["http", "https"].contains(scheme)
        else {
            logger.warning("an avatar URL is not usable", metadata: ["url": "\(url)"])
            return nil
        }
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: address, maxBytes: avatarMaxBytes))
        } catch {
            if error != .cancelled {
                logger.warning("fetching an avatar failed", metadata: ["url": "\(url)", "error": "\(error)"])
            }
            return nil
        }
        guard !Task.isCancelled else { return nil }
        do {
            try await avatars.store(response.body, for: url)
        } catch {
            logger.warning("caching an avatar failed", metadata: ["url": "\(url)", "error": "\(error)"])
        }
        return [UInt8](response.body)
    }
}

/// One avatar fetch in flight; the token tells it from a later fetch of the same URL.
struct AvatarFetch {
    /// Which fetch this is.
    let token: Int
    /// The fetch.
    let task: Task<Void, Never>
}
