import ContractsCore
import Foundation
import Gallery
import ImageCache
import Messages
import MockServer
import Networking

/// What one load did, as a contract sees it.
typealias LoadOutcome = TimedOutcome<LoadedImage, ImageLoadError>

extension TimedOutcome where Success == LoadedImage, Failure == ImageLoadError {
    /// A sentence for a violation: what happened, and what was expected.
    func observed(expecting expected: String) -> String {
        observed(
            expecting: expected, success: { "delivered a \($0.image.width)×\($0.image.height) image from \($0.source)" },
            failure: { "failed with \($0)" })
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

    /// Loads `url` with `loader` while the server is offline: `nil` when the image is
    /// delivered, else `what` followed by what happened instead of `expected`.
    static func deliversOffline(
        _ loader: any ImageLoading, _ server: MockServer, _ url: URL, _ what: String, expecting expected: String = "the image from disk"
    ) async -> String? {
        await whileOffline(server) {
            let outcome = await load(loader, url)
            if case .success = outcome { return nil }
            return what + outcome.observed(expecting: expected)
        }
    }

    /// Renders an image on the server before a timed check, then clears the journal, so neither
    /// rendering time nor the warming request is counted.
    static func warm(_ server: MockServer, _ path: String) async {
        _ = await ReferenceHTTP.body(port: server.port, pathAndQuery: path)
        server.resetJournal()
    }

    /// Starts three loads of `path` (held back `delay` ms by the server) on a fresh loader,
    /// waits until their one request reached the server and all three wait on it, then gives
    /// them to `check`. When the request never arrives, the loads are cancelled and that is the
    /// violation.
    static func withThreeWaitingLoads(
        _ subject: ImageLoadingSubject, _ server: MockServer, folder: URL, path: String, delay: Int,
        _ check: ([Task<Result<LoadedImage, ImageLoadError>, Never>]) async -> String?
    ) async -> String? {
        await warm(server, path)
        let loader = await subject.makeLoader(folder, relaxed)
        let url = server.url("\(path)?delay=\(delay)")
        let tasks = (0..<3).map { _ in Task { await result(loader, url) } }
        guard await eventually(within: .seconds(3), { server.suspendedConnections >= 1 }) else {
            tasks.forEach { $0.cancel() }
            return "the request never reached the server"
        }
        try? await Task.sleep(for: .milliseconds(50))  // the other two join the waiting transfer
        return await check(tasks)
    }

    /// A watched load's end in words: "delivered the image after 80 ms", "failed with … after 0 ms",
    /// "had not ended after 300 ms".
    static func describe(_ timed: Timed<Result<LoadedImage, ImageLoadError>>) -> String {
        switch timed {
        case .finished(.success(let loaded), let elapsed):
            return "delivered a \(loaded.image.width)×\(loaded.image.height) image from \(loaded.source) after \(elapsed.milliseconds) ms"
        case .finished(.failure(let error), let elapsed): return "failed with \(error) after \(elapsed.milliseconds) ms"
        case .overran(let elapsed): return "had not ended after \(elapsed.milliseconds) ms"
        }
    }

    /// Requests as the loader would see them: "2 requests (one answered 200, one the loader
    /// closed before the answer ended)".
    static func describe(_ records: [RequestRecord]) -> String {
        guard !records.isEmpty else { return "no request" }
        let each = records.map { record -> String in
            switch record.outcome {
            case .ok: return "one answered \(record.status)"
            case .clientClosed: return "one the loader closed before the answer ended"
            case .timeout: return "one the server gave up on (the loader sent nothing for a minute)"
            default: return "one the server ended abnormally on purpose (\(record.outcome.rawValue))"
            }
        }
        return "\(records.count) request\(records.count == 1 ? "" : "s") (\(each.joined(separator: ", ")))"
    }

    /// `nil` when loading the 400 MP image at `path` fails within `within` with a failure that
    /// shows imageTooLarge; else what the loader did, in the loader's terms.
    static func refusesTooManyPixels(
        _ subject: ImageLoadingSubject, _ server: MockServer, path: String, within: Duration
    ) async -> String? {
        await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, relaxed)
            let outcome = await load(loader, server.url(path), budget: within + .seconds(2))
            let expectation = "imageTooLarge within \(within.milliseconds) ms"
            switch outcome {
            case .failure(let error, let elapsed) where FailureMessages.imageCell(for: error) == FailureNotice(message: .imageTooLarge):
                return elapsed <= within ? nil : "showed imageTooLarge only after \(elapsed.milliseconds) ms, expected \(expectation)"
            case .failure(.broken, _):
                return "the loader showed brokenImage instead of imageTooLarge: the image is a valid 20000×20000 JPEG (400 MP, over the 50 MP limit), which the codec refuses as too large from its header (ImageCodec.decode throws ImageCodecError.tooLarge); report that error as ImageLoadError.tooLarge, not as a damaged image"
            case .success(let loaded, let elapsed):
                return "the loader decoded all \(loaded.image.width)×\(loaded.image.height) pixels in \(elapsed.milliseconds) ms and delivered them, expected the image refused as too large from its header (imageTooLarge)"
            default:
                return outcome.observed(expecting: expectation)
            }
        }
    }

    /// Runs `check` while watching the process's memory: its problem, else one when memory grew
    /// by `allowance` bytes or more (saying what the loader was doing, `what`, and the likely
    /// `cause`), else `nil`.
    static func withinMemoryGrowth(
        _ allowance: Int, while what: String, cause: String, _ check: @Sendable () async -> String?
    ) async -> String? {
        let (problem, growth) = await MemoryProbe.peakGrowth(during: check)
        if let problem { return problem }
        return growth < allowance
            ? nil
            : "memory grew by \(growth / 1_000_000) MB while \(what), expected under \(allowance / 1_000_000) MB: \(cause)"
    }

    static func records(_ server: MockServer, path: String) -> [RequestRecord] {
        server.requests.filter { $0.path == path }
    }
}
