import CMicroHTTPD
import Foundation
import Synchronization

/// The C callbacks handed to libmicrohttpd. They carry no context of their own (C function
/// pointers cannot capture): the daemon's ``DaemonHandle`` and each request's
/// ``RequestContext`` travel through the `void *` arguments. They run on the daemon's polling
/// threads (a thread pool on the main port): every call for one connection on the same thread,
/// calls for different connections possibly at the same time.
enum Callbacks {
    /// Headers in, upload chunks, and every call after a resume.
    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, slot in
        guard let cls, let connection, let slot, let uploadSize else { return MHD_Result.NO }
        let daemon = Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue()
        guard let existing = slot.pointee else {
            let info = cmhd_connection_socket_context(connection).map {
                Unmanaged<ConnectionInfo>.fromOpaque($0).takeUnretainedValue()
            }
            let context = RequestContext(
                daemon: daemon,
                method: method.map { String(cString: $0) } ?? "GET",
                path: url.map { String(cString: $0) } ?? "/",
                connectionID: info?.id ?? 0,
                arrival: monotonicNanoseconds())
            context.connection = connection
            context.rawURL = info?.takeRawURI()
            context.overLimit = info?.overLimit ?? false
            context.headers = ServerCore.requestHeaders(of: connection)
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            return MHD_Result.YES
        }
        let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            guard let upload else {
                uploadSize.pointee = 0
                return MHD_Result.YES
            }
            return daemon.core.receiveUpload(upload, size: uploadSize, context: context, connection: connection)
        }
        return daemon.core.handle(context, connection: connection)
    }

    /// A request line was read: keeps its URI as sent (percent-encoded, with the query) on the
    /// connection, for the access handler's first call to hand to the request (stubs compare
    /// `url`, `urlPath` and their patterns with it, as WireMock does). Returns NULL: the
    /// request's own context is made by ``access``.
    static let rawURI: cmhd_uri_log_callback = { _, uri, connection in
        guard let uri, let connection, let socketContext = cmhd_connection_socket_context(connection) else { return nil }
        Unmanaged<ConnectionInfo>.fromOpaque(socketContext).takeUnretainedValue().keepRawURI(String(cString: uri))
        return nil
    }

    /// The request ended (sent, failed, client gone, or daemon stopping): journal it, release it.
    static let completed: MHD_RequestCompletedCallback = { cls, _, slot, termination in
        guard let cls, let slot, let raw = slot.pointee else { return }
        slot.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
        context.connection = nil
        let core = Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue().core
        if case .proxying(let exchange) = context.phase {
            // The client left (or the server stops) before the upstream's head: stop the
            // transfer, and drop the exchange, which holds the context.
            exchange.cancel()
            context.phase = .responded
        }
        // A body still streaming upstream ends the transfer (a no-op once the body ended), and
        // the context lets go of it: the upload holds the context (a cycle per streamed request
        // otherwise, with both kept copies of the body's first 64 KB).
        context.proxyUpload?.abandon()
        context.proxyUpload = nil
        if case .waitingForImage = context.phase {
            // The client left (or the server stops) before its image was ready.
            switch context.route {
            case .image(let key, _), .avatar(let key): core.images.leave(key, waiter: ObjectIdentifier(context))
            default: break
            }
        }
        if let reason = context.takeWakeReason(), reason.endsConnection, context.outcome == nil || context.outcome == .stalled {
            // Resumed because the client left (or the server stops), and libmicrohttpd met the
            // closed socket before calling the handler or reader again (under poll() it does):
            // journal it as they would have.
            context.outcome = reason == .clientLeft ? .clientClosed : .shutdown
        }
        core.finish(context, termination: termination)
    }

    /// A TCP connection opened: number it (so the journal shows connection reuse) and count it
    /// against the limit. Closed: forget it.
    static let connection: MHD_NotifyConnectionCallback = { cls, _, socketContext, code in
        guard let cls, let socketContext else { return }
        let daemon = Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue()
        if code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
            let open = daemon.open.add(1, ordering: .relaxed).newValue
            let info = ConnectionInfo(id: daemon.core.makeConnectionID(), overLimit: open > daemon.limit)
            socketContext.pointee = Unmanaged.passRetained(info).toOpaque()
        } else if code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_CLOSED {
            daemon.open.subtract(1, ordering: .relaxed)
            if let info = socketContext.pointee { Unmanaged<ConnectionInfo>.fromOpaque(info).release() }
            socketContext.pointee = nil
        }
    }

    /// A connection was accepted: keep it unless the port is full even counting the connections
    /// kept only to be answered with a 503 (libmicrohttpd then closes it at once).
    static let accept: MHD_AcceptPolicyCallback = { cls, _, _ in
        guard let cls else { return MHD_Result.NO }
        return ServerCore.accepts(on: Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue()) ? MHD_Result.YES : MHD_Result.NO
    }

    /// Body bytes for shaped responses (`drip`, `stall_after`, `truncate`, `bytes`).
    static let reader: MHD_ContentReaderCallback = { cls, position, buffer, maximum in
        guard let cls, let buffer else { return ServerCore.readerError }
        let context = Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue()
        let core = context.daemon.core
        return WireReader(scheduler: core.scheduler, handOvers: core.handOvers).read(
            context, position: Int(position), into: UnsafeMutableRawPointer(buffer), maximum: maximum)
    }

    /// Releases the context a reader response retained.
    static let releaseContext: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<RequestContext>.fromOpaque(cls).release()
    }

    /// Releases the bytes a buffer response retained.
    static let releaseBytes: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<SharedBytes>.fromOpaque(cls).release()
    }

    /// Collects query arguments into a ``ArgumentCollector``.
    static let collectArgument: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return MHD_Result.YES }
        let collector = Unmanaged<ArgumentCollector>.fromOpaque(cls).takeUnretainedValue()
        collector.pairs.append((String(cString: key), value.map { String(cString: $0) }))
        return MHD_Result.YES
    }
}

/// What the server knows of one TCP connection (its libmicrohttpd socket context).
final class ConnectionInfo: Sendable {
    /// The connection's id (same id: reused connection).
    let id: Int
    /// Opened past the port's connection limit: its request is answered with a 503.
    let overLimit: Bool
    /// The URI of the request being read, as sent, until its first access call takes it.
    private let rawURI = Mutex<String?>(nil)

    /// Keeps the URI of the request line just read.
    func keepRawURI(_ uri: String) { rawURI.withLock { $0 = uri } }

    /// The URI kept for the current request (`nil` once taken).
    func takeRawURI() -> String? { rawURI.withLock { uri in defer { uri = nil }; return uri } }

    init(id: Int, overLimit: Bool) {
        self.id = id
        self.overLimit = overLimit
    }
}

/// Receives query arguments from `MHD_get_connection_values`, synchronously, on one thread.
final class ArgumentCollector {
    var pairs: [(name: String, value: String?)] = []
}
