import Synchronization

/// The teardowns of the subject instances one check made, run when the check ends.
///
/// ``Contract/check(_:)`` opens a scope around every check; a subject's factory wrapper
/// (e.g. `HTTPClientSubject.makeClient`) registers each instance's teardown in the current one,
/// so a check needs no cleanup code of its own on any of its return paths.
package final class ContractScope: Sendable {
    /// The scope of the check running on this task (inherited by its child tasks).
    @TaskLocal package static var current: ContractScope?

    private let teardowns = Mutex<[@Sendable () async -> Void]>([])

    package init() {}

    /// Registers `instance`'s teardown with the running check and returns its value. Only
    /// checks call the factories, so there is always a scope; without one nothing would run
    /// the teardown.
    package static func adopt<Value: Sendable>(_ instance: SubjectInstance<Value>) -> Value {
        current?.teardowns.withLock { $0.append(instance.teardown) }
        return instance.value
    }

    /// Runs `body` in a new scope, then every teardown registered in it, newest first.
    package static func run<Value: Sendable>(_ body: @Sendable () async -> Value) async -> Value {
        let scope = ContractScope()
        let value = await $current.withValue(scope) { await body() }
        let registered = scope.teardowns.withLock { list in
            defer { list.removeAll() }
            return list
        }
        for teardown in registered.reversed() { await teardown() }
        return value
    }
}
