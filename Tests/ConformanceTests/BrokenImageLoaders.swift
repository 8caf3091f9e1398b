import Foundation
import ImageCache
import ImageCodec
import Networking
import Synchronization

// A deliberately broken image loader. It is a plain working loader (memory → disk → network,
// one shared `Task` per URL, disk fallback when offline) with one flaw switched on, each the
// way real loaders get it wrong, so that every ImageLoading contract is shown to fail when
// its rule is broken.

/// An image loader with one chosen flaw.
final class BrokenImageLoader: ImageLoading {
    enum Flaw: Sendable, Equatable {
        /// Keeps nothing: every load goes to the network.
        case noCache
        /// Keeps decoded images in memory only, so a restart loses them.
        case memoryOnly
        /// Reports every failure as a broken image.
        case everyErrorIsBroken
        /// Reports bytes that do not decode as "not an image" (unavailable).
        case decodeFailureIsUnavailable
        /// Decodes without reading the header first, trusting no pixel limit.
        case decodesWithoutPixelCheck
        /// Each load sends its own request.
        case noCoalescing
        /// A waiter's cancellation cancels the shared transfer, under everyone else.
        case cancelOneCancelsAll
        /// Nothing more than the waiting every twin shares: a load waits for the shared task
        /// whatever happens to its caller, so cancelling never ends it early nor stops the transfer.
        case ignoresCancellation
        /// A pixel limit of 100,000 (a limit in bytes mistaken for pixels): gallery images refused.
        case tinyPixelLimit
        /// Writes its disk copy itself with a throwing call and lets the error fail the load.
        case diskErrorFailsLoad
        /// Tells only the load that started a shared transfer of its failure; the loads that
        /// joined it end as cancelled, as if the failure were a cancellation.
        case failureOnlyToFirst
        /// Takes an empty body for an image still to come and shows a 1×1 placeholder.
        case emptyBodyIsImage
        /// Sniffs the bytes and decodes whatever the `Content-Type` says.
        case ignoresContentType
        /// Remembers every failed URL and fails it again at once (SDWebImage's failed-URL
        /// list without its retry option), counting a cancelled load as a failure.
        case remembersFailures
        /// Gives up at the first failed transfer: no retry.
        case neverRetries
        /// Takes a disk copy that does not decode for a broken image instead of a miss.
        case trustsDiskCopy
        /// Keeps its disk copies in files of its own, creating the folder only at start.
        case folderCreatedOnce
        /// Does nothing on a memory-pressure trim (the protocol's default).
        case ignoresMemoryTrim
        /// Takes no notice of the target size: every load decodes the full-size image.
        case ignoresTargetSize
        /// Fetches a stale disk copy whole again, without its validators (a 200, never a 304).
        case refetchesStaleCopy
        /// Retries a cut body from its first byte, dropping what arrived (no `Range`).
        case restartsCutDownloads
    }

    /// Retries of the working loader: two, 150 ms and 300 ms apart, of a 5xx or a lost connection.
    private static let retryWaits: [Duration] = [.milliseconds(150), .milliseconds(300)]

    private let client = CurlHTTPClient()
    private let memory: MemoryImageCache?
    private let disk: (any DataCaching)?
    private let folder: URL
    private let flaw: Flaw
    private let timeouts: RequestTimeouts
    private let shared = SharedTransfers()
    private let failed = FailedURLs()

    init(folder: URL, timeouts: RequestTimeouts, flaw: Flaw) {
        self.flaw = flaw
        self.folder = folder
        self.timeouts = timeouts
        memory = flaw == .noCache ? nil : MemoryImageCache()
        switch flaw {
        case .noCache, .memoryOnly: disk = nil
        case .folderCreatedOnce: disk = PlainDiskStore(folder: folder)
        default: disk = DiskCache(folder: folder)
        }
    }

    func trimMemory(toCost cost: Int) {
        if flaw != .ignoresMemoryTrim { memory?.trim(toCost: cost) }
    }

    func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        // The disk keeps the downloaded bytes per URL; memory and the shared task are per URL and size.
        let key = url.absoluteString
        let target = flaw == .ignoresTargetSize ? nil : options.targetSize
        let memoryKey = target.map { "\(key) \($0)" } ?? key
        if let image = memory?.image(for: memoryKey) { return LoadedImage(image: image, source: .memory) }
        if let entry = await disk?.entry(for: key) {
            if let image = try? Self.decode(entry.data, target: target) {
                memory?.insert(image, for: memoryKey)
                guard let metadata = entry.metadata, metadata.isStale(at: Date(), defaultLifetime: .seconds(3600)) else {
                    return LoadedImage(image: image, source: .disk)
                }
                if let revalidated = await revalidate(url, key: key, metadata: metadata, copy: image) { return revalidated }
            } else if flaw == .trustsDiskCopy {
                throw .broken
            }
        }
        if flaw == .remembersFailures, let error = failed[key] { throw error }
        let outcome: Result<DecodedImage, ImageLoadError>
        if flaw == .noCoalescing {
            outcome = await fetch(url, key: key, memoryKey: memoryKey, target: target)
        } else {
            let (task, started) = await shared.task(for: memoryKey) {
                let outcome = await self.fetch(url, key: key, memoryKey: memoryKey, target: target)
                // Noted before the task is forgotten, so a load that no longer finds the task finds this.
                if self.flaw == .remembersFailures, case .failure(let error) = outcome { self.failed[key] = error }
                return outcome
            }
            if flaw == .cancelOneCancelsAll || flaw == .remembersFailures {
                outcome = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            } else {
                // Waits for the shared task whatever happens to the caller: a cancelled load
                // neither ends early nor stops the transfer.
                let value = await task.value
                if flaw == .failureOnlyToFirst, !started, case .failure = value {
                    outcome = .failure(.cancelled)
                } else {
                    outcome = value
                }
            }
        }
        return try outcome.map { LoadedImage(image: $0, source: .network) }.get()
    }

    /// Sends the request, retrying a 5xx or a lost connection (unless the flaw says never); a
    /// retry after a cut body asks for the rest with `Range` when the server allows it.
    private func send(_ url: URL) async -> Result<HTTPResponse, NetworkError> {
        var retry = 0
        var resume: (prefix: Data, etag: String, headers: [String: String])?
        while true {
            var request = HTTPRequest(url: url, timeouts: timeouts)
            if let resume, flaw != .restartsCutDownloads {
                request.headers["Range"] = "bytes=\(resume.prefix.count)-"
                request.headers["If-Range"] = resume.etag
            }
            let kept = KeptPartial()
            do {
                let response = try await client.send(request, keepingPartialBody: { kept.value = $0 })
                if response.status == 206, let resume {
                    return .success(HTTPResponse(url: response.url, status: 200, headers: resume.headers, body: resume.prefix + response.body))
                }
                return .success(response)
            } catch {
                if let partial = kept.value {
                    if partial.status == 206, let earlier = resume {
                        resume = (earlier.prefix + partial.body, earlier.etag, earlier.headers)
                    } else if partial.status == 200, let etag = partial.header("etag"), partial.header("accept-ranges") == "bytes" {
                        resume = (partial.body, etag, partial.headers)
                    } else {
                        resume = nil
                    }
                }
                let retryable: Bool
                switch error {
                case .httpStatus(let status): retryable = status >= 500
                case .connectionLost: retryable = true
                default: retryable = false
                }
                guard retryable, flaw != .neverRetries, retry < Self.retryWaits.count else { return .failure(error) }
                do {
                    try await Task.sleep(for: Self.retryWaits[retry])
                } catch {
                    return .failure(.cancelled)
                }
                retry += 1
            }
        }
    }

    /// `data` decoded at the smallest size covering `target` (full size without one).
    private static func decode(_ data: Data, maxPixels: Int = ImageCodec.defaultMaxPixels, target: PixelSize?) throws(ImageCodecError) -> DecodedImage {
        guard let target else { return try ImageCodec.decode(data, maxPixels: maxPixels) }
        return try ImageCodec.decode(data, covering: target, maxPixels: maxPixels)
    }

    private func fetch(_ url: URL, key: String, memoryKey: String, target: PixelSize?) async -> Result<DecodedImage, ImageLoadError> {
        let response: HTTPResponse
        switch await send(url) {
        case .success(let answer):
            response = answer
        case .failure(let error):
            if flaw == .everyErrorIsBroken { return .failure(.broken) }
            if error.isTransient, let data = await disk?.data(for: key), let image = try? Self.decode(data, target: target) {
                return .success(image)
            }
            return .failure(ImageLoadError(error))
        }
        guard response.header("content-type")?.hasPrefix("image/") == true || flaw == .ignoresContentType else {
            return .failure(flaw == .everyErrorIsBroken ? .broken : .unavailable)
        }
        if flaw == .emptyBodyIsImage, response.body.isEmpty, let placeholder = try? DecodedImage(width: 1, height: 1, pixels: [0, 0, 0, 0]) {
            return .success(placeholder)
        }
        let image: DecodedImage
        do {
            switch flaw {
            case .decodesWithoutPixelCheck: image = try Self.decode(response.body, maxPixels: .max, target: target)
            case .tinyPixelLimit: image = try Self.decode(response.body, maxPixels: 100_000, target: target)
            default: image = try Self.decode(response.body, target: target)
            }
        } catch {
            if case .tooLarge = error, flaw != .everyErrorIsBroken { return .failure(.tooLarge) }
            return .failure(flaw == .decodeFailureIsUnavailable ? .unavailable : .broken)
        }
        if flaw == .diskErrorFailsLoad {
            do {
                try response.body.write(to: folder.appendingPathComponent("copy-\(abs(key.hashValue))"))
            } catch {
                return .failure(.unavailable)
            }
        }
        await disk?.store(response.body, metadata: Self.metadata(of: response), for: key)
        memory?.insert(image, for: memoryKey)
        return .success(image)
    }

    /// Asks again for a stale disk copy, with its validators (unless the flaw says not): the
    /// copy on a 304 or a transient failure; `nil` to fetch it as new (a 200, another failure).
    private func revalidate(_ url: URL, key: String, metadata: CacheEntryMetadata, copy: DecodedImage) async -> LoadedImage? {
        guard flaw != .refetchesStaleCopy else { return nil }
        var request = HTTPRequest(url: url, timeouts: timeouts)
        request.headers["If-None-Match"] = metadata.etag
        request.headers["If-Modified-Since"] = metadata.lastModified
        request.acceptableStatus = 200...304
        do {
            let response = try await client.send(request)
            guard response.status == 304 else { return nil }
            var refreshed = metadata
            refreshed.validatedAt = Date()
            await disk?.updateMetadata(refreshed, for: key)
            return LoadedImage(image: copy, source: .disk)
        } catch {
            return error.isTransient ? LoadedImage(image: copy, source: .disk) : nil
        }
    }

    /// Validators and `max-age` of an answer, validated now.
    private static func metadata(of response: HTTPResponse) -> CacheEntryMetadata {
        let maxAge = response.header("cache-control").flatMap { value in
            value.split(separator: ",").compactMap { directive -> Int? in
                let parts = directive.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first
        }
        return CacheEntryMetadata(
            etag: response.header("etag"), lastModified: response.header("last-modified"), validatedAt: Date(), maxAge: maxAge)
    }
}

/// One unstructured `Task` per key, forgotten when it ends.
private actor SharedTransfers {
    private var tasks: [String: Task<Result<DecodedImage, ImageLoadError>, Never>] = [:]

    /// The running task for `key`, or a new one running `operation`; `started` when new.
    func task(
        for key: String, _ operation: @escaping @Sendable () async -> Result<DecodedImage, ImageLoadError>
    ) -> (task: Task<Result<DecodedImage, ImageLoadError>, Never>, started: Bool) {
        if let task = tasks[key] { return (task, false) }
        let task = Task.detached {
            let outcome = await operation()
            await self.forget(key)
            return outcome
        }
        tasks[key] = task
        return (task, true)
    }

    private func forget(_ key: String) { tasks[key] = nil }
}

/// The partial body a cut transfer handed over.
private final class KeptPartial: Sendable {
    private let partial = Mutex<HTTPResponse?>(nil)

    var value: HTTPResponse? {
        get { partial.withLock { $0 } }
        set { partial.withLock { $0 = newValue } }
    }
}

/// The failure of each URL that failed, for the twin that never asks again.
private final class FailedURLs: Sendable {
    private let errors = Mutex<[String: ImageLoadError]>([:])

    subscript(key: String) -> ImageLoadError? {
        get { errors.withLock { $0[key] } }
        set { errors.withLock { $0[key] = newValue } }
    }
}

/// Disk copies as plain files named by the key's SHA-256, in a folder created once at start:
/// when the folder is deleted, every later write fails (silently) and nothing is kept.
private final class PlainDiskStore: DataCaching {
    private let folder: URL

    init(folder: URL) {
        self.folder = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func file(_ key: String) -> URL {
        folder.appendingPathComponent(DiskCache.fileName(for: key))
    }

    func data(for key: String) async -> Data? { try? Data(contentsOf: file(key)) }
    func store(_ data: Data, for key: String) async { try? data.write(to: file(key)) }
    func removeData(for key: String) async { try? FileManager.default.removeItem(at: file(key)) }
    func removeAll() async {}
    var totalSize: Int { get async { 0 } }
    var sizeLimit: Int { .max }
    func failures() -> AsyncStream<DiskCacheFailure> { AsyncStream { $0.finish() } }
}
