
/// A refresh whose end is not reported yet: the observation has not shown what it saved.
struct PendingRefresh {
    /// How the refresh ended.
    let outcome: RefreshOutcome
    /// The newest tweets as read after the save: what the screen must show before the end is
    /// reported.
    var expected: [FeedEntry]
    /// Bumped for every check of the store started while waiting; only the latest counts.
    var check = 0
}

extension FeedInteractor {
    /// Hands `entries` to the output and remembers them as what the screen shows.
    func show(_ entries: [FeedEntry]) {
        shownEntries = entries
        deliver { $0.interactorDidLoadTweets(entries) }
    }

    /// A refresh ended. A successful one is reported only once the screen shows what it saved
    /// (`saved`, read after the save): the list follows the store's observation, which runs on
    /// its own queue and may still be on its way when the refresh ends. Reporting the end first
    /// let `testbed feed --once` stop before the fetched tweets were shown.
    func refreshDidEnd(_ outcome: RefreshOutcome, saved: [FeedEntry]?) {
        guard !isStopped else { return }
        if let pendingRefresh {  // superseded by a newer refresh: report it as it was
            self.pendingRefresh = nil
            deliver { $0.interactorDidFinishRefresh(pendingRefresh.outcome) }
        }
        guard let saved, saved != shownEntries else {
            deliver { $0.interactorDidFinishRefresh(outcome) }
            return
        }
        guard !isObservationOver else {  // nothing will come from the observation: show them now
            show(saved)
            deliver { $0.interactorDidFinishRefresh(outcome) }
            return
        }
        pendingRefresh = PendingRefresh(outcome: outcome, expected: saved)
    }

    /// The observation delivered `entries`: show them; report a pending refresh when they are
    /// what it saved. Other entries are either older (delivered before the save landed) or
    /// newer (someone else wrote since): the store is read again to tell.
    func observationDelivered(_ entries: [FeedEntry]) {
        guard !isStopped else { return }
        show(entries)
        guard var pending = pendingRefresh else { return }
        if entries == pending.expected {
            reportPendingRefresh()
            return
        }
        pending.check += 1
        pendingRefresh = pending
        let (store, limit, logger, check) = (dependencies.store, dependencies.displayLimit, logger, pending.check)
        completionCheck?.cancel()
        completionCheck = Task { [weak self] in
            let newest = await Self.newest(store, limit: limit, logger: logger)
            guard let self, !Task.isCancelled else { return }
            self.storeWasRead(newest, check: check)
        }
    }

    /// The observation ended (it failed; logged): a pending refresh shows what it saved itself.
    func observationEnded() {
        isObservationOver = true
        guard let pending = pendingRefresh else { return }
        show(pending.expected)
        reportPendingRefresh()
    }

    /// The store read after an unexpected observation value: when the screen already shows
    /// what the store holds, the pending refresh is reported; else the observation will deliver
    /// the store's newest state, which is now what it waits for.
    private func storeWasRead(_ newest: [FeedEntry]?, check: Int) {
        guard var pending = pendingRefresh, pending.check == check else { return }
        guard let newest, newest != shownEntries else {
            reportPendingRefresh()
            return
        }
        pending.expected = newest
        pendingRefresh = pending
    }

    private func reportPendingRefresh() {
        guard let pending = pendingRefresh else { return }
        pendingRefresh = nil
        deliver { $0.interactorDidFinishRefresh(pending.outcome) }
    }
}
