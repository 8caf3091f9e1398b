import Foundation
import ImageCodec
import Networking

/// The steps of ``ImagePipeline`` that touch the caches, the network and the codec; a value so
/// a transfer task can carry it without holding the pipeline.
struct PipelineStages: Sendable {
    let client: any HTTPClient
    let memory: any ImageCaching
    let disk: any DataCaching
    let configuration: ImagePipeline.Configuration

    /// The disk copy for `key`, decoded and put in memory; `nil` when there is none or it no
    /// longer decodes (then it is removed, so the network replaces it).
    func fromDisk(key: String) async -> LoadedImage? {
        guard let data = await disk.data(for: key) else { return nil }
        guard case .success(let image) = await Self.decode(data, maxPixels: configuration.maxPixels) else {
            await disk.removeData(for: key)
            return nil
        }
        memory.insert(image, for: key)
        return LoadedImage(image: image, source: .disk)
    }

    /// Downloads, checks and decodes `url`; stores the bytes on disk and the image in memory.
    /// A transient network failure delivers the disk copy when there is one.
    func fromNetwork(url: URL, key: String) async -> Result<LoadedImage, ImageLoadError> {
        let (result, bodyBytes) = await load(url: url, key: key)
        // The body is freed by now: let the trimmer count it (see HeapTrimmer).
        HeapTrimmer.released(bytes: bodyBytes)
        return result
    }

    /// The network stage proper, and how many body bytes it held.
    private func load(url: URL, key: String) async -> (Result<LoadedImage, ImageLoadError>, Int) {
        let request = HTTPRequest(url: url, timeouts: configuration.timeouts, maxBytes: configuration.maxBytes)
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch {
            if error.isTransient, let copy = await fromDisk(key: key) { return (.success(copy), 0) }
            return (.failure(ImageLoadError(error)), 0)
        }
        let bytes = response.body.count
        guard Self.isImage(contentType: response.header("content-type")) else { return (.failure(.unavailable), bytes) }
        switch await Self.decode(response.body, maxPixels: configuration.maxPixels) {
        case .failure(let error):
            return (.failure(error), bytes)
        case .success(let image):
            // Into memory first: while the disk write waits its turn, the image already counts
            // against the memory cache's limit instead of being held beside it.
            memory.insert(image, for: key)
            await disk.store(response.body, for: key)
            return (.success(LoadedImage(image: image, source: .network)), bytes)
        }
    }

    /// Whether a `Content-Type` value names an image (`image/png; …`).
    static func isImage(contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("image/")
    }

    /// Decodes `data` off the caller's actor, refusing from the header alone an image of more
    /// than `maxPixels` pixels (so no pixel memory is allocated for it).
    @concurrent
    static func decode(_ data: Data, maxPixels: Int) async -> Result<DecodedImage, ImageLoadError> {
        let info: ImageInfo
        do {
            info = try ImageCodec.probe(data)
        } catch {
            return .failure(.broken)
        }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if overflow || pixels > maxPixels { return .failure(.tooLarge) }
        do {
            return .success(try ImageCodec.decode(data, maxPixels: maxPixels))
        } catch {
            if case .tooLarge = error { return .failure(.tooLarge) }
            return .failure(.broken)
        }
    }
}
