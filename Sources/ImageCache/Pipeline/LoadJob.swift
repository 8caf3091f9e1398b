/// What a running job of ``LoadCoalescer`` sees of it: whether to read the caches first, and
/// the calls that hand out an early result and take and give back a transfer slot.
struct LoadJob: Sendable {
    let coalescer: LoadCoalescer
    let key: String
    let id: UInt64
    /// Whether a plain load started the job (a reload's job skips the caches).
    let readsCaches: Bool

    /// Delivers a cached copy to the plain loads; `true` when reloads still wait for the
    /// network, `false` when nobody does.
    func deliver(_ image: LoadedImage) async -> Bool {
        await coalescer.deliver(image, key: key, id: id)
    }

    /// Waits for a transfer slot; `false` when the job was cancelled first (no slot held).
    func admit() async -> Bool {
        await coalescer.admit(key: key, id: id)
    }

    /// Gives back the slot ``admit()`` took.
    func releaseSlot() async {
        await coalescer.releaseSlot()
    }
}
