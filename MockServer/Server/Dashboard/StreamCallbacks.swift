import CMicroHTTPD

/// The content readers of the responses whose body is produced after their headers went out:
/// the event stream and the probe's answer. Like ``Callbacks``, they run on the daemon's polling
/// thread and find their state through the `void *` argument.
enum StreamCallbacks {
    /// `GET /__admin/events`.
    static let events: MHD_ContentReaderCallback = { cls, _, buffer, maximum in
        guard let cls, let buffer else { return ServerCore.readerError }
        let stream = Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue()
        return stream.context.daemon.core.readEvents(stream, into: UnsafeMutableRawPointer(buffer), maximum: maximum)
    }

    /// Releases an event stream and forgets it as a waiter.
    static let releaseEvents: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
        stream.context.daemon.core.events.forget(stream.context)
    }

    /// `POST /__admin/try`.
    static let late: MHD_ContentReaderCallback = { cls, _, buffer, maximum in
        guard let cls, let buffer else { return ServerCore.readerError }
        let body = Unmanaged<LateBody>.fromOpaque(cls).takeUnretainedValue()
        return body.read(into: UnsafeMutableRawPointer(buffer), maximum: maximum, scheduler: body.context.daemon.core.scheduler)
    }

    /// Releases a late body.
    static let releaseLate: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<LateBody>.fromOpaque(cls).release()
    }
}
