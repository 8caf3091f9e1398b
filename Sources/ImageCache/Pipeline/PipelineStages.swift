import Foundation
import ImageCodec
import Networking

/// The steps of ``ImagePipeline`` after a memory miss, run as one ``LoadCoalescer`` job per key;
/// a value so a job task can carry it without holding the pipeline.
struct PipelineStages: Sendable {
    typealias Outcome = Result<LoadedImage, ImageLoadError>

    let client: any HTTPClient
    let memory: any ImageCaching
    let disk: any DataCaching
    let decoder: any ImageDecoding
    let configuration: ImagePipeline.Configuration

    /// The job of `key` (a URL at a size): for a plain load memory, then disk (read once,
    /// decoded once), then the network; for a reload the network alone. A transient network
    /// failure delivers the cached copy, reading the disk only when this job has not read it
    /// already. A stale disk copy is not delivered at once: it is revalidated first
    /// (PipelineStages+Revalidation.swift).
    func load(url: URL, key: LoadKey, job: LoadJob) async -> Outcome {
        var copy: LoadedImage?
        var stale: CacheEntryMetadata?
        if job.readsCaches {
            // Memory again: a job that ended a moment ago may have put the image there.
            if let image = memory.image(for: key.memory) {
                copy = LoadedImage(image: image, source: .memory)
            } else if let entry = await diskEntry(key: key) {
                copy = entry.image
                stale = staleMetadata(entry.metadata)
            }
            // The plain loads have what they came for; go on only for reloads that joined.
            if let copy, stale == nil, await !job.deliver(copy) { return .success(copy) }
        }
        return await fromNetwork(url: url, key: key, job: job, copy: copy, revalidating: stale)
    }

    /// The transfer, tried again as ``ImagePipeline/Configuration/retry`` allows (the slot is
    /// given back while waiting to retry), then checked and decoded.
    private func fromNetwork(
        url: URL, key: LoadKey, job: LoadJob, copy: LoadedImage?, revalidating: CacheEntryMetadata?
    ) async -> Outcome {
        let clock = ContinuousClock()
        var start: ContinuousClock.Instant?
        var retries = 0
        var lastFailure: NetworkError?
        var resume: ResumePoint?
        while true {
            guard await job.admit() else { return .failure(.cancelled) }
            let began = start ?? clock.now
            start = began
            var timeouts = configuration.timeouts
            if let lastFailure {
                guard let left = Self.remaining(of: timeouts, after: clock.now - began) else {
                    // The slot came too late for the retry: the last failure is the load's.
                    return await complete(.failure(lastFailure), key: key, job: job, copy: copy, revalidating: revalidating)
                }
                timeouts = left
            }
            let sent = await send(url, timeouts: timeouts, revalidating: revalidating, resume: &resume)
            if case .failure(let error) = sent, let wait = retryWait(after: error, retries: retries, elapsed: clock.now - began) {
                await job.releaseSlot()
                retries += 1
                lastFailure = error
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    return .failure(.cancelled)
                }
                continue
            }
            return await complete(sent, key: key, job: job, copy: copy, revalidating: revalidating)
        }
    }

    /// Finishes a transfer that holds a slot: checks and decodes, then gives the slot back.
    private func complete(
        _ sent: Result<HTTPResponse, NetworkError>, key: LoadKey, job: LoadJob, copy: LoadedImage?,
        revalidating: CacheEntryMetadata?
    ) async -> Outcome {
        let (result, bodyBytes) = await finish(
            sent, key: key, cachesRead: job.readsCaches, copy: copy, revalidating: revalidating)
        await job.releaseSlot()
        // The body is freed by now: let the trimmer count it (see HeapTrimmer).
        HeapTrimmer.released(bytes: bodyBytes)
        return result
    }

    /// One request for `url`; conditional when `revalidating` a stale copy, and for the rest
    /// of an interrupted body when there is a `resume` point (PipelineStages+Resume.swift).
    private func send(
        _ url: URL, timeouts: RequestTimeouts, revalidating: CacheEntryMetadata?, resume: inout ResumePoint?
    ) async -> Result<HTTPResponse, NetworkError> {
        var request = HTTPRequest(url: url, timeouts: timeouts, maxBytes: configuration.maxBytes)
        if let revalidating { Self.makeConditional(&request, with: revalidating) }
        return await transfer(request, resume: &resume)
    }

    /// How long to wait before retrying after `error`, or `nil` to give up: not retryable, no
    /// retry left, or the wait would end past the load's total deadline.
    private func retryWait(after error: NetworkError, retries: Int, elapsed: Duration) -> Duration? {
        guard RetryPolicy.isRetryable(error), let wait = configuration.retry.backoff(beforeRetry: retries + 1) else {
            return nil
        }
        return elapsed + wait < configuration.timeouts.total ? wait : nil
    }

    /// The deadlines of a retry `elapsed` into the load: none longer than what is left of the
    /// total, so retries never stretch the wait past it; `nil` when nothing is left.
    static func remaining(of timeouts: RequestTimeouts, after elapsed: Duration) -> RequestTimeouts? {
        let left = timeouts.total - elapsed
        guard left > .zero else { return nil }
        return RequestTimeouts(connect: min(timeouts.connect, left), stall: min(timeouts.stall, left), total: left)
    }

    /// The disk copy, decoded and put in memory; `nil` when there is none or it no longer
    /// decodes (then it is removed, so the network replaces it).
    private func diskCopy(key: LoadKey) async -> LoadedImage? {
        await diskEntry(key: key)?.image
    }

    /// The disk copy, decoded at the key's size and put in memory, with the metadata stored
    /// with it; `nil` as for ``diskCopy(key:)``.
    private func diskEntry(key: LoadKey) async -> (image: LoadedImage, metadata: CacheEntryMetadata?)? {
        guard let entry = await disk.entry(for: key.url) else { return nil }
        guard case .success(let image) = await Self.decode(entry.data, maxPixels: configuration.maxPixels, target: key.target, with: decoder) else {
            await disk.removeData(for: key.url)
            return nil
        }
        memory.insert(image, for: key.memory)
        return (LoadedImage(image: image, source: .disk), entry.metadata)
    }

    /// Checks and decodes the answer; stores the bytes on disk and the image in memory. A
    /// transient failure delivers the disk copy. Returns the outcome and how many body bytes it held.
    private func finish(
        _ sent: Result<HTTPResponse, NetworkError>, key: LoadKey, cachesRead: Bool, copy: LoadedImage?,
        revalidating: CacheEntryMetadata?
    ) async -> (Outcome, Int) {
        let response: HTTPResponse
        switch sent {
        case .success(let answer):
            response = answer
        case .failure(let error):
            // Offline and the like: the disk copy, read now only if this job has not yet.
            if Self.deliversCopy(after: error, revalidating: revalidating != nil),
                let copy = cachesRead ? copy : await diskCopy(key: key)
            {
                return (.success(copy), 0)
            }
            return (.failure(ImageLoadError(error)), 0)
        }
        if let revalidating, response.status == 304 {
            return (await notModified(response, key: key, previous: revalidating, copy: copy), 0)
        }
        let bytes = response.body.count
        guard Self.isImage(contentType: response.header("content-type")) else { return (.failure(.unavailable), bytes) }
        switch await Self.decode(response.body, maxPixels: configuration.maxPixels, target: key.target, with: decoder) {
        case .failure(let error):
            return (.failure(error), bytes)
        case .success(let image):
            // Into memory first: while the disk write waits its turn, the image already counts
            // against the memory cache's limit instead of being held beside it. Only bytes that
            // decoded are stored, so damaged bytes are never cached.
            memory.insert(image, for: key.memory)
            await disk.store(response.body, metadata: Self.metadata(of: response), for: key.url)
            return (.success(LoadedImage(image: image, source: .network)), bytes)
        }
    }

    /// Whether a `Content-Type` value names an image (`image/png; …`).
    static func isImage(contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("image/")
    }

    /// Decodes `data` off the caller's actor, at the smallest size covering `target` when there
    /// is one. The decoder reads the header once and refuses an image of more than `maxPixels`
    /// pixels from it, before any pixel memory is allocated.
    @concurrent
    static func decode(
        _ data: Data, maxPixels: Int, target: PixelSize?, with decoder: any ImageDecoding
    ) async -> Result<DecodedImage, ImageLoadError> {
        do {
            return .success(try decoder.decode(data, maxPixels: maxPixels, target: target))
        } catch {
            switch error {
            case .tooLarge: return .failure(.tooLarge)
            case .undecodableFormat: return .failure(.unsupportedFormat)
            default: return .failure(.broken)
            }
        }
    }
}
