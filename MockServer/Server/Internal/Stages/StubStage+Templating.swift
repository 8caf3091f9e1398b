import Foundation

/// A stub's answer as rendered: the body's bytes and the headers, values rendered.
struct RenderedStub {
    /// The body.
    let body: SharedBytes
    /// The headers, in order.
    let headers: [StubHeader]
}

extension StubStage {
    /// The 500 a templated stub answers instead (a template failed, a file could not be read).
    struct TemplateRefusal: Error {
        /// The reply to send.
        let reply: Reply
    }

    /// `stub`'s answer rendered for `request`: the body (`body`, `jsonBody`'s text,
    /// `bodyFileName`'s name and then its file's text; `base64Body` is bytes and stays as it
    /// is) and each header value. A template that fails, or a file that cannot be read, is the
    /// 500 to send, naming the part and the reason; a failed template is logged too.
    func render(_ stub: Stub, request: StubRequestInfo) throws(TemplateRefusal) -> RenderedStub {
        let environment = templating.environment(for: stub, request: request)
        func rendered(_ text: String, part: String) throws(TemplateRefusal) -> String {
            do throws(TemplateError) {
                return try templating.render(text, in: environment)
            } catch {
                templating.logFailure(error, stub: stub, part: part)
                throw TemplateRefusal(reply: .error(500, "response template (\(part)) failed: \(error)"))
            }
        }
        let body: SharedBytes
        switch stub.response.body {
        case .none:
            body = SharedBytes(Data())
        case .bytes(let data):
            body = SharedBytes(data)
        case .text(let text):
            body = SharedBytes(Data(try rendered(text, part: "body").utf8))
        case .json(let value):
            body = SharedBytes(Data(try rendered(value.text, part: "jsonBody").utf8))
        case .file(let template):
            let name = try rendered(template, part: "bodyFileName")
            switch file(name) {
            case .unreadable(let reply):
                throw TemplateRefusal(reply: reply)
            case .bytes(let bytes):
                // A file that is not UTF-8 text (an image) is sent as it is, as WireMock sends a binary file.
                if let text = String(validating: bytes.data, as: UTF8.self) {
                    body = SharedBytes(Data(try rendered(text, part: "bodyFileName \(name)").utf8))
                } else {
                    body = bytes
                }
            }
        }
        var headers: [StubHeader] = []
        headers.reserveCapacity(stub.response.headers.count)
        for header in stub.response.headers {
            headers.append(StubHeader(header.name, try rendered(header.value, part: "header \(header.name)")))
        }
        return RenderedStub(body: body, headers: headers)
    }
}
