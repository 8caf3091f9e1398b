import Contracts
import Testing

/// The memory rules sample the whole process's resident size, and the suites' server runs in
/// the process. What keeps another check's server out of a measurement is the contract gate:
/// a live check runs alone, so no other check renders (the 400 MP rule's server draws a
/// 20000×20000 image, about 1.2 GB) while one measures.
@Suite struct MemoryIsolationTests {
    @Test func memoryRules_besideA400MegapixelRender_measureOnlyTheClient() async {
        // Given the 400 MP rule running (its server renders a 20000×20000 JPEG first)
        async let pixels = ImageLoadingContracts.tooManyPixels.check(Conformance.ImageLoadingSuite.ours)
        try? await Task.sleep(for: .milliseconds(300))

        // When the HTTPClient memory rules are checked meanwhile, for ours and the buffering twin
        let curlByLength = await HTTPClientContracts.tooLargeByContentLength.check(Conformance.HTTPClientSuite.curl)
        let curlByStream = await HTTPClientContracts.tooLargeByStream.check(Conformance.HTTPClientSuite.curl)
        let twin = await HTTPClientContracts.tooLargeByContentLength.check(Conformance.HTTPClientSuite.buffering)

        // Then ours keeps them, the twin is still caught by its memory, and the 400 MP rule holds
        #expect(curlByLength == nil)
        #expect(curlByStream == nil)
        #expect(twin?.observed.contains("memory grew") == true, "\(String(describing: twin))")
        #expect(await pixels == nil)
    }
}
