import ContractsCore
import Foundation
import Gallery
import ImageCache
import Messages
import MockServer
import Networking

/// What one load did, as a contract sees it.
enum LoadOutcome: Sendable {
    case success(LoadedImage, elapsed: Duration)
    case failure(ImageLoadError, elapsed: Duration)
    case overran(Duration)

    /// A sentence for a violation: what happened, and what was expected.
    func observed(expecting expected: String) -> String {
        switch self {
        case .success(let loaded, let elapsed):
            return "delivered a \(loaded.image.width)×\(loaded.image.height) image from \(loaded.source) after \(elapsed.milliseconds) ms, expected \(expected)"
        case .failure(let error, let elapsed):
            return "failed with \(error) after \(elapsed.milliseconds) ms, expected \(expected)"
        case .overran(let elapsed):
            return "no answer after \(elapsed.milliseconds) ms, expected \(expected)"
        }
    }
}

extension ImageLoadingContracts {
    /// Deadlines for rules that are not about deadlines: generous, but far below the defaults.
    static let relaxed = RequestTimeouts(connect: .seconds(2), stall: .seconds(3), total: .seconds(8))

    /// Loads `url` with a watchdog of `budget`.
    static func load(
        _ loader: any ImageLoading, _ url: URL, options: ImageLoadOptions = ImageLoadOptions(),
        budget: Duration = .seconds(10)
    ) async -> LoadOutcome {
        let outcome = await withWatchdog(budget) { () async -> Result<LoadedImage, ImageLoadError> in
            await result(loader, url, options: options)
        }
        switch outcome {
        case .overran(let elapsed): return .overran(elapsed)
        case .finished(.success(let loaded), let elapsed): return .success(loaded, elapsed: elapsed)
        case .finished(.failure(let error), let elapsed): return .failure(error, elapsed: elapsed)
        }
    }

    /// One load as a `Result`.
    static func result(
        _ loader: any ImageLoading, _ url: URL, options: ImageLoadOptions = ImageLoadOptions()
    ) async -> Result<LoadedImage, ImageLoadError> {
        do throws(ImageLoadError) {
            return .success(try await loader.image(for: url, options: options))
        } catch {
            return .failure(error)
        }
    }

    /// `nil` when loading `path` fails within `within` with an error whose image-cell notice is `expected`.
    static func expectNotice(
        _ expected: FailureNotice, _ subject: ImageLoadingSubject, _ server: MockServer, path: String,
        timeouts: RequestTimeouts = relaxed, within: Duration = .seconds(8)
    ) async -> String? {
        await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, timeouts)
            let outcome = await load(loader, server.url(path), budget: within + .seconds(2))
            let expectation = "the notice \(expected.message)\(expected.hint.map { " + \($0)" } ?? "") within \(within.milliseconds) ms"
            guard case .failure(let error, let elapsed) = outcome else { return outcome.observed(expecting: expectation) }
            let notice = FailureMessages.imageCell(for: error)
            guard notice == expected else {
                let shown = notice.map { "\($0.message)\($0.hint.map { " + \($0)" } ?? "")" } ?? "nothing"
                return "failed with \(error), which shows \(shown), expected \(expectation)"
            }
            return elapsed <= within ? nil : "showed the right notice only after \(elapsed.milliseconds) ms, expected \(expectation)"
        }
    }

    /// Loads `path` once with a fresh loader on `folder`; `nil` when it was delivered.
    static func loadOnce(_ subject: ImageLoadingSubject, _ server: MockServer, folder: URL, path: String) async -> String? {
        let loader = await subject.makeLoader(folder, relaxed)
        let outcome = await load(loader, server.url(path))
        if case .success = outcome { return nil }
        return "the first load, online: " + outcome.observed(expecting: "the image")
    }

    /// Runs `body` with the server's main port closed, then opens it again.
    static func whileOffline(_ server: MockServer, _ body: () async -> String?) async -> String? {
        do {
            try server.setOffline(true)
        } catch {
            return "the mock server could not go offline: \(error)"
        }
        let problem = await body()
        do {
            try server.setOffline(false)
        } catch {
            return problem ?? "the mock server could not come back online: \(error)"
        }
        return problem
    }

    /// Renders an image on the server before a timed check, then clears the journal, so neither
    /// rendering time nor the warming request is counted.
    static func warm(_ server: MockServer, _ path: String) {
        _ = ReferenceHTTP.body(port: server.port, pathAndQuery: path)
        server.resetJournal()
    }

    /// Journal entries for `path` (without query).
    /// Starts three loads of `path` (held back `delay` ms by the server) on a fresh loader and
    /// waits until their one request reached the server and all three wait on it. `nil` when
    /// the request never arrived (the loads are then cancelled).
    static func threeWaitingLoads(
        _ subject: ImageLoadingSubject, _ server: MockServer, folder: URL, path: String, delay: Int
    ) async -> [Task<Result<LoadedImage, ImageLoadError>, Never>]? {
        warm(server, path)
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("\(path)?delay=\(delay)")
        let tasks = (0..<3).map { _ in Task { await result(loader, url) } }
        guard await eventually(within: .seconds(3), { server.suspendedConnections >= 1 }) else {
            tasks.forEach { $0.cancel() }
            return nil
        }
        try? await Task.sleep(for: .milliseconds(50))  // the other two join the waiting transfer
        return tasks
    }

    static func records(_ server: MockServer, path: String) -> [RequestRecord] {
        server.requests.filter { $0.path == path }
    }
}
