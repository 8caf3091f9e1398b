import Contracts
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
        async let pixels = ImageLoadingContracts.tooManyPixels.check(Self.fullDecoder)
        try? await Task.sleep(for: .milliseconds(300))

        // When the HTTPClient memory rules are checked meanwhile, for ours and the buffering twin
        let curlByLength = await HTTPClientContracts.tooLargeByContentLength.check(Conformance.HTTPClientSuite.curl)
        let curlByStream = await HTTPClientContracts.tooLargeByStream.check(Conformance.HTTPClientSuite.curl)
        let twin = await HTTPClientContracts.tooLargeByContentLength.check(Conformance.HTTPClientSuite.buffering)

        // Then ours keeps them, the twin is still caught by its memory, and the decoder is caught too
        #expect(curlByLength == nil)
        #expect(curlByStream == nil)
        #expect(twin?.observed.contains("memory grew") == true, "\(String(describing: twin))")
        #expect(await pixels != nil)
    }
}
