import FeedData
import Storage

/// A ``TweetCaching`` whose observation delivers nothing until its gate opens (then every value
/// in order), as a slow observation queue would: it makes the race between a refresh's end and
/// the observation showing what it saved deterministic.
final class HeldObservationStore: TweetCaching {
    let inner: InMemoryTweetStore
    let gate: Gate

    init(_ inner: InMemoryTweetStore, gate: Gate) {
        self.inner = inner
        self.gate = gate
    }

    @discardableResult
    func save(_ tweets: [Tweet]) async throws(StorageError) -> TweetSaveSummary { try await inner.save(tweets) }

    func latest(limit: Int) async throws(StorageError) -> [Tweet] { try await inner.latest(limit: limit) }

    func observeLatest(limit: Int) -> AsyncThrowingStream<[Tweet], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Tweet], any Error>.makeStream()
        let (source, gate) = (inner.observeLatest(limit: limit), gate)
        let task = Task {
            do {
                for try await tweets in source {
                    await gate.wait()
                    continuation.yield(tweets)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
