import Storage
import Wire

/// Accounts: `register`, `login` with a password, `logout`, and the guest names they keep.
///
/// A password is hashed only on the password worker (``ServerHost/runPasswordWork(_:then:)``),
/// at most ``ServerConfig/maxPasswordJobs`` at a time; the records that follow a check (a new
/// account, a new session) are written and synced in the same job (``AccountLog``), and the
/// loop takes them into the book and answers when the job is back. So a flood of guesses costs
/// the loop a few lookups per line and every other player nothing.
extension GameServer {
    /// What a `welcome` says of the player's account; nil for a guest.
    func accountInfo(of player: Player) -> AccountInfo? {
        guard let skeleton = player.account, let account = accounts.accounts[skeleton] else { return nil }
        return AccountInfo(name: account.name, bot: account.bot, createdMs: account.createdMs)
    }

    /// A guest may not take a registered name, nor one that looks like it, nor one being registered.
    /// - Throws: `name_taken`, saying how to sign in instead.
    func refuseRegisteredName(_ name: String) throws(CommandError) {
        let skeleton = NameSkeleton.of(name)
        guard let account = accounts.accounts[skeleton] else {
            if accounts.isRetired(skeleton) {
                throw CommandError(code: .nameTaken, message: "the name \(name) belonged to an account that was deleted, and stays retired so that no one takes over its records; pick another")
            }
            if namesBeingRegistered.contains(skeleton) {
                throw CommandError(code: .nameTaken, message: "the name \(name) is being registered; pick another")
            }
            return
        }
        throw CommandError(
            code: .nameTaken,
            message: "the name \(name) belongs to a registered account (\(account.name)): sign in with "
                + "{\"type\":\"login\",\"name\":\"\(account.name)\",\"password\":\"…\"}, or pick another name")
    }

    // MARK: - register

    func register(_ request: RegisterRequest, client: Client, id: RequestID?) {
        do throws(CommandError) {
            try checkCanSignIn(client)
            let name = try PlayerName.validate(request.name)
            if let problem = PasswordRule.problem(password: request.password, name: name) { throw .badRequest(problem) }
            let skeleton = NameSkeleton.of(name)
            if let account = accounts.accounts[skeleton] {
                throw CommandError(code: .nameTaken, message: "the name \(name) is registered already (as \(account.name)), or one that looks like it; pick another")
            }
            try refuseRegisteredName(name)
            let now = host.nowNanoseconds
            if let wait = addressLimits.registrations.retryAfter(client.address, now: now) {
                throw .rateLimited("your address has registered \(config.registrationsPerHourPerAddress) accounts this hour, the most allowed; wait", retryAfterMs: wait)
            }
            try takePasswordJob()
            addressLimits.registrations.record(client.address, now: now)
            namesBeingRegistered.insert(skeleton)
            client.signingIn = true

            let salt = randomBytes(StoredPassword.saltBytes)
            let token = Self.makeToken(using: &random)
            let createdMs = host.wallMilliseconds
            let iterations = config.passwordIterations
            let password = request.password
            let bot = request.bot
            let log = accountLog
            let written = JobOutcome()
            let stop = passwordStop
            host.runPasswordWork({
                let stored = StoredPassword(password: password, salt: salt, iterations: iterations, stop: stop)
                guard !stop.isRaised else {
                    written.failure = "the server is stopping"
                    return 0
                }
                return written.write([
                    .account(name: name, bot: bot, password: stored, createdMs: createdMs),
                    .session(name: name, hash: TokenDigest(hashing: token), createdMs: createdMs),
                ], to: log) ? 1 : 0
            }, then: { [weak self] _ in
                self?.registrationDone(name: name, skeleton: skeleton, token: token, written: written, client: client, id: id)
            })
        } catch {
            reject(error, to: client.id, id: id)
        }
    }

    private func registrationDone(name: String, skeleton: String, token: String, written: JobOutcome, client: Client, id: RequestID?) {
        passwordJobs -= 1
        namesBeingRegistered.remove(skeleton)
        client.signingIn = false
        if let failure = written.failure {
            metrics.storageFailures += 1
            host.log("accounts: the account \(name) was not registered: \(failure)")
            return reject(.storageUnavailable, to: client.id, id: id)
        }
        written.records.forEach { accounts.apply($0) }
        host.log("\(client.id) registered the account \(name)")
        guard clients[client.id] === client, !client.isClosing, client.playerID == nil else { return }
        newPlayer(named: name, client: client, id: id, token: token, account: skeleton)
    }

    // MARK: - login with a password

    /// Checks `password` against the account `name` on the worker. A name with no account is
    /// checked against a stand-in with the same count, so it takes the same work and gets the
    /// same `bad_credentials`: neither the reply nor its time says whether the name exists.
    func signIn(name: String, password: String, client: Client, id: RequestID?) {
        do throws(CommandError) {
            try checkCanSignIn(client)
            let now = host.nowNanoseconds
            if let wait = addressLimits.failedLogins.retryAfter(client.address, now: now) {
                throw .rateLimited("your address has had \(config.failedLoginsPerMinutePerAddress) failed sign-ins this minute, the most allowed; wait", retryAfterMs: wait)
            }
            // Nothing longer can be an account's name or password: refused unhashed.
            guard name.utf8.count <= ServerConfig.maxNameBytes, password.unicodeScalars.count <= PasswordRule.maximumCharacters else {
                throw Self.badCredentials
            }
            let skeleton = NameSkeleton.of(name)
            if let wait = lockouts.retryAfter(skeleton, now: now) {
                throw .rateLimited("too many wrong passwords for \(name) lately; wait, then try again", retryAfterMs: wait)
            }
            try takePasswordJob()
            client.signingIn = true

            let account = accounts.accounts[skeleton]
            let stored = account?.password ?? standInPassword
            let token = Self.makeToken(using: &random)
            var toWrite: [AccountRecord] = []
            if let account {
                toWrite.append(.session(name: account.name, hash: TokenDigest(hashing: token), createdMs: host.wallMilliseconds))
                if let oldest = accounts.sessionToEnd(forNewSessionOf: account.name) { toWrite.append(.end(hash: oldest)) }
            }
            let records = toWrite
            let log = accountLog
            let written = JobOutcome()
            let stop = passwordStop
            host.runPasswordWork({
                // Always derived, whether or not there is an account: the same work either way.
                guard stored.matches(password, stop: stop), !records.isEmpty else { return 0 }
                return written.write(records, to: log) ? 1 : 0
            }, then: { [weak self] matched in
                self?.signInDone(name: name, skeleton: skeleton, token: token, matched: matched == 1, written: written, client: client, id: id)
            })
        } catch {
            reject(error, to: client.id, id: id)
        }
    }

    private func signInDone(name: String, skeleton: String, token: String, matched: Bool, written: JobOutcome, client: Client, id: RequestID?) {
        passwordJobs -= 1
        client.signingIn = false
        if let failure = written.failure {
            metrics.storageFailures += 1
            host.log("accounts: a session of \(name) was not begun: \(failure)")
            return reject(.storageUnavailable, to: client.id, id: id)
        }
        let now = host.nowNanoseconds
        guard matched, let account = accounts.accounts[skeleton] else {
            lockouts.recordFailure(skeleton, now: now)
            addressLimits.failedLogins.record(client.address, now: now)
            return reject(Self.badCredentials, to: client.id, id: id)
        }
        lockouts.recordSuccess(skeleton)
        written.records.forEach { accounts.apply($0) }
        // The account's oldest session made room for this one: whoever still uses it is signed out.
        for case .end(let hash) in written.records {
            if let holder = playerIDsByToken[hash].flatMap({ players[$0] }) { signOut(holder, reason: "session_limit") }
        }
        guard clients[client.id] === client, !client.isClosing, client.playerID == nil else { return }
        newPlayer(named: account.name, client: client, id: id, token: token, account: skeleton)
    }

    static let badCredentials = CommandError(code: .badCredentials, message: "no account has that name and password")

    // MARK: - logout

    /// Ends the session: a guest's at once; an account's once its `end` record is on disk, so
    /// a token logged out of stays dead after a restart. The connection stays, logged out.
    func logout(_ player: Player, client: Client, id: RequestID?) throws(CommandError) {
        if let code = player.roomCode, rooms[code] != nil {
            throw .badRequest("leave your room first ({\"type\":\"leave\"}), then log out")
        }
        guard player.account != nil else {
            endLoggedOut(player, client: client, id: id)
            return
        }
        writeAccountRecords([.end(hash: player.tokenHash)], for: client, id: id) { [weak self] in
            guard let self, self.players[player.id] === player else { return }
            self.endLoggedOut(player, client: client, id: id)
        }
    }

    private func endLoggedOut(_ player: Player, client: Client, id: RequestID?) {
        host.log("\(player.name) (\(player.id)) logged out")
        // A seat taken while the end was being written is left with the session.
        leaveAnyRoom(player)
        endSession(player)
        if client.playerID == player.id { client.playerID = nil }
        send(.ok(id: id), to: client.id)
    }

    // MARK: - Shared

    /// A connection signs in once, one sign-in at a time.
    private func checkCanSignIn(_ client: Client) throws(CommandError) {
        if let playerID = client.playerID, let player = players[playerID] {
            throw .badRequest("you are already logged in as \(player.name); log out first ({\"type\":\"logout\"}), or open another connection")
        }
        if client.signingIn { throw .badRequest("a sign-in of this connection is under way; wait for its answer") }
    }

    /// Takes a place in the worker's queue of password jobs.
    /// - Throws: `server_busy` with `retry_after_ms` when the queue is full.
    func takePasswordJob() throws(CommandError) {
        guard passwordJobs < config.maxPasswordJobs else {
            throw CommandError(code: .serverBusy, message: "the server is checking as many passwords as it can queue; try again in a moment", retryAfterMs: 1_000)
        }
        passwordJobs += 1
    }

    /// `count` bytes from the server's generator (the system's, `getrandom`, in production).
    func randomBytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            var word = random.next()
            for _ in 0..<min(8, count - bytes.count) {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }
}

/// What a job on the worker wrote, read back on the loop once the job is done (the worker's
/// queue, under its lock, orders the two).
final class JobOutcome: @unchecked Sendable {
    var records: [AccountRecord] = []
    var failure: String?

    /// On the worker: appends `records` to the accounts file (none without `--data`) and keeps
    /// what came of it for the loop. Every job that writes the file writes through here.
    /// - Returns: whether they are written.
    func write(_ records: [AccountRecord], to log: AccountLog?) -> Bool {
        if let failure = log?.append(records) {
            self.failure = failure.description
            return false
        }
        self.records = records
        return true
    }
}
