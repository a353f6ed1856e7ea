import Testing
import WebTransport

/// Which `Host` names the DNS-rebinding guard lets a browser use.
struct HostPolicyTests {
    @Test(arguments: ["127.0.0.1:7878", "10.0.0.5", "[::1]:7878", "[fe80::1]", "localhost:7878", "LOCALHOST", "app.localhost:80",
                      "cardbox", "cardbox:7878", "printer.local", "localhost.", "192.168.1.20:8080"])
    func addressesAndLocalNamesAreTrustedUnasked(host: String) {
        #expect(HostPolicy().allows(host: host))
    }

    @Test(arguments: ["evil.example", "evil.example:7878", "127.0.0.1.evil.example", "localhost.evil.example", "127.1", "0x7f.0.0.1",
                      "256.1.1.1", "1.2.3.4.5", "", ":7878", "[", "[]", "local.evil.example"])
    func otherNamesAreRefused(host: String) {
        #expect(!HostPolicy().allows(host: host))
    }

    @Test func namedHostsAndTheHostsOfAllowedOriginsAreTrusted() {
        let policy = HostPolicy(names: ["Cards.Example"], origins: ["https://play.example:8443", "*"])
        #expect(policy.allows(host: "cards.example"))
        #expect(policy.allows(host: "CARDS.example:7878"))
        #expect(policy.allows(host: "cards.example.:443"))
        #expect(policy.allows(host: "play.example"))
        #expect(!policy.allows(host: "www.cards.example"))
        #expect(!policy.allows(host: "evil.example"))
        #expect(policy.names == ["cards.example", "play.example"])
    }

    @Test func theWildcardTrustsEveryNameAndARequestWithoutHostPasses() {
        #expect(HostPolicy(names: ["*"]).allows(host: "evil.example"))
        #expect(HostPolicy().allows(host: nil))
    }

    @Test(arguments: [("cards.example", true), ("*", true), ("a-b.c1", true), ("https://cards.example", false), ("cards.example:80", false),
                      ("cards.example/", false), ("", false), (".example", false), ("caf\u{e9}.example", false)])
    func allowHostTakesOnlyANameOrTheWildcard(text: String, valid: Bool) {
        #expect(HostPolicy.isName(text) == valid)
    }

    @Test func theRefusalKeepsOnlyTheCharactersOfAName() {
        #expect(HostPolicy.refusal("<b>x</b>.example:1") == "cardserver was reached under the name ?b?x??b?.example, which it was not told is its own: "
            + "start it with --allow-host ?b?x??b?.example (a guard against DNS rebinding), or open it by its IP address")
    }
}
