import Foundation

/// The values of one measurement repeated, and their median (what the report compares).
struct Sample: Sendable {
    /// Every repetition's value, in the order measured.
    let values: [Double]

    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a sample needs at least one value")
        self.values = values
    }

    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var min: Double { values.min()! }
    var max: Double { values.max()! }

    /// The median of `ours[i] ÷ peer[i]` over runs measured in pairs (same count, same order).
    static func pairedRatio(_ ours: Sample, _ peer: Sample) -> Double {
        precondition(ours.values.count == peer.values.count, "paired samples need as many values on each side")
        return Sample(zip(ours.values, peer.values).map { $0 / $1 }).median
    }
}

/// Seconds taken by `body`, on the monotonic clock.
func seconds(of body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start).seconds
}

/// Seconds taken by `body`, on the monotonic clock.
func seconds(of body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).seconds
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Runs `body` once to warm up (unless `warmUp` is 0), then `repetitions` times, and returns
/// what each measured run returned.
func repeated(
    _ repetitions: Int, warmUp: Int = 1, _ body: () async throws -> Double
) async rethrows -> Sample {
    for _ in 0..<warmUp { _ = try await body() }
    var values: [Double] = []
    for _ in 0..<max(1, repetitions) { values.append(try await body()) }
    return Sample(values)
}

/// Alternates one run of `ours` and one of `peer`, `rounds` times after `warmUp` rounds that
/// are not kept, so a noisy moment hurts both sides alike. Each closure gets the round's index
/// (for scratch names) and returns the value it measured.
func alternating(
    rounds: Int, warmUp: Int = 1,
    ours: (Int) async throws -> Double, peer: (Int) async throws -> Double
) async rethrows -> (ours: Sample, peer: Sample) {
    var oursRuns: [Double] = [], peerRuns: [Double] = []
    for round in 0..<(warmUp + max(1, rounds)) {
        let oursValue = try await ours(round)
        let peerValue = try await peer(round)
        if round >= warmUp {
            oursRuns.append(oursValue)
            peerRuns.append(peerValue)
        }
    }
    return (Sample(oursRuns), Sample(peerRuns))
}
