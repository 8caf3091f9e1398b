/// What a screen shows for a failure: the message, and a hint when the user can do something
/// about it ("Pull down to refresh").
public struct FailureNotice: Sendable, Hashable {
    /// What went wrong.
    public let message: UserMessage
    /// What the user can do, if anything.
    public let hint: UserMessage?

    /// Creates a notice.
    public init(message: UserMessage, hint: UserMessage? = nil) {
        self.message = message
        self.hint = hint
    }

    /// The message and the hint in `language`.
    public func texts(in language: Language) -> (message: String, hint: String?) {
        (message.text(in: language), hint?.text(in: language))
    }
}
