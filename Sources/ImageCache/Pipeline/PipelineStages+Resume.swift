import Foundation
import Networking

// Resuming an interrupted download: when a transfer breaks after part of a body that the
// server said can be asked for in ranges (`Accept-Ranges: bytes` and a strong `ETag`), the
// retry asks only for the rest (`Range`, `If-Range`), as Nuke and Kingfisher do. It needs a
// client that hands over partial bodies (``PartialBodyKeeping``); with any other client a
// retry starts over.
extension PipelineStages {
    /// Sends `request`, continuing from `resume` when set; afterwards `resume` is where the
    /// next try can continue from (`nil` when it must start over).
    func transfer(_ request: HTTPRequest, resume: inout ResumePoint?) async -> Result<HTTPResponse, NetworkError> {
        guard let keeping = client as? any PartialBodyKeeping else {
            do {
                return .success(try await client.send(request))
            } catch {
                return .failure(error)
            }
        }
        let sent = resume.map { $0.continuing(request) } ?? request
        let box = PartialBodyBox()
        do {
            let response = try await keeping.send(sent, keepingPartialBody: { box.keep($0) })
            guard let point = resume else { return .success(response) }
            resume = nil
            guard let whole = point.completed(by: response) else { return .failure(.invalidResponse) }
            return .success(whole)
        } catch {
            // No byte arrived: the same point again. Bytes that cannot be resumed: start over.
            if let partial = box.take() {
                let previous = resume
                resume = ResumePoint.after(partial, continuing: previous)
            }
            return .failure(error)
        }
    }
}
