public import ContractsCore
import FeedScreen
import Foundation
import Messages
import MockServer

/// The presenter-level rules any implementation of the feed screen keeps, checked through a
/// spy view the suite supplies, on a `TestClock` the suite advances (the 60 s and 1 s rules
/// take milliseconds), against the mock server's v1.1 search (texts in English).
public enum FeedRulesContracts {
    /// Every contract of the suite, in a stable order.
    public static let all: [Contract<FeedRulesSubject>] = [
        cachedFirst, refreshEvery60s, countdownTicksEachSecond, noOverlap, failureKeepsTweets, avatarsShownWhenOn,
        avatarsOffNoneRequested,
    ]

    public static let cachedFirst = Contract<FeedRulesSubject>(
        id: "feedRules.cachedFirst",
        rule: "After a restart the cached tweets are on screen before any tweet request reaches the server."
    ) { subject, server in
        await withFeedDatabase { database in
            let first = FeedRun(server: server)
            if let problem = await first.start(subject, database: database) { return problem }
            guard await waitOnMain(within: .seconds(5), { !first.view.tweets.isEmpty }) else {
                return "the first run showed no tweets within 5 s"
            }
            let shown = first.view.tweets.map(\.id)
            first.close()
            try? await Task.sleep(for: .milliseconds(100))
            server.resetJournal()
            let second = FeedRun(server: server)
            let probe = FirstDisplayProbe()
            second.view.onFirstTweets = { probe.seen = (second.tweetRequests.count, server.suspendedConnections) }
            // Every tweet request is held 400 ms at the server: one sent before the display is
            // still in flight (suspended) or already answered (journalled) when the display happens.
            if let problem = await second.start(subject, database: database, extra: [URLQueryItem(name: "delay", value: "400")]) {
                return problem
            }
            guard await waitOnMain(within: .seconds(5), { probe.seen != nil }) else {
                return "after the restart no tweets were shown within 5 s"
            }
            let atFirstDisplay = probe.seen
            guard let atFirstDisplay, atFirstDisplay.answered == 0, atFirstDisplay.inFlight == 0 else {
                return "when the cached tweets were first shown, \(atFirstDisplay?.answered ?? -1) tweet requests were answered and \(atFirstDisplay?.inFlight ?? -1) in flight"
            }
            let cached = second.view.displays.first { !$0.isEmpty }?.map(\.id) ?? []
            second.close()
            return Set(shown).isSubset(of: Set(cached)) ? nil : "after the restart the first tweets shown are not the cached ones"
        }
    }

    public static let refreshEvery60s = Contract<FeedRulesSubject>(
        id: "feedRules.refreshEvery60s",
        rule: "The feed refreshes at start, then again when 60 s of clock time have passed: not at 59 s."
    ) { subject, server in
        await withFeedRun(subject, server) { run in
            await run.advance(seconds: 59)
            try? await Task.sleep(for: .milliseconds(200))
            let at59 = run.tweetRequests.count
            if at59 != 1 { return "after 59 s of clock time the server saw \(at59) tweet requests, expected 1" }
            await run.advance(seconds: 1)
            guard await waitOnMain(within: .seconds(5), { run.tweetRequests.count == 2 }) else {
                return "after 60 s of clock time the server saw \(run.tweetRequests.count) tweet requests, expected 2"
            }
            return nil
        }
    }

    public static let countdownTicksEachSecond = Contract<FeedRulesSubject>(
        id: "feedRules.countdownTicksEachSecond",
        rule: "The countdown shows the seconds to the next refresh, one less each second of clock time: Next update in 59 s, 58 s, 57 s…"
    ) { subject, server in
        await withFeedRun(subject, server) { run in
            for elapsed in 1...5 {
                await run.advance(seconds: 1)
                let expected = countdownText(60 - elapsed)
                guard await waitOnMain(within: .seconds(2), { run.view.countdown == expected }) else {
                    return "after \(elapsed) s the countdown shows \(run.view.countdown.map { "\"\($0)\"" } ?? "nothing"), expected \"\(expected)\""
                }
            }
            return nil
        }
    }

    public static let noOverlap = Contract<FeedRulesSubject>(
        id: "feedRules.noOverlap",
        rule: "Refreshes never overlap: a refresh due while the previous one is still waiting for the server starts only after it ends."
    ) { subject, server in
        // Each tweet request is held 3 s at the server; while the first is held, 61 s of clock
        // time pass in one jump (far faster than 3 s, even on a loaded machine).
        await withFeedRun(subject, server, refreshed: false, extra: [URLQueryItem(name: "delay", value: "3000")]) { run in
            guard await waitOnMain(within: .seconds(5), { server.suspendedConnections >= 1 }) else {
                return "no tweet request reached the server within 5 s of the start"
            }
            await run.clock.advance(by: .seconds(61))
            guard await waitOnMain(within: .seconds(9), { run.tweetRequests.count >= 2 }) else {
                return "the refresh due at 60 s never ran: \(run.tweetRequests.count) tweet requests after 9 s"
            }
            let spans = run.tweetRequests.map { ($0.started, $0.started + $0.ms) }.sorted { $0.0 < $1.0 }
            for (earlier, later) in zip(spans, spans.dropFirst()) where later.0 < earlier.1 {
                return "two tweet requests overlapped: one ran \(earlier.0)–\(earlier.1) ms, the next started at \(later.0) ms"
            }
            return nil
        }
    }

    public static let failureKeepsTweets = Contract<FeedRulesSubject>(
        id: "feedRules.failureKeepsTweets",
        rule: "A failed refresh keeps the tweets on screen, shows its message (offline: No Internet connection), the countdown goes on; the next good refresh clears the message."
    ) { subject, server in
        await withFeedRun(subject, server) { run in
            let shown = run.view.tweets.map(\.id)
            do { try server.setOffline(true) } catch { return "the server could not go offline" }
            await run.advance(seconds: 60)
            let offline = UserMessage.offline.text(in: .en)
            guard await waitOnMain(within: .seconds(5), { run.view.message == offline }) else {
                return "the failed refresh shows \(run.view.message.map { "\"\($0)\"" } ?? "no message"), expected \"\(offline)\""
            }
            if run.view.tweets.map(\.id) != shown { return "after the failed refresh \(run.view.tweets.count) tweets are shown, expected the \(shown.count) from before" }
            await run.advance(seconds: 1)
            guard await waitOnMain(within: .seconds(2), { run.view.countdown == countdownText(59) }) else {
                return "after the failure the countdown shows \(run.view.countdown ?? "nothing") a second later, expected \"\(countdownText(59))\""
            }
            do { try server.setOffline(false) } catch { return "the server could not come back" }
            await run.advance(seconds: 59)
            guard await waitOnMain(within: .seconds(5), { run.view.message == nil }) else {
                return "the next good refresh left the message \(run.view.message ?? "")"
            }
            return nil
        }
    }

    public static let avatarsShownWhenOn = Contract<FeedRulesSubject>(
        id: "feedRules.avatarsShownWhenOn",
        rule: "With avatars on, every tweet gets its author's avatar image, each avatar URL requested once."
    ) { subject, server in
        await withFeedRun(subject, server, refreshed: false, showsAvatars: true) { run in
            let allImages = { @MainActor in
                !run.view.tweets.isEmpty && run.view.tweets.allSatisfy { if case .image = $0.avatar { true } else { false } }
            }
            guard await waitOnMain(within: .seconds(8), allImages) else {
                let kinds = Set(run.view.tweets.map(\.avatar.summary))
                return "with avatars on, \(run.view.tweets.count) tweets show avatars \(kinds.sorted()) after 8 s, expected images"
            }
            let requests = run.avatarRequests
            return Set(requests).count == requests.count ? nil : "avatar URLs were requested more than once: \(requests.count) requests for \(Set(requests).count) URLs"
        }
    }

    public static let avatarsOffNoneRequested = Contract<FeedRulesSubject>(
        id: "feedRules.avatarsOffNoneRequested",
        rule: "With avatars off, no tweet shows an avatar and no avatar is requested."
    ) { subject, server in
        await withFeedRun(subject, server, refreshed: false, showsAvatars: false) { run in
            guard await waitOnMain(within: .seconds(5), { !run.view.tweets.isEmpty }) else { return "no tweets within 5 s" }
            try? await Task.sleep(for: .milliseconds(500))
            if let shown = run.view.tweets.first(where: { $0.avatar != .hidden }) {
                return "with avatars off, tweet \(shown.id) shows \(shown.avatar.summary)"
            }
            let requests = run.avatarRequests
            return requests.isEmpty ? nil : "with avatars off the server was asked for \(requests.count) avatars"
        }
    }
}

/// What the journal held when the first tweets were shown.
@MainActor
private final class FirstDisplayProbe {
    var seen: (answered: Int, inFlight: Int)?
}

extension AvatarViewModel {
    /// `hidden`, `placeholder` or `image (N bytes)`, for violation sentences.
    var summary: String {
        switch self {
        case .hidden: return "hidden"
        case .placeholder: return "placeholder"
        case .image(let bytes): return "image (\(bytes.count) bytes)"
        }
    }
}
