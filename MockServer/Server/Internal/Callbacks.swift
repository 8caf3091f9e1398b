import CMicroHTTPD
import Foundation

/// The C callbacks handed to libmicrohttpd. They carry no context of their own (C function
/// pointers cannot capture): the daemon's ``DaemonHandle`` and each request's
/// ``RequestContext`` travel through the `void *` arguments. All of them run on the daemon's
/// polling thread.
enum Callbacks {
    /// Headers in, upload chunks, and every call after a resume.
    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, slot in
        guard let cls, let connection, let slot, let uploadSize else { return MHD_Result.NO }
        let daemon = Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue()
        guard let existing = slot.pointee else {
            let context = RequestContext(
                daemon: daemon,
                method: method.map { String(cString: $0) } ?? "GET",
                path: url.map { String(cString: $0) } ?? "/",
                connectionID: Int(bitPattern: cmhd_connection_socket_context(connection)),
                arrival: monotonicNanoseconds())
            context.connection = connection
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            return MHD_Result.YES
        }
        let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if let upload, context.upload.count + uploadSize.pointee <= ServerCore.uploadLimit {
                context.upload.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
            } else {
                context.uploadOverflow = true
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        return daemon.core.handle(context, connection: connection)
    }

    /// The request ended (sent, failed, client gone, or daemon stopping): journal it, release it.
    static let completed: MHD_RequestCompletedCallback = { cls, _, slot, termination in
        guard let cls, let slot, let raw = slot.pointee else { return }
        slot.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
        context.connection = nil
        Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue().core.finish(context, termination: termination)
    }

    /// A TCP connection opened: number it, so the journal shows connection reuse.
    static let connection: MHD_NotifyConnectionCallback = { cls, _, socketContext, code in
        guard let cls, let socketContext, code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED else { return }
        let core = Unmanaged<DaemonHandle>.fromOpaque(cls).takeUnretainedValue().core
        socketContext.pointee = UnsafeMutableRawPointer(bitPattern: core.makeConnectionID())
    }

    /// Body bytes for shaped responses (`drip`, `stall_after`, `truncate`, `bytes`).
    static let reader: MHD_ContentReaderCallback = { cls, position, buffer, maximum in
        guard let cls, let buffer else { return ServerCore.readerError }
        let context = Unmanaged<RequestContext>.fromOpaque(cls).takeUnretainedValue()
        return context.daemon.core.read(context, position: Int(position), into: UnsafeMutableRawPointer(buffer), maximum: maximum)
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

/// Receives query arguments from `MHD_get_connection_values`, synchronously, on one thread.
final class ArgumentCollector {
    var pairs: [(name: String, value: String?)] = []
}
