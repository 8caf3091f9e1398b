import Foundation
import Hummingbird
import ImageCodec
public import Logging
import ServiceLifecycle

/// The HTTP side of `testbed web` (Hummingbird 2): the page's files, its event stream, the
/// events it posts, and the gallery's images.
///
/// - `GET /`, `GET /assets/{file}`: the page (package resources).
/// - `GET /events`: a new session's server-sent events (`text/event-stream`). A page that
///   reconnects names its previous session (`Last-Event-ID`, or `?resume=` when the page opens a
///   new stream itself), and never takes the session from another page.
/// - `POST /session/{id}/events`: one ``PageEvent`` as JSON: 204, or 400 / 404 / 409 / 410 /
///   413 / 415 with `{"error": "…"}`.
/// - `GET /image?url={cell id}`: a loaded cell's image, as the pipeline cached it.
///
/// Every answer forbids scripts and styles from anywhere but this server
/// (`Content-Security-Policy`) and content sniffing.
public struct WebServer: Sendable {
    /// The front end the routes talk to.
    public let frontEnd: WebFrontEnd
    /// The host to listen on (loopback unless asked otherwise).
    public let host: String
    /// The port; 0 picks a free one (reported to `onReady`).
    public let port: Int
    private let logger: Logger
    private let assets: PageAssets

    /// A server for `frontEnd` on `host:port`.
    /// - Throws: ``WebServerError/missingAssets(_:)`` when the page's files are not installed.
    public init(frontEnd: WebFrontEnd, host: String = "127.0.0.1", port: Int = 8090, logger: Logger) throws(WebServerError) {
        guard (0...65_535).contains(port) else { throw .cannotListen("port \(port) is not from 0 to 65535") }
        self.frontEnd = frontEnd
        self.host = host
        self.port = port
        self.logger = logger
        assets = try PageAssets.load()
    }

    /// Serves until the task is cancelled; `onReady` gets the bound port once the server listens.
    /// Cancelling stops it gracefully: the page is told so, every screen is closed, open
    /// connections get up to 5 s to finish. A port that cannot be bound throws.
    public func run(onReady: @escaping @Sendable (Int) async -> Void) async throws {
        let application = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        var configuration = ServiceGroupConfiguration(services: [.init(service: application)], logger: logger)
        // Open keep-alive connections get this long to finish once the page's stream has ended.
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        // Cancelling the group would cut every connection (and log it as an error); a stop is a
        // graceful shutdown instead: the page's stream ends first, then the server drains.
        let running = Task { try await group.run() }
        await withTaskCancellationHandler {
            _ = await running.result
        } onCancel: { [frontEnd] in
            Task {
                await frontEnd.stop()
                await group.triggerGracefulShutdown()
            }
        }
        await frontEnd.stop()
        try await running.value
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SecurityHeaders())
        let (assets, frontEnd) = (self.assets, self.frontEnd)

        router.get("/") { _, _ in Self.asset(assets, "index.html") }
        router.get("/assets/:name") { _, context in Self.asset(assets, context.parameters.get("name") ?? "") }

        router.get("/events") { request, _ in
            // The header a browser's EventSource sends when it reconnects: the last event id it saw.
            let named = request.headers.first { $0.name.canonicalName == "last-event-id" }?.value
                ?? request.uri.queryParameters.get("resume")
            let previous = named.flatMap { $0.isEmpty ? nil : $0 }
            let (frames, id) = await MainActor.run {
                let session = frontEnd.openSession(resuming: previous)
                return (session.frames, session.id)
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                do {
                    for await frame in frames {
                        try await writer.write(ByteBuffer(string: frame))
                    }
                    try await writer.finish(nil)
                } catch {
                    // The page is gone (a write failed): its screens need not run for nobody.
                    await frontEnd.pageLeft(id)
                    throw error
                }
            })
        }

        router.post("/session/:id/events") { request, context in
            guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
                return Self.error(.unsupportedMediaType, "an event is posted as application/json")
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: PageEvent.maxBodyBytes)
            } catch {
                return Self.error(.contentTooLarge, "an event is at most \(PageEvent.maxBodyBytes) bytes")
            }
            let id = context.parameters.get("id") ?? ""
            switch await frontEnd.receive(Data(body.readableBytesView), session: id) {
            case .accepted: return Response(status: .noContent)
            case .malformed(let reason): return Self.error(.badRequest, reason)
            case .unknownSession: return Self.error(.notFound, "no page has session \(id.prefix(64))")
            case .superseded: return Self.error(.gone, "a newer page replaced this one; reload")
            case .notShown(let reason): return Self.error(.conflict, reason)
            }
        }

        router.get("/image") { request, _ in
            guard let id = request.uri.queryParameters.get("url"), let image = await frontEnd.image(for: id) else {
                return Self.error(.notFound, "no loaded cell shows this image")
            }
            let (data, type): (Data, String)
            switch image {
            case .encoded(let bytes, let mimeType): (data, type) = (bytes, mimeType)
            case .decoded(let decoded):
                // The disk cache let the file go: encode the pixels the cell holds, once.
                guard let png = try? ImageCodec.encodePNG(decoded) else {
                    return Self.error(.internalServerError, "the image could not be encoded")
                }
                (data, type) = (png, "image/png")
            }
            var headers = HTTPFields()
            headers[.contentType] = type
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        return router
    }

    private static func asset(_ assets: PageAssets, _ name: String) -> Response {
        guard let asset = assets.files[name] else { return error(.notFound, "no such file") }
        var headers = HTTPFields()
        headers[.contentType] = asset.mimeType
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.data)))
    }

    /// `{"error": reason}` with `status`.
    private static func error(_ status: HTTPResponse.Status, _ reason: String) -> Response {
        let data = (try? JSONEncoder().encode(["error": reason])) ?? Data("{}".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Adds the headers every answer carries.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
