import Contracts
import Synchronization
import Testing

/// The memory rules sample the whole process's resident size, and every check's server and
/// subject live in the process. What keeps another check out of a measurement is the contract
/// gate (a live check runs alone) and the probe's baseline, taken once the resident size is
/// steady (work an earlier check left running, such as a decode past its watchdog, has ended).
/// The other party here is the one from the adoption report: a loader without a pixel limit
/// decoding the 400 MP rule's 20000×20000 JPEG, 1.2 GB of pixels.
@Suite struct MemoryIsolationTests {
    static let fullDecoder = Conformance.ImageLoadingSuite.twin("UncheckedPixelsImageLoader", .decodesWithoutPixelCheck)

    @Test func memoryRules_besideA400MegapixelDecode_measureOnlyTheClient() async {
        // Given the 400 MP rule running against a loader that decodes the whole image
        let finished = Flag()
        let pixels = Task {
            let violation = await ImageLoadingContracts.tooManyPixels.check(Self.fullDecoder)
            finished.raise()
            return violation
        }
        try? await Task.sleep(for: .milliseconds(100))

        // When our memory rules are checked over and over until it is done (with the gate they
        // wait for it and run once after): the pipeline's own 400 MP rule, whose 3 s window would
        // take in the decode's 1.2 GB, and our client's size rules
        var ours: [ContractViolation] = []
        var rounds = 0
        repeat {
            rounds += 1
            if let violation = await ImageLoadingContracts.tooManyPixels.check(Conformance.ImageLoadingSuite.ours) {
                ours.append(violation)
            }
            for contract in [HTTPClientContracts.tooLargeByContentLength, HTTPClientContracts.tooLargeByStream] {
                if let violation = await contract.check(Conformance.HTTPClientSuite.curl) { ours.append(violation) }
            }
        } while !finished.isRaised && rounds < 10
        let twin = await HTTPClientContracts.tooLargeByContentLength.check(Conformance.HTTPClientSuite.buffering)

        // Then ours kept them every round, the buffering twin is still caught, and so is the decoder
        #expect(ours.isEmpty, "\(ours.count) violations in \(rounds) rounds: \(ours.map(\.observed))")
        #expect(twin?.observed.contains("memory grew") == true, "\(String(describing: twin))")
        #expect(await pixels.value != nil)
    }
}


/// A flag one task raises and another polls.
private final class Flag: Sendable {
    private let raised = Mutex(false)
    var isRaised: Bool { raised.withLock { $0 } }
    func raise() { raised.withLock { $0 = true } }
}
