import Foundation
import ImageCache
import ImageCodec
import Networking

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
    }

    private let client = CurlHTTPClient()
    private let memory: MemoryImageCache?
    private let disk: DiskCache?
    private let folder: URL
    private let flaw: Flaw
    private let timeouts: RequestTimeouts
    private let shared = SharedTransfers()

    init(folder: URL, timeouts: RequestTimeouts, flaw: Flaw) {
        self.flaw = flaw
        self.folder = folder
        self.timeouts = timeouts
        memory = flaw == .noCache ? nil : MemoryImageCache()
        disk = flaw == .noCache || flaw == .memoryOnly ? nil : DiskCache(folder: folder)
    }

    func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        let key = url.absoluteString
        if let image = memory?.image(for: key) { return LoadedImage(image: image, source: .memory) }
        if let data = await disk?.data(for: key), let image = try? ImageCodec.decode(data) {
            memory?.insert(image, for: key)
            return LoadedImage(image: image, source: .disk)
        }
        let outcome: Result<DecodedImage, ImageLoadError>
        if flaw == .noCoalescing {
            outcome = await fetch(url, key: key)
        } else {
            let task = await shared.task(for: key) { await self.fetch(url, key: key) }
            if flaw == .cancelOneCancelsAll {
                outcome = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            } else {
                // Waits for the shared task whatever happens to the caller: a cancelled load
                // neither ends early nor stops the transfer.
                outcome = await task.value
            }
        }
        return try outcome.map { LoadedImage(image: $0, source: .network) }.get()
    }

    private func fetch(_ url: URL, key: String) async -> Result<DecodedImage, ImageLoadError> {
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeouts: timeouts))
        } catch {
            if flaw == .everyErrorIsBroken { return .failure(.broken) }
            if error.isTransient, let data = await disk?.data(for: key), let image = try? ImageCodec.decode(data) {
                return .success(image)
            }
            return .failure(ImageLoadError(error))
        }
        guard response.header("content-type")?.hasPrefix("image/") == true else {
            return .failure(flaw == .everyErrorIsBroken ? .broken : .unavailable)
        }
        let image: DecodedImage
        do {
            switch flaw {
            case .decodesWithoutPixelCheck: image = try ImageCodec.decode(response.body, maxPixels: .max)
            case .tinyPixelLimit: image = try ImageCodec.decode(response.body, maxPixels: 100_000)
            default: image = try ImageCodec.decode(response.body)
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
        await disk?.store(response.body, for: key)
        memory?.insert(image, for: key)
        return .success(image)
    }
}

/// One unstructured `Task` per key, forgotten when it ends.
private actor SharedTransfers {
    private var tasks: [String: Task<Result<DecodedImage, ImageLoadError>, Never>] = [:]

    func task(
        for key: String, _ operation: @escaping @Sendable () async -> Result<DecodedImage, ImageLoadError>
    ) -> Task<Result<DecodedImage, ImageLoadError>, Never> {
        if let task = tasks[key] { return task }
        let task = Task.detached {
            let outcome = await operation()
            await self.forget(key)
            return outcome
        }
        tasks[key] = task
        return task
    }

    private func forget(_ key: String) { tasks[key] = nil }
}
