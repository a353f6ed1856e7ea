import Storage
import Wire

/// An account's sessions and credentials: `sessions`, `session_revoke`, `password_change`,
/// `account_delete`.
///
/// A session ended here ends everywhere at once: the connection signed in with it (if any)
/// is taken out of its room, logged out and told why (`signed_out`), and its token no longer
/// signs in, after a restart too (the `end` record is on disk before anything is answered).
/// A password is checked, and a new one hashed, on the password worker only, under the same
/// lockouts as a sign-in: these commands are not a way around them.
extension GameServer {
    /// How many hex digits of a session's token digest name it in `sessions`: 64 bits, unique
    /// among an account's 32 sessions, and nothing anyone could sign in with.
    static let sessionIDDigits = 16

    func listSessions(of player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, _) = try signedInAccount(of: player, for: "sessions")
        let listed = accounts.sessions(of: skeleton).map { hash, session in
            let sighting = accounts.sightings[hash]
            let holder = playerIDsByToken[hash].flatMap { players[$0] }
            return SessionInfo(
                id: String(hash.hex.prefix(Self.sessionIDDigits)), createdMs: session.createdMs, lastSeenMs: sighting?.ms,
                transport: sighting.map { $0.overWebSocket ? "websocket" : "tcp" }, address: sighting?.address,
                connected: holder?.isConnected ?? false, current: hash == player.tokenHash)
        }
        send(.sessions(listed, id: id), to: client.id)
    }

    func revokeSession(_ sessionID: String, by player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "sessions")
        let wanted = sessionID.lowercased()
        guard wanted.utf8.count == Self.sessionIDDigits,
              let (hash, _) = accounts.sessions(of: skeleton).first(where: { $0.hash.hex.hasPrefix(wanted) })
        else {
            throw .badRequest("no session of \(account.name) has the id \(sessionID.prefix(40)); {\"type\":\"sessions\"} lists them")
        }
        if hash == player.tokenHash {
            throw .badRequest("that is this connection's own session: end it with {\"type\":\"logout\"}")
        }
        writeAccountRecords([.end(hash: hash)], for: client, id: id) { [weak self] in
            guard let self else { return }
            self.host.log("\(account.name) ended one of its sessions")
            if let holder = self.playerIDsByToken[hash].flatMap({ self.players[$0] }) {
                self.signOut(holder, reason: "revoked")
            }
            self.send(.ok(id: id), to: client.id)
        }
    }

    func changePassword(old: String, new: String, of player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "passwords")
        if let problem = PasswordRule.problem(password: new, name: account.name) { throw .badRequest(problem) }
        let stored = try checkPasswordJob(old, of: skeleton, account: account, client: client)
        // Every other session ends with the old password: whoever knew it is signed out.
        let others = accounts.sessions(of: skeleton).map(\.hash).filter { $0 != player.tokenHash }
        let salt = randomBytes(StoredPassword.saltBytes)
        let iterations = config.passwordIterations
        let name = account.name
        let log = accountLog
        let written = JobOutcome()
        let stop = passwordStop
        host.runPasswordWork({
            guard stored.matches(old, stop: stop) else { return 0 }
            let replacement = StoredPassword(password: new, salt: salt, iterations: iterations, stop: stop)
            guard !stop.isRaised else {
                written.failure = "the server is stopping"
                return 0
            }
            return written.write([.password(name: name, password: replacement)] + others.map { .end(hash: $0) }, to: log) ? 1 : 0
        }, then: { [weak self] matched in
            guard let self else { return }
            guard self.passwordJobDone(matched: matched == 1, skeleton: skeleton, written: written, client: client, id: id) else { return }
            self.host.log("\(name) changed its password; \(others.count) other sessions ended")
            for hash in others {
                if let holder = self.playerIDsByToken[hash].flatMap({ self.players[$0] }) { self.signOut(holder, reason: "password_changed") }
            }
            self.send(.ok(id: id), to: client.id)
        })
    }

    func deleteAccount(password: String, of player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "accounts")
        if let code = player.roomCode, rooms[code] != nil {
            throw .badRequest("leave your room first ({\"type\":\"leave\"}), then delete the account")
        }
        let stored = try checkPasswordJob(password, of: skeleton, account: account, client: client)
        let name = account.name
        let log = accountLog
        let written = JobOutcome()
        let stop = passwordStop
        host.runPasswordWork({
            guard stored.matches(password, stop: stop) else { return 0 }
            return written.write([.accountEnd(name: name)], to: log) ? 1 : 0
        }, then: { [weak self] matched in
            guard let self else { return }
            guard self.passwordJobDone(matched: matched == 1, skeleton: skeleton, written: written, client: client, id: id) else { return }
            self.host.log("the account \(name) was deleted")
            // Every connection of the account, API tokens' included, is signed out; this one too,
            // without a `signed_out`: its `ok` says so.
            for playerID in self.playersByAccount[skeleton] ?? [] where playerID != player.id {
                if let other = self.players[playerID] { self.signOut(other, reason: "account_deleted") }
            }
            if self.players[player.id] === player {
                if player.roomCode != nil {
                    // It took a seat while the password was checked: out of it, as any other is.
                    self.signOut(player, reason: "account_deleted")
                } else {
                    self.endSession(player)
                    if client.playerID == player.id { client.playerID = nil }
                }
            }
            self.send(.ok(id: id), to: client.id)
        })
    }

    // MARK: - Shared

    /// Checks what may be checked before the worker: the account's lockout and the queue.
    /// - Returns: the stored password to check against on the worker.
    private func checkPasswordJob(_ password: String, of skeleton: String, account: AccountBook.Account, client: Client) throws(CommandError) -> StoredPassword {
        if client.signingIn { throw .badRequest("a password check of this connection is under way; wait for its answer") }
        if let wait = lockouts.retryAfter(skeleton, now: host.nowNanoseconds) {
            throw .rateLimited("too many wrong passwords for \(account.name) lately; wait, then try again", retryAfterMs: wait)
        }
        guard password.unicodeScalars.count <= PasswordRule.maximumCharacters else { throw Self.badCredentials }
        try takePasswordJob()
        client.signingIn = true
        return account.password
    }

    /// A password job is back on the loop: a wrong password counts toward the lockout and is
    /// `bad_credentials`; a write the disk refused is `storage_unavailable`.
    /// - Returns: whether it matched and its records are in the book.
    private func passwordJobDone(matched: Bool, skeleton: String, written: JobOutcome, client: Client, id: RequestID?) -> Bool {
        passwordJobs -= 1
        client.signingIn = false
        if let failure = written.failure {
            metrics.storageFailures += 1
            host.log("accounts: not saved: \(failure)")
            reject(.storageUnavailable, to: client.id, id: id)
            return false
        }
        let now = host.nowNanoseconds
        guard matched else {
            lockouts.recordFailure(skeleton, now: now)
            addressLimits.failedLogins.record(client.address, now: now)
            reject(CommandError(code: .badCredentials, message: "that is not the account's password"), to: client.id, id: id)
            return false
        }
        lockouts.recordSuccess(skeleton)
        written.records.forEach { accounts.apply($0) }
        return true
    }

    /// Ends `player`'s session from elsewhere: out of its room (as if its grace had run out),
    /// forgotten, and its connection, if any, logged out and told why.
    func signOut(_ player: Player, reason: String) {
        leaveAnyRoom(player)
        if let timer = player.graceTimer {
            host.cancel(timer)
            player.graceTimer = nil
        }
        let connection = player.client
        endSession(player)
        host.log("\(player.name) (\(player.id)) was signed out: \(reason)")
        if let connection, let client = clients[connection], client.playerID == player.id {
            client.playerID = nil
            send(.signedOut(reason: reason), to: connection)
        }
    }

    /// Takes `player` out of its room, if any, as a grace period running out does: a session
    /// that ends leaves no seat behind.
    func leaveAnyRoom(_ player: Player) {
        guard let room = player.roomCode.flatMap({ rooms[$0] }) else { return }
        withCause(.event(.gone, player: player.name)) {
            removeMember(player, from: room)
        }
    }

    /// Notes where and when a connection signed in or resumed with one of an account's sessions.
    func sawSession(_ hash: TokenDigest, on client: Client) {
        guard accounts.sessions[hash] != nil else { return }
        accounts.sightings[hash] = AccountBook.Sighting(ms: host.wallMilliseconds, overWebSocket: client.overWebSocket, address: client.address)
    }
}
