import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The session delegate of a ``URLSessionHTTPClient``: hands each task's events to its
/// ``URLSessionTransfer``. Runs on the session's serial delegate queue.
final class URLSessionEventRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Mutex<[Int: URLSessionTransfer]>([:])

    /// Routes the events of `task` to `transfer` until the task completes.
    func register(_ transfer: URLSessionTransfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> URLSessionTransfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        transfer(for: dataTask)?.received(response)
        // FoundationNetworking ignores the disposition; the transfer cancels the task itself.
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.completed(error: error, taskResponse: task.response)
    }
}
