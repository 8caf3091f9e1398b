import CCurl
import Foundation

/// The driver thread's loop: one libcurl multi handle for every transfer of a client.
///
/// Each turn: take the mailbox (new requests, cancellations, stop), let libcurl move data
/// (`curl_multi_perform`), answer finished transfers, end those past their total or stall
/// deadline (and waiting requests past their total deadline), start waiting requests whose
/// host has a free slot, then sleep in `curl_multi_poll` until a socket is ready, libcurl's
/// next timer, the next deadline of ours, or a wakeup from the mailbox, whichever comes first.
/// Idle or waiting on a stalled server, the thread uses no CPU.
///
/// Created on the driver thread and never leaves it.
final class CurlEngine {
    /// Easy handles kept for reuse (reset between transfers); more are cleaned up.
    private static let spareHandleLimit = 16
    /// The poll timeout when nothing is due: only a wakeup or a socket ends the sleep.
    private static let idleWait = 3_600_000

    private let configuration: CurlHTTPClient.Configuration
    private let mailbox: CurlMailbox
    private let multi: UnsafeMutableRawPointer
    private var queue: CurlHostQueue
    private var active: [UInt64: CurlTransfer] = [:]
    private var spareHandles: [UnsafeMutableRawPointer] = []

    /// Creates the multi handle and makes it wakeable through `mailbox`. Call on the driver thread.
    init(configuration: CurlHTTPClient.Configuration, mailbox: CurlMailbox) {
        CurlGlobal.initialize()
        guard let multi = curl_multi_init() else { fatalError("libcurl could not create a multi handle (out of memory)") }
        self.configuration = configuration
        self.mailbox = mailbox
        self.multi = multi
        self.queue = CurlHostQueue(limit: configuration.maxConnectionsPerHost)
        // The connection cache. libcurl's default, 4 × the handles added at that moment, falls
        // as a burst of transfers finishes and would close idle connections worth reusing.
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(32, 4 * queue.limit))
        mailbox.attach(CurlWakeup(multi))
    }

    /// Runs until the mailbox says stop, then fails what is left and frees libcurl's handles.
    func run() {
        while true {
            let mail = mailbox.take()
            for submission in mail.submissions { queue.enqueue(submission) }
            for id in mail.cancellations { cancel(id) }
            if mail.stopping { break }
            perform()
            expireDeadlines(at: .now)
            startWaiting(at: .now)
            sleep(now: .now)
        }
        tearDown()
    }

    // MARK: - One turn

    /// Lets libcurl read and write, then answers every transfer it finished.
    private func perform() {
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
        var finished: [(id: UInt64, code: CURLcode)] = []
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            var tag: UnsafeMutableRawPointer?
            _ = ccurl_getinfo_pointer(easy, CURLINFO_PRIVATE, &tag)
            finished.append((UInt64(UInt(bitPattern: tag)), message.pointee.data.result))
        }
        // The messages die with `curl_multi_remove_handle`: read them all before finishing.
        for (id, code) in finished { finish(id, .curl(code)) }
    }

    /// Ends transfers past their total or stall deadline, and waiting requests past their total
    /// deadline, all with ``NetworkError/timedOut``. A transfer whose TCP connection has just
    /// been made but is not ready (TLS handshake) starts its stall clock here.
    private func expireDeadlines(at now: ContinuousClock.Instant) {
        for transfer in Array(active.values) {
            transfer.noteHandshakeProgress(at: now)
            if transfer.submission.deadline <= now {
                finish(transfer.submission.id, .deadlinePassed)
            } else if let stall = transfer.stallDeadline, stall <= now {
                finish(transfer.submission.id, .stalled)
            }
        }
        for submission in queue.removeExpired(at: now) {
            submission.continuation.resume(returning: .failure(.timedOut))
        }
    }

    /// Starts waiting requests while their hosts have free slots.
    private func startWaiting(at now: ContinuousClock.Instant) {
        while let submission = queue.nextStartable() {
            start(submission, at: now)
        }
    }

    /// Sleeps until a socket is ready, libcurl's timer, our next deadline, or a wakeup.
    private func sleep(now: ContinuousClock.Instant) {
        var curlWait = -1
        _ = curl_multi_timeout(multi, &curlWait)
        var wait = curlWait >= 0 ? curlWait : Self.idleWait
        var next = queue.earliestDeadline
        for transfer in active.values {
            let due = min(transfer.submission.deadline, transfer.stallDeadline ?? transfer.submission.deadline)
            next = min(next ?? due, due)
        }
        if let next {
            wait = min(wait, next <= now ? 0 : (next - now).curlMilliseconds)
        }
        _ = curl_multi_poll(multi, nil, 0, Int32(clamping: wait), nil)
    }

    // MARK: - Transfers

    private func start(_ submission: CurlSubmission, at now: ContinuousClock.Instant) {
        guard submission.deadline > now else {
            queue.release(submission.hostKey)
            submission.continuation.resume(returning: .failure(.timedOut))
            return
        }
        guard let easy = spareHandles.popLast() ?? curl_easy_init() else {
            queue.release(submission.hostKey)
            submission.continuation.resume(returning: .failure(.connectionLost))
            return
        }
        let transfer = CurlTransfer(
            submission: submission, easy: easy, configuration: configuration, remaining: submission.deadline - now, now: now)
        let added = transfer.setupError == nil ? curl_multi_add_handle(multi, easy) : CURLM_OK
        guard let setupError = transfer.setupError ?? (added == CURLM_OK ? nil : CURLE_OUT_OF_MEMORY) else {
            active[submission.id] = transfer
            return
        }
        queue.release(submission.hostKey)
        let result = transfer.result(for: .curl(setupError))
        recycle(easy)
        submission.continuation.resume(returning: result)
    }

    /// Removes the transfer from the multi handle and answers its caller. Removing a transfer
    /// that has not completed makes libcurl close its connection (it cannot be reused halfway
    /// through a response), so the server sees the client leave.
    private func finish(_ id: UInt64, _ ending: CurlTransfer.Ending) {
        guard let transfer = active.removeValue(forKey: id) else { return }
        _ = curl_multi_remove_handle(multi, transfer.easy)
        queue.release(transfer.submission.hostKey)
        let result = transfer.result(for: ending)
        if case .failure(let error) = result, let keep = transfer.submission.keepPartial,
            let partial = transfer.partialResponse(after: error)
        {
            keep(partial)
        }
        recycle(transfer.easy)
        transfer.submission.continuation.resume(returning: result)
    }

    /// Cancels request `id`: a waiting one never reaches the network; an active one is removed
    /// from the multi handle now. An id that already finished is ignored.
    private func cancel(_ id: UInt64) {
        if active[id] != nil {
            finish(id, .cancelled)
        } else if let submission = queue.remove(id: id) {
            submission.continuation.resume(returning: .failure(.cancelled))
        }
    }

    /// Keeps an easy handle for the next transfer (its DNS and TLS session caches stay warm;
    /// the connections themselves live in the multi handle's cache either way).
    private func recycle(_ easy: UnsafeMutableRawPointer) {
        if spareHandles.count < Self.spareHandleLimit {
            curl_easy_reset(easy)
            spareHandles.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    private func tearDown() {
        for id in Array(active.keys) { finish(id, .cancelled) }
        for submission in queue.removeAll() { submission.continuation.resume(returning: .failure(.cancelled)) }
        for submission in mailbox.detach().submissions { submission.continuation.resume(returning: .failure(.cancelled)) }
        for easy in spareHandles { curl_easy_cleanup(easy) }
        spareHandles = []
        _ = curl_multi_cleanup(multi)
    }
}

@available(*, unavailable, message: "the engine belongs to its driver thread")
extension CurlEngine: Sendable {}
