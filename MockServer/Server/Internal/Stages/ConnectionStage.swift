/// The connection stage and the one before the answer, as one decision over the request's
/// faults: `reset` ends the connection with an RST; `delay` (plus a stub's own delays) holds the
/// status line back. It reads nothing but the fault list.
enum ConnectionStage {
    /// What the request meets before its answer.
    enum Decision: Equatable {
        /// A TCP RST, no answer.
        case reset
        /// Suspend this many milliseconds, then answer.
        case wait(milliseconds: Int)
        /// Answer now.
        case proceed
    }

    /// The decision for `faults`; `extraDelay` (ms) is added to `delay` (a stub's
    /// `fixedDelayMilliseconds` and `delayDistribution` draw).
    static func decide(_ faults: RequestFaults, extraDelay: Int = 0) -> Decision {
        var delay = extraDelay
        for fault in faults.list {
            switch fault {
            case .reset: return .reset
            case .delay(let wait): delay += Int(wait.components.seconds) * 1000 + Int(wait.components.attoseconds / 1_000_000_000_000_000)
            default: break
            }
        }
        return delay > 0 ? .wait(milliseconds: delay) : .proceed
    }
}
