import Foundation
import Synchronization

/// Generated images, rendered once per key off the polling thread and kept in a bounded LRU.
///
/// Requests for a key that is being rendered wait for that one rendering (single flight).
/// Rendering never runs on a libmicrohttpd thread, nor on a shared Dispatch thread: the
/// request's connection is suspended, a ``RenderQueue`` thread renders, and the connection is
/// resumed when its image is ready. Huge images have a lane of their own, so a small image never
/// waits behind a 20000×20000 one; a rendering whose clients all left is withdrawn if it has not
/// started, and stops drawing (and is not cached) if it has.
final class ImageStore: Sendable {
    typealias Completion = @Sendable (Result<SharedBytes, ImageGenerationError>) -> Void

    /// Most bytes of encoded images kept by the server's store.
    static let capacity = 256 * 1024 * 1024
    /// Images above this many pixels go to the large lane (one at a time).
    static let largeImagePixels = 16_000_000

    private struct Entry {
        let bytes: SharedBytes
        var lastUse: UInt64
    }

    /// Who waits for a rendering: a request, named by its identity, and how to answer it.
    private struct Waiter {
        let id: ObjectIdentifier
        let completion: Completion
    }

    private struct Rendering {
        let ticket: RenderTicket
        var waiters: [Waiter]
    }

    private struct State {
        var ready: [ImageKey: Entry] = [:]
        var rendering: [ImageKey: Rendering] = [:]
        var totalBytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The render threads (internal: tests occupy a lane with work of their own).
    let queue = RenderQueue()
    /// Most bytes of encoded images this store keeps; an image above a quarter of it is served
    /// but never kept.
    let capacity: Int

    /// A store keeping at most `capacity` bytes of encoded images (tests pass a small one).
    init(capacity: Int = ImageStore.capacity) {
        self.capacity = capacity
    }

    /// The bytes of the images kept now (at most ``capacity``).
    var cachedBytes: Int { state.withLock { $0.totalBytes } }

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

    /// Calls `completion` (on a render thread, or right away if cached or refused) with the
    /// rendered image. `waiter` names the request, for ``leave(_:waiter:)``.
    func load(_ key: ImageKey, waiter: ObjectIdentifier, completion: @escaping Completion) {
        if let bytes = cached(key) {
            completion(.success(bytes))
            return
        }
        let refusal = state.withLock { state -> ImageGenerationError? in
            if state.rendering[key] != nil {
                state.rendering[key]?.waiters.append(Waiter(id: waiter, completion: completion))
                return nil
            }
            let ticket = RenderTicket()
            do throws(RenderQueue.Refusal) {
                try queue.enqueue(ticket, lane: Self.lane(for: key)) { [self] in render(key, ticket: ticket) }
            } catch {
                return Self.problem(error)
            }
            state.rendering[key] = Rendering(ticket: ticket, waiters: [Waiter(id: waiter, completion: completion)])
            return nil
        }
        if let refusal { completion(.failure(refusal)) }
    }

    /// The request `waiter` no longer waits for `key` (its client left). When nobody else waits,
    /// the rendering is abandoned.
    func leave(_ key: ImageKey, waiter: ObjectIdentifier) {
        state.withLock { state in
            guard var rendering = state.rendering[key] else { return }
            rendering.waiters.removeAll { $0.id == waiter }
            guard rendering.waiters.isEmpty else {
                state.rendering[key] = rendering
                return
            }
            state.rendering[key] = nil
            rendering.ticket.cancel()
            queue.withdraw(rendering.ticket)
        }
    }

    /// Abandons every rendering and refuses new ones (the server is stopping).
    func stop() {
        state.withLock { state in
            for rendering in state.rendering.values { rendering.ticket.cancel() }
            state.rendering.removeAll()
        }
        queue.stop()
    }

    // MARK: - Rendering

    /// The lane of `key`'s rendering: large above ``largeImagePixels``.
    static func lane(for key: ImageKey) -> RenderQueue.Lane {
        key.width * key.height > largeImagePixels ? .large : .small
    }

    /// Runs on a render thread.
    private func render(_ key: ImageKey, ticket: RenderTicket) {
        guard !ticket.isCancelled else { return }
        let result = Result { () throws(ImageGenerationError) in
            SharedBytes(try ImageGenerator.render(key, cancelled: { ticket.isCancelled }), sendsFromFile: true)
        }
        let waiters = state.withLock { state -> [Waiter] in
            // Abandoned meanwhile: the pixels may be blank, and nobody waits.
            guard !ticket.isCancelled, state.rendering[key]?.ticket === ticket else { return [] }
            if case .success(let bytes) = result { insert(bytes, for: key, in: &state) }
            return state.rendering.removeValue(forKey: key)?.waiters ?? []
        }
        for waiter in waiters { waiter.completion(result) }
    }

    private static func problem(_ refusal: RenderQueue.Refusal) -> ImageGenerationError {
        switch refusal {
        case .full(let lane):
            let what = lane == .large ? "images above \(largeImagePixels) pixels" : "images"
            return ImageGenerationError(
                message: "too many \(what) waiting to be generated (\(lane.capacity)); try again later", status: 503)
        case .stopped:
            return ImageGenerationError(message: "the server is stopping", status: 503)
        }
    }

    private func insert(_ bytes: SharedBytes, for key: ImageKey, in state: inout State) {
        guard bytes.count <= capacity / 4 else { return }
        state.clock += 1
        if let replaced = state.ready.updateValue(Entry(bytes: bytes, lastUse: state.clock), forKey: key) {
            state.totalBytes -= replaced.bytes.count
        }
        state.totalBytes += bytes.count
        while state.totalBytes > capacity,
            let oldest = state.ready.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            state.ready[oldest.key] = nil
            state.totalBytes -= oldest.value.bytes.count
        }
    }
}
