import Foundation
import Synchronization

/// Generated images, rendered once per key off the polling thread and kept in a bounded LRU.
///
/// Requests for a key that is being rendered wait for that one rendering (single flight).
/// Rendering never runs on a libmicrohttpd thread: the request's connection is suspended and
/// resumed when its image is ready, so a slow 20000×20000 rendering delays nobody else.
final class ImageStore: Sendable {
    typealias Completion = @Sendable (Result<SharedBytes, ImageGenerationError>) -> Void

    /// Most bytes of encoded images kept.
    static let capacity = 256 * 1024 * 1024
    /// Images above this many pixels render one at a time (TurboJPEG needs the whole frame).
    static let largeImagePixels = 16_000_000

    private struct Entry {
        let bytes: SharedBytes
        var lastUse: UInt64
    }

    private struct State {
        var ready: [ImageKey: Entry] = [:]
        var waiting: [ImageKey: [Completion]] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "mockserver.images", attributes: .concurrent)
    private let workers = DispatchSemaphore(value: 2)
    private let largeWorkers = DispatchSemaphore(value: 1)

    /// The image if it is already rendered.
    func cached(_ key: ImageKey) -> SharedBytes? {
        state.withLock { state in
            guard var entry = state.ready[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.ready[key] = entry
            return entry.bytes
        }
    }

    /// Calls `completion` (on a worker thread, or right away if cached) with the rendered image.
    func load(_ key: ImageKey, completion: @escaping Completion) {
        if let bytes = cached(key) {
            completion(.success(bytes))
            return
        }
        let first = state.withLock { state in
            let first = state.waiting[key] == nil
            state.waiting[key, default: []].append(completion)
            return first
        }
        guard first else { return }
        queue.async { [self] in
            let large = key.width * key.height > Self.largeImagePixels
            if large { largeWorkers.wait() }
            workers.wait()
            let result = Result { () throws(ImageGenerationError) in SharedBytes(try ImageGenerator.render(key)) }
            workers.signal()
            if large { largeWorkers.signal() }
            let waiters = state.withLock { state in
                if case .success(let bytes) = result { insert(bytes, for: key, in: &state) }
                return state.waiting.removeValue(forKey: key) ?? []
            }
            for waiter in waiters { waiter(result) }
        }
    }

    private func insert(_ bytes: SharedBytes, for key: ImageKey, in state: inout State) {
        guard bytes.count <= Self.capacity / 4 else { return }
        state.clock += 1
        state.ready[key] = Entry(bytes: bytes, lastUse: state.clock)
        state.totalBytes += bytes.count
        while state.totalBytes > Self.capacity,
            let oldest = state.ready.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            state.ready[oldest.key] = nil
            state.totalBytes -= oldest.value.bytes.count
        }
    }
}
