/// Facts about the Testbed package itself.
public enum Testbed {
    /// The release these modules are, or were last released as: a semantic version, the newest
    /// dated release of CHANGELOG.md (`make api-breaks` checks that they agree). Changes since
    /// that release are listed under `[Unreleased]` there.
    public static let version = "0.1.0"
}
