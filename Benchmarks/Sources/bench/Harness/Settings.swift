import Foundation

/// How long and how often the cases measure; `--quick` shrinks everything for a smoke run.
struct Settings: Sendable {
    /// The run's scratch folder (nginx's prefix, caches, databases).
    let workDir: URL
    /// Repetitions per measurement (the median is reported).
    let repetitions: Int
    /// Seconds per wrk run (the issue: 10).
    let wrkSeconds: Int
    /// Seconds per wrk run over HTTPS (case 8, kept short so the case adds under a minute).
    let tlsSeconds: Int
    /// Seconds per wrk run that opens a new TLS connection for each request (case 8).
    let handshakeSeconds: Int
    /// Seconds the clients wait on a stalled server (the issue: 10).
    let stallSeconds: Int
    /// Seconds of idle CPU sampled per repetition while connections are held.
    let idleSeconds: Int
    /// Connections held stalled (the issue: 1,000).
    let stalledConnections: Int
    /// Distinct images loaded in the memory case (the issue: 1,000).
    let imageCount: Int
    /// Rows in the cold-open cache (the issue: 100,000) and tweets per bulk save (10,000).
    let cacheRows: Int
    let bulkTweets: Int

    static func full(workDir: URL, repetitions: Int) -> Settings {
        Settings(
            workDir: workDir, repetitions: repetitions, wrkSeconds: 10, tlsSeconds: 5, handshakeSeconds: 3, stallSeconds: 10, idleSeconds: 3,
            stalledConnections: 1000, imageCount: 1000, cacheRows: 100_000, bulkTweets: 10_000)
    }

    static func quick(workDir: URL) -> Settings {
        Settings(
            workDir: workDir, repetitions: 1, wrkSeconds: 2, tlsSeconds: 2, handshakeSeconds: 1, stallSeconds: 2, idleSeconds: 1,
            stalledConnections: 1000, imageCount: 100, cacheRows: 20_000, bulkTweets: 10_000)
    }

    func folder(_ name: String) throws -> URL {
        let url = workDir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
