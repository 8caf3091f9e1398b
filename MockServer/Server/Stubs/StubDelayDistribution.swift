import Foundation

/// A random delay added to every answer of a stub (WireMock's `delayDistribution`), in ms.
///
/// Samples come from the store's seeded generator, so a run repeats the same delays.
public enum StubDelayDistribution: Sendable, Hashable {
    /// Evenly spread from `lower` to `upper` ms, both included (`{"type": "uniform", …}`).
    case uniform(lower: Int, upper: Int)
    /// Log-normal with this median (ms) and the standard deviation of the underlying normal
    /// distribution; at most `maxValue` ms when given (`{"type": "lognormal", …}`).
    case lognormal(median: Double, sigma: Double, maxValue: Double? = nil)

    /// One delay in ms, drawn with `generator`, never negative and at most one hour.
    func sample(using generator: inout some RandomNumberGenerator) -> Int {
        let limit = 3_600_000
        switch self {
        case .uniform(let lower, let upper):
            guard upper > lower else { return min(max(lower, 0), limit) }
            return min(Int.random(in: lower...upper, using: &generator), limit)
        case .lognormal(let median, let sigma, let maxValue):
            func draw() -> Double {
                // Box–Muller: a standard normal from two uniform draws.
                let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
                let u2 = Double.random(in: 0..<1, using: &generator)
                let normal = (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
                return Foundation.exp(normal * sigma) * median
            }
            var value = draw()
            if let maxValue {
                // Like WireMock: draw again a few times, then cut.
                var tries = 0
                while value > maxValue, tries < 10 {
                    value = draw()
                    tries += 1
                }
                value = min(value, maxValue)
            }
            guard value.isFinite else { return limit }
            return Int(min(max(value.rounded(), 0), Double(limit)))
        }
    }

    /// The distribution as a mapping writes it.
    var json: JSONValue {
        switch self {
        case .uniform(let lower, let upper):
            return .object(["type": .string("uniform"), "lower": .integer(lower), "upper": .integer(upper)])
        case .lognormal(let median, let sigma, let maxValue):
            var object: [String: JSONValue] = ["type": .string("lognormal"), "median": .double(median), "sigma": .double(sigma)]
            if let maxValue { object["maxValue"] = .double(maxValue) }
            return .object(object)
        }
    }
}
