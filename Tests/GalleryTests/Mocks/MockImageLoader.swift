import Foundation
import ImageCache
import ImageCodec
import Synchronization

/// An ``ImageLoading`` with per-URL scripted results. A `.hang` load waits until the test
/// finishes it or the load is cancelled. Records every load's options, every cancellation and
/// every drop.
final class MockImageLoader: ImageLoading {
    enum Script: Sendable {
        case succeed(LoadedImage.Source)
        case fail(ImageLoadError)
        case hang
    }

    struct Call: Sendable, Equatable {
        let url: URL
        let options: ImageLoadOptions
    }

    private typealias Waiter = CheckedContinuation<Result<LoadedImage, ImageLoadError>, Never>

    private struct State {
        var scripts: [URL: [Script]] = [:]
        var defaultScript: Script
        var calls: [Call] = []
        var cancellations: [URL] = []
        var drops: [URL] = []
        var loadsOnMainThread = 0
        var waiting: [Int: (url: URL, continuation: Waiter)] = [:]
        var cancelledEarly: Set<Int> = []
        var nextID = 0
    }

    static let image = try! DecodedImage(width: 4, height: 3, pixels: [UInt8](repeating: 200, count: 4 * 3 * 4))

    private let state: Mutex<State>

    init(default script: Script = .succeed(.network)) {
        state = Mutex(State(defaultScript: script))
    }

    /// The next loads of `url` follow `scripts` in order; the last one repeats.
    func script(_ url: URL, _ scripts: Script...) {
        state.withLock { $0.scripts[url] = scripts }
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var cancellations: [URL] { state.withLock { $0.cancellations } }
    var drops: [URL] { state.withLock { $0.drops } }
    /// Loads and drops that ran on the main thread (the rule: none).
    var loadsOnMainThread: Int { state.withLock { $0.loadsOnMainThread } }
    func calls(for url: URL) -> [Call] { calls.filter { $0.url == url } }
    func waitingCount(for url: URL) -> Int { state.withLock { $0.waiting.values.filter { $0.url == url }.count } }

    /// Ends every hanging load of `url` with `result`.
    func finish(_ url: URL, with result: Result<LoadedImage.Source, ImageLoadError>) {
        state.withLock { state in
            for (id, waiter) in state.waiting where waiter.url == url {
                state.waiting[id] = nil
                waiter.continuation.resume(returning: result.map { LoadedImage(image: Self.image, source: $0) })
            }
        }
    }

    func image(for url: URL, options: ImageLoadOptions) async throws(ImageLoadError) -> LoadedImage {
        let onMain = Thread.isMainThread
        let (id, script) = state.withLock { state in
            if onMain { state.loadsOnMainThread += 1 }
            state.calls.append(Call(url: url, options: options))
            state.nextID += 1
            var queue = state.scripts[url] ?? []
            let script = queue.first ?? state.defaultScript
            if queue.count > 1 {
                queue.removeFirst()
                state.scripts[url] = queue
            }
            return (state.nextID, script)
        }
        switch script {
        case .succeed(let source):
            return LoadedImage(image: Self.image, source: source)
        case .fail(let error):
            throw error
        case .hang:
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: Waiter) in
                    state.withLock { state in
                        if state.cancelledEarly.remove(id) != nil {
                            continuation.resume(returning: .failure(.cancelled))
                        } else {
                            state.waiting[id] = (url, continuation)
                        }
                    }
                }
            } onCancel: {
                state.withLock { state in
                    state.cancellations.append(url)
                    if let waiter = state.waiting.removeValue(forKey: id) {
                        waiter.continuation.resume(returning: .failure(.cancelled))
                    } else {
                        state.cancelledEarly.insert(id)
                    }
                }
            }
            return try result.get()
        }
    }

    func dropDecodedImage(for url: URL) {
        let onMain = Thread.isMainThread
        state.withLock { state in
            if onMain { state.loadsOnMainThread += 1 }
            state.drops.append(url)
        }
    }
}
