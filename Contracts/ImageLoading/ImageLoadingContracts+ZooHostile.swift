import ContractsCore
import Foundation
import Gallery
import ImageCache
import Messages
import MockServer

// The zoo's hostile and mislabelled images: bombs refused from their headers, memory kept
// bounded, a format nobody decodes named as such, and the bytes (not the Content-Type) picking
// the decoder.
extension ImageLoadingContracts {
    public static let chunkBombBounded = Contract<ImageLoadingSubject>(
        id: "image.chunkBombBounded",
        rule: "The zoo's huge-text-chunk PNG (57 bytes whose tEXt chunk declares 1 GiB) shows brokenImage within 3 s, memory growing by less than 64 MB while it loads."
    ) { subject, server in
        let path = "/images/47.png?variant=huge-text-chunk"
        await warm(server, path)
        return await withinMemoryGrowth(
            64_000_000, while: "the loader refused the 57-byte PNG", cause: "it allocated what a chunk declares before checking the chunk fits the data"
        ) {
            await expectNotice(FailureNotice(message: .brokenImage), subject, server, path: path, within: .seconds(3))
        }
    }

    public static let headerBombRefused = Contract<ImageLoadingSubject>(
        id: "image.headerBombRefused",
        rule: "The zoo's bomb in every format (JPEG, PNG, GIF, WebP, AVIF, HEIC: a small file whose header declares 65,500² or 100,000² pixels) shows imageTooLarge within 3 s each, memory growing by less than 64 MB: refused from the header, before decoding."
    ) { subject, server in
        let paths = ["jpg", "png", "gif", "webp", "avif", "heic"].map { "/images/48.\($0)?variant=bomb" }
        for path in paths { await warm(server, path) }
        return await withinMemoryGrowth(
            64_000_000, while: "the loader refused the six bombs", cause: "it allocated pixels before checking the size the header declares"
        ) { () async -> String? in
            for path in paths {
                if let problem = await expectNotice(FailureNotice(message: .imageTooLarge), subject, server, path: path, within: .seconds(3)) {
                    return "\(path): \(problem)"
                }
            }
            return nil
        }
    }

    public static let unsupportedFormat = Contract<ImageLoadingSubject>(
        id: "image.unsupportedFormat",
        rule: "An image in a format nobody decodes (TIFF, BMP, JPEG XL, SVG, each served with its own image/* type) fails with unsupportedFormat, which shows \"The image format is not supported\"; not brokenImage."
    ) { subject, server in
        let samples = UnsupportedImages.all
        for sample in samples {
            let stub = Stub(
                request: .get(urlPath: "/zoo/unsupported.\(sample.ext)"),
                response: StubResponse(headers: [StubHeader("Content-Type", sample.type)], body: .bytes(sample.bytes)))
            do {
                try server.addStub(stub)
            } catch {
                return "the mock server refused the stub serving the \(sample.name) file: \(error)"
            }
        }
        return await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, relaxed)
            for sample in samples {
                let path = "/zoo/unsupported.\(sample.ext)"
                let outcome = await load(loader, server.url(path))
                guard case .failure(let error, _) = outcome else {
                    return "a \(sample.name) file (\(sample.type)): " + outcome.observed(expecting: "the failure unsupportedFormat")
                }
                let notice = FailureMessages.imageCell(for: error)
                guard error == .unsupportedFormat, notice == FailureNotice(message: .unsupportedFormat) else {
                    let shown = notice.map { "\"\($0.message.text(in: .en))\"" } ?? "nothing"
                    return "a \(sample.name) file (\(sample.type)) failed with \(error), which shows \(shown), expected unsupportedFormat (\"\(UserMessage.unsupportedFormat.text(in: .en))\"): the bytes are a \(sample.name) image, not damaged ones"
                }
            }
            return nil
        }
    }

    public static let typeMismatchDecodesByBytes = Contract<ImageLoadingSubject>(
        id: "image.typeMismatchDecodesByBytes",
        rule: "An image served under another image type (a PNG as image/jpeg, a JPEG as image/png, a GIF as image/webp) is delivered at its size: the bytes choose the decoder, not the Content-Type."
    ) { subject, server in
        let size = "w=\(zooWidth)&h=\(zooHeight)"
        let paths = [
            "/images/49.png?\(size)&type=image/jpeg", "/images/49.jpg?\(size)&type=image/png",
            "/images/49.gif?variant=static&\(size)&type=image/webp",
        ]
        for path in paths { await warm(server, path) }
        return await withTemporaryFolder { folder in
            let loader = await subject.makeLoader(folder, relaxed)
            for path in paths {
                let outcome = await load(loader, server.url(path))
                guard case .success(let loaded, _) = outcome else { return "\(path): " + outcome.observed(expecting: "the image") }
                if loaded.image.width != zooWidth || loaded.image.height != zooHeight {
                    return "\(path): delivered \(loaded.image.width)×\(loaded.image.height), expected \(zooWidth)×\(zooHeight)"
                }
            }
            return nil
        }
    }
}
