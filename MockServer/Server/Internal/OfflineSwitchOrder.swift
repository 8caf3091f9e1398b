import Dispatch
import Synchronization

/// Keeps offline switches in the order they were asked for, so the last command wins.
///
/// Every command (``MockServer/setOffline(_:)``, `POST /__admin/offline` on either port, the
/// `offline-first` scenario) takes a ticket when it is asked for. A switch asked on the main port
/// runs later, from a queue, once its answer went out; by then a newer command may already have
/// been applied (a client that read the answer may at once have sent `{"offline":false}` to the
/// admin port). A switch applies only when no command with a newer ticket has been applied: the
/// older, deferred one is dropped.
final class OfflineSwitchOrder: Sendable {
    private let issued = Atomic<UInt64>(0)
    private let applied = Mutex<UInt64>(0)
    /// Deferred switches run here, one at a time, in the order they were deferred.
    private let queue = DispatchQueue(label: "mockserver.offline-switch")
    /// Commands carried out or dropped so far (tests wait for it to reach the issued count).
    private let done = Atomic<UInt64>(0)
    /// Test hook: runs on the queue before each deferred switch (e.g. to hold it back until a
    /// newer command has been applied, which makes the race deterministic).
    let beforeDeferredSwitch = Mutex<(@Sendable () -> Void)?>(nil)

    /// A ticket for a command asked for now; later commands get larger tickets.
    func issue() -> UInt64 {
        issued.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Whether the command holding `ticket` may apply (no newer one has been applied), and if
    /// so records it as the newest applied. Call it where switches are serialized (under the
    /// listeners' lock), so the order of admission is the order of application.
    func admit(_ ticket: UInt64) -> Bool {
        applied.withLock { newest in
            guard ticket >= newest else { return false }
            newest = ticket
            return true
        }
    }

    /// Runs `work` on the switch queue (after the test hook, if any).
    func later(_ work: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            beforeDeferredSwitch.withLock { $0 }?()
            work()
        }
    }

    /// Counts a command as carried out or dropped (once per ticket, when its switch returns).
    func markDone() {
        done.add(1, ordering: .sequentiallyConsistent)
    }

    /// Whether every command issued so far has been carried out or dropped (a command asked on
    /// the main port is carried out once its answer went out).
    var isSettled: Bool {
        done.load(ordering: .sequentiallyConsistent) == issued.load(ordering: .sequentiallyConsistent)
    }
}
