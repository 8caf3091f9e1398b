import Synchronization

/// One running libmicrohttpd daemon: what its callbacks need to know about it.
final class DaemonHandle: Sendable {
    let id: Int
    let role: DaemonRole
    unowned let core: ServerCore
    /// Connections served at once; the next ``ServerCore/overflowReserve`` get a 503, later ones
    /// are closed as soon as they are accepted.
    let limit: Int
    /// Connections open right now (counted by the connection-notification callback).
    let open = Atomic<Int>(0)

    init(id: Int, role: DaemonRole, core: ServerCore, limit: Int) {
        self.id = id
        self.role = role
        self.core = core
        self.limit = limit
    }
}
