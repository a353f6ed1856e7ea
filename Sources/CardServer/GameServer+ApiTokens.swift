import Storage
import Wire

/// API tokens, as lichess serves bots: an account makes a long-lived token with a label
/// (`token_create`), shown once and kept only as its SHA-256; `login {api_token}` signs in
/// with it on any connection, as many at once as the bot likes; `token_revoke` ends it.
extension GameServer {
    /// The scopes a token may carry: `play`, sign in and play as the account.
    static let apiTokenScopes: Set<String> = ["play"]
    /// The prefix of every API token: a secret scanner (or a person) tells one from a session's.
    static let apiTokenPrefix = "cst_"

    func signIn(apiToken token: String, client: Client, id: RequestID?) {
        let now = host.nowNanoseconds
        if let wait = addressLimits.failedLogins.retryAfter(client.address, now: now) {
            return reject(
                .rateLimited("your address has had \(config.failedLoginsPerMinutePerAddress) failed sign-ins this minute, the most allowed; wait", retryAfterMs: wait),
                to: client.id, id: id)
        }
        let digest = TokenDigest(hashing: token.utf8.count <= 128 ? token : "")
        guard token.utf8.count <= 128, let api = accounts.apiTokens[digest], let account = accounts.accounts[api.account] else {
            addressLimits.failedLogins.record(client.address, now: now)
            return reject(CommandError(code: .badToken, message: "that API token is unknown or was revoked; sign in with the account's password and make one: {\"type\":\"token_create\",\"label\":\"my bot\"}"), to: client.id, id: id)
        }
        accounts.apiTokenLastUsed[digest] = host.wallMilliseconds
        host.log("\(client.id) signed in with the API token \"\(api.label)\" of \(account.name)")
        // Each connection its own session, in memory: the bot signs in again with its API token.
        newPlayer(named: account.name, client: client, id: id, account: api.account)
    }

    func createApiToken(label: String, scopes: [String], for player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "API tokens")
        let trimmed = String(label.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        guard (1...40).contains(trimmed.count), trimmed.utf8.count <= 120, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badRequest("a token's label has 1 to 40 characters (at most 120 bytes), none of them control characters")
        }
        let unknown = scopes.filter { !Self.apiTokenScopes.contains($0) }
        guard !scopes.isEmpty, unknown.isEmpty else {
            throw .badRequest("scopes must be one or more of: \(Self.apiTokenScopes.sorted().joined(separator: ", ")); not \(unknown.joined(separator: ", "))")
        }
        let held = accounts.apiTokens(of: skeleton)
        if held.contains(where: { $0.token.label == trimmed }) {
            throw .badRequest("a token labelled \(trimmed) exists; revoke it first ({\"type\":\"token_revoke\",\"label\":\"\(trimmed)\"})")
        }
        guard held.count < AccountBook.maxApiTokensPerAccount else {
            throw .badRequest("an account holds at most \(AccountBook.maxApiTokensPerAccount) API tokens; revoke one first")
        }
        let now = host.nowNanoseconds
        if let wait = apiTokenCreations.retryAfter(skeleton, now: now) {
            throw .rateLimited("an account makes at most \(apiTokenCreations.limit) API tokens an hour; wait", retryAfterMs: wait)
        }
        apiTokenCreations.record(skeleton, now: now)
        let token = Self.apiTokenPrefix + Self.makeToken(using: &random)
        let record = AccountRecord.apiToken(
            name: account.name, label: trimmed, scopes: Array(Set(scopes)).sorted(), hash: TokenDigest(hashing: token), createdMs: host.wallMilliseconds)
        writeAccountRecords([record], for: client, id: id) { [weak self] in
            self?.host.log("\(account.name) made the API token \"\(trimmed)\"")
            self?.send(.token(label: trimmed, token: token, id: id), to: client.id)
        }
    }

    func listApiTokens(of player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, _) = try signedInAccount(of: player, for: "API tokens")
        let listed = accounts.apiTokens(of: skeleton).map { hash, token in
            ApiTokenInfo(label: token.label, scopes: token.scopes, createdMs: token.createdMs, lastUsedMs: accounts.apiTokenLastUsed[hash])
        }
        send(.tokens(listed, id: id), to: client.id)
    }

    func revokeApiToken(label: String, of player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "API tokens")
        guard let held = accounts.apiTokens(of: skeleton).first(where: { $0.token.label == label }) else {
            throw .badRequest("no token of \(account.name) is labelled \(label); {\"type\":\"tokens\"} lists them")
        }
        writeAccountRecords([.apiTokenEnd(hash: held.hash)], for: client, id: id) { [weak self] in
            self?.host.log("\(account.name) revoked the API token \"\(label)\"")
            self?.send(.ok(id: id), to: client.id)
        }
    }

    /// The account `player` is signed in to.
    /// - Parameter what: what the command works on, for a guest's error ("API tokens", "sessions").
    /// - Throws: `bad_request` for a guest.
    func signedInAccount(of player: Player, for what: String) throws(CommandError) -> (skeleton: String, account: AccountBook.Account) {
        guard let skeleton = player.account, let account = accounts.accounts[skeleton] else {
            throw .badRequest("\(what) belong to accounts: register or sign in first")
        }
        return (skeleton, account)
    }

    /// Writes `records` to the accounts file on the password worker (every append to it goes
    /// there, one at a time), then takes them into the book and calls `done` on the loop; a
    /// write the disk refuses is `storage_unavailable` and changes nothing.
    func writeAccountRecords(_ records: [AccountRecord], for client: Client, id: RequestID?, done: @escaping () -> Void) {
        let log = accountLog
        let written = JobOutcome()
        host.runPasswordWork({ written.write(records, to: log) ? 1 : 0 }, then: { [weak self] _ in
            guard let self else { return }
            if let failure = written.failure {
                self.metrics.storageFailures += 1
                self.host.log("accounts: not saved: \(failure)")
                return self.reject(.storageUnavailable, to: client.id, id: id)
            }
            written.records.forEach { self.accounts.apply($0) }
            done()
        })
    }
}
