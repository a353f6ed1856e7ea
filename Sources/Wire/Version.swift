/// The version of this suite: the server shows it in `hello` ("cardserver 0.12.0"), and the
/// client and the benchmark tool print it for `--version`. One number, so they never disagree;
/// it changes with each release in CHANGELOG.md, and the schema's `$id` carries it (a test
/// holds the three together).
public enum SuiteVersion {
    public static let number = "0.12.0"
}
