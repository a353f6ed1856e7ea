/// The version of this suite: the server shows it in `hello` ("cardserver 0.1.0"), and the
/// client and the benchmark tool print it for `--version`. One number, so they never disagree.
public enum SuiteVersion {
    public static let number = "0.1.0"
}
