import Foundation
import Gallery
import Synchronization

/// A list source with scripted answers in order (the last repeats); records whether each call
/// ran on the main thread.
final class ScriptedGalleryList: GalleryListProviding {
    private struct State {
        var results: [Result<[URL], GalleryListError>]
        var calledOnMainThread: [Bool] = []
    }

    private let state: Mutex<State>

    init(_ results: Result<[URL], GalleryListError>...) {
        state = Mutex(State(results: results))
    }

    var callCount: Int { state.withLock { $0.calledOnMainThread.count } }
    var calledOnMainThread: [Bool] { state.withLock { $0.calledOnMainThread } }

    func imageURLs() async throws(GalleryListError) -> [URL] {
        let onMain = Thread.isMainThread
        let result = state.withLock { state in
            state.calledOnMainThread.append(onMain)
            let result = state.results.first ?? .success([])
            if state.results.count > 1 { state.results.removeFirst() }
            return result
        }
        return try result.get()
    }
}
