import CMicroHTTPD
import Foundation

/// `POST /__admin/try {"url": "http://127.0.0.1:8080/images/1.png?reset=1", "timeout": 10000}`:
/// the server fetches one URL of its **own main port** and answers with what came back (see
/// ``Probe``): status, headers, bytes, milliseconds, the body (4 MB at most; text as `body`, images
/// and other bytes as `bodyBase64`) and the outcome, including `refused`, `reset`, `empty`,
/// `cut`, `stalled` and `malformed`, which a browser's `fetch` reports as one opaque error.
///
/// It is never an open proxy: the URL must be `http://` on the main port's number, at one of the
/// addresses the admin guard counts as this server's own (a loopback name or address, the
/// listener's address, or the address the request reached when the listener is on every
/// interface). The answer is sent once the probe ends (within `timeout`, 100...60000 ms, default
/// 10000); at most ``probeLimit`` probes run at once, more get a 503.
extension ServerCore {
    /// Probes running at once, at most.
    static let probeLimit = 8
    /// The probe's deadline when the request names none (ms).
    static let probeDefaultTimeout = 10_000
    /// The accepted deadlines (ms).
    static let probeTimeouts = 100...60_000

    /// Checks the request, starts the probe on a thread of its own and queues the answer, whose
    /// body follows when the probe ends (polling thread).
    func startProbe(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let target: (url: String, timeout: Int)
        switch probeTarget(context, connection: connection) {
        case .failure(let problem): return send(.badParameter(problem), context: context, connection: connection)
        case .success(let value): target = value
        }
        guard probesRunning.add(1, ordering: .relaxed).newValue <= Self.probeLimit else {
            probesRunning.subtract(1, ordering: .relaxed)
            return send(.error(503, "\(Self.probeLimit) probes are running already; try again when one ended"), context: context, connection: connection)
        }
        context.phase = .responded
        let body = LateBody(context: context)
        let headers = [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
        guard
            let result = Self.queueStream(
                body, reader: StreamCallbacks.late, release: StreamCallbacks.releaseLate, headers: headers, on: connection)
        else {
            probesRunning.subtract(1, ordering: .relaxed)
            return MHD_Result.NO
        }
        let thread = Thread { [self, scheduler] in
            let probe = Probe.run(target.url, timeout: target.timeout)
            probesRunning.subtract(1, ordering: .relaxed)
            body.deliver(probe.json, scheduler: scheduler)
        }
        thread.name = "mockserver-try"
        thread.start()
        return result
    }

    /// The URL and deadline of a probe request, or why it is refused (a 400).
    func probeTarget(_ context: RequestContext, connection: OpaquePointer) -> Result<(url: String, timeout: Int), ParameterError> {
        let endpoints = endpoints.withLock { $0 }
        let valid = "an http:// URL on this server's main port, e.g. http://127.0.0.1:\(endpoints.main.port)/images/1.png?delay=500"
        guard !context.uploadOverflow, let command = try? JSONDecoder().decode(TryCommand.self, from: context.upload) else {
            return .failure(ParameterError(parameter: "url", error: #"expected a JSON body like {"url": "http://…", "timeout": 10000}"#, valid: valid))
        }
        let raw = command.url
        let timeout = command.timeout ?? Self.probeDefaultTimeout
        guard Self.probeTimeouts.contains(timeout) else {
            return .failure(ParameterError(
                parameter: "timeout", error: "timeout must be whole milliseconds in range",
                valid: "\(Self.probeTimeouts.lowerBound)...\(Self.probeTimeouts.upperBound)"))
        }
        guard let components = URLComponents(string: raw), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil
        else {
            return .failure(ParameterError(parameter: "url", error: "not an http:// URL: \(raw)", valid: valid))
        }
        let port = components.port ?? 80
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let requestHost = Self.header("Host", of: connection).flatMap(HostHeader.host)
        guard port == endpoints.main.port,
            adminGuard.isOwn(origin: "http://\(bracketed):\(port)", requestHost: requestHost, endpoints: endpoints)
        else {
            return .failure(ParameterError(
                parameter: "url", error: "only this server's own main port can be tried, not \(bracketed):\(port)", valid: valid))
        }
        // curl gets the URL as checked here, rebuilt, never as written (parsers disagree on odd input).
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return .success(("http://\(bracketed):\(port)\(path)\(query)", timeout))
    }
}

/// The body of `POST /__admin/try`, decoded strictly (a `timeout` of `1.5` or `true` is refused).
private struct TryCommand: Decodable {
    let url: String
    let timeout: Int?
}
