import ContractsCore
import Foundation
import Gallery
import Messages
import MockServer

// Image formats as a gallery cell shows them.
extension GalleryRulesContracts {
    public static let unsupportedFormatMessage = Contract<GalleryRulesSubject>(
        id: "gallery.unsupportedFormatMessage",
        rule: "A cell whose image is in a format nobody decodes (a TIFF served as image/tiff) shows \"The image format is not supported\", no hint; the five other cells show their images."
    ) { subject, server in
        let tiff = "/zoo/unsupported.tiff"
        let images = ["/images/1.png", "/images/2.jpg", tiff, "/images/3.png", "/images/4.jpg", "/images/5.png"]
        let list = JSONValue.object(["images": .array(images.map { .string(server.url($0).absoluteString) })])
        do {
            try server.addStub(Stub(request: StubRequest(method: "GET", url: .url("/gallery.json?scenario=unsupported-format")), response: .json(body: list)))
            try server.addStub(
                Stub(
                    request: .get(urlPath: tiff),
                    response: StubResponse(headers: [StubHeader("Content-Type", "image/tiff")], body: .bytes(UnsupportedImages.tiff))))
        } catch {
            return "the mock server refused the test's stubs: \(error)"
        }
        return await withGalleryRun(subject, server, scenario: "unsupported-format") { run in
            if let problem = await run.settle() { return problem }
            let expected = GalleryCellState.failed(message: Expected.text(.unsupportedFormat), hint: nil)
            for (index, path) in images.enumerated() {
                let shown = run.view.cells[index].state
                if path == tiff {
                    if shown != expected { return "the TIFF cell (cell \(index)) shows \(shown.summary), expected \(expected.summary)" }
                } else if !shown.isLoaded {
                    return "\(path) (cell \(index)) shows \(shown.summary), expected the image"
                }
            }
            return nil
        }
    }
}
