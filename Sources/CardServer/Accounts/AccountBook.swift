/// The accounts the server knows and their live sessions, held in memory as the accounts file
/// says them (``AccountRecord``): the loop looks an account up by the skeleton of its name
/// (``NameSkeleton``: "ann", "Ann" and Cyrillic "аnn" are one account) and a session by its
/// token's digest, each in O(1). Pure: records in, answers out; ``AccountLog`` does the I/O.
public final class AccountBook {
    /// One account.
    struct Account: Equatable {
        // In this order, the fields pack into 88 bytes, what the four without `sessions` took:
        // a start holds one for each of 100,000 accounts in a table of 262,144 buckets.
        let name: String
        /// The account's live sessions, oldest first (``maxSessionsPerAccount`` at most).
        var sessions: [TokenDigest] = []
        let createdMs: Int64
        var password: StoredPassword
        let bot: Bool

        init(name: String, bot: Bool, password: StoredPassword, createdMs: Int64) {
            self.name = name
            self.createdMs = createdMs
            self.password = password
            self.bot = bot
        }
    }

    /// Where and when a session was last signed in or resumed with, since the start (not kept
    /// in the file: a sign-in with a session's token writes nothing).
    struct Sighting: Equatable {
        let ms: Int64
        let overWebSocket: Bool
        let address: String
    }

    /// One live session of an account.
    struct Session: Equatable {
        /// The account's skeleton.
        let account: String
        let createdMs: Int64
    }

    /// One API token of an account.
    struct ApiToken: Equatable {
        /// The account's skeleton.
        let account: String
        let label: String
        let scopes: [String]
        let createdMs: Int64
    }

    /// API tokens one account may hold.
    static let maxApiTokensPerAccount = 20

    /// Sessions one account keeps at once: a new one past this ends its oldest, so signing in
    /// again and again grows neither the file nor the table.
    static let maxSessionsPerAccount = 32

    /// An empty book.
    public init() {}

    /// Accounts registered.
    public var count: Int { accounts.count }

    /// Makes room up front for what an accounts file of `bytes` can hold: an account's line and
    /// its session's take about 380 bytes, so `bytes / 256` over-counts a little. Grown as lines
    /// are read, each table would double on the way, the old and the new both held for a
    /// moment: 100,000 accounts peaked 7 MiB above where they settled.
    func reserve(forFileBytes bytes: Int) {
        let expected = min(bytes / 256, 4_000_000)
        guard expected > accounts.capacity else { return }
        accounts.reserveCapacity(expected)
        sessions.reserveCapacity(expected)
    }

    private(set) var accounts: [String: Account] = [:]
    private(set) var sessions: [TokenDigest: Session] = [:]
    /// The last account name read, with its skeleton (``apply(_:)``).
    private var lastNamed: (name: String, skeleton: String)?
    private(set) var apiTokens: [TokenDigest: ApiToken] = [:]
    /// Each account's API tokens, oldest first.
    private var apiTokensByAccount: [String: [TokenDigest]] = [:]
    /// When each API token last signed in, since the start (not kept in the file: a sign-in
    /// writes nothing).
    var apiTokenLastUsed: [TokenDigest: Int64] = [:]

    /// Each account's blocks, by skeleton: the skeletons it blocked, oldest first (at most
    /// ``maxBlocksPerAccount``).
    private(set) var blocks: [String: [String]] = [:]
    /// Accounts one account may block.
    static let maxBlocksPerAccount = 200

    /// Whether either of two accounts (skeletons) blocked the other.
    func isBlocked(_ one: String, _ other: String) -> Bool {
        blocks[one]?.contains(other) == true || blocks[other]?.contains(one) == true
    }

    /// The skeletons of deleted accounts' names: retired, so no one takes over the records kept
    /// under them (a handful: deleting an account is rare).
    /// By skeleton, each with the name as it was registered.
    private(set) var retired: [String: String] = [:]
    /// The last sign-in with each session's token since the start.
    var sightings: [TokenDigest: Sighting] = [:]

    /// The account's sessions, oldest first, with their digests.
    func sessions(of skeleton: String) -> [(hash: TokenDigest, session: Session)] {
        (accounts[skeleton]?.sessions ?? []).compactMap { hash in sessions[hash].map { (hash, $0) } }
    }

    /// Whether `name` looks like the name of a deleted account.
    func isRetired(_ skeleton: String) -> Bool {
        retired[skeleton] != nil
    }

    /// The account's API tokens, oldest first, with their digests.
    func apiTokens(of skeleton: String) -> [(hash: TokenDigest, token: ApiToken)] {
        (apiTokensByAccount[skeleton] ?? []).compactMap { hash in apiTokens[hash].map { (hash, $0) } }
    }

    /// The account whose name looks like `name`, if one is registered.
    func account(lookingLike name: String) -> Account? {
        accounts[NameSkeleton.of(name)]
    }

    /// The account a session token's digest signs in to.
    func account(ofSession hash: TokenDigest) -> Account? {
        sessions[hash].flatMap { accounts[$0.account] }
    }

    /// The session to end so that the account `name` may begin one more; nil while it has room.
    func sessionToEnd(forNewSessionOf name: String) -> TokenDigest? {
        guard let held = accounts[NameSkeleton.of(name)]?.sessions, held.count >= Self.maxSessionsPerAccount else { return nil }
        return held.first
    }

    /// Takes one record in. A record that does not fit what came before (a session of no
    /// account, a second account of one name) changes nothing.
    /// - Returns: whether it fit.
    @discardableResult
    func apply(_ record: AccountRecord) -> Bool {
        switch record {
        case .account(let name, let bot, let password, let createdMs):
            let skeleton = NameSkeleton.of(name)
            lastNamed = (name, skeleton)
            guard accounts[skeleton] == nil, retired[skeleton] == nil else { return false }
            accounts[skeleton] = Account(name: name, bot: bot, password: password, createdMs: createdMs)
        case .session(let name, let hash, let createdMs):
            // A session's record mostly follows its account's: its skeleton is the last one worked out.
            let skeleton = name == lastNamed?.name ? lastNamed!.skeleton : NameSkeleton.of(name)
            guard accounts[skeleton] != nil, sessions[hash] == nil else { return false }
            sessions[hash] = Session(account: skeleton, createdMs: createdMs)
            accounts[skeleton]?.sessions.append(hash)
        case .end(let hash):
            guard let session = sessions.removeValue(forKey: hash) else { return false }
            accounts[session.account]?.sessions.removeAll { $0 == hash }
            sightings[hash] = nil
        case .apiToken(let name, let label, let scopes, let hash, let createdMs):
            let skeleton = NameSkeleton.of(name)
            guard accounts[skeleton] != nil, apiTokens[hash] == nil else { return false }
            apiTokens[hash] = ApiToken(account: skeleton, label: label, scopes: scopes, createdMs: createdMs)
            apiTokensByAccount[skeleton, default: []].append(hash)
        case .apiTokenEnd(let hash):
            guard let token = apiTokens.removeValue(forKey: hash) else { return false }
            apiTokensByAccount[token.account]?.removeAll { $0 == hash }
            apiTokenLastUsed[hash] = nil
        case .password(let name, let password):
            let skeleton = NameSkeleton.of(name)
            guard accounts[skeleton] != nil else { return false }
            accounts[skeleton]?.password = password
        case .accountEnd(let name):
            let skeleton = NameSkeleton.of(name)
            retired[skeleton] = accounts[skeleton]?.name ?? retired[skeleton] ?? name
            for hash in accounts.removeValue(forKey: skeleton)?.sessions ?? [] {
                sessions[hash] = nil
                sightings[hash] = nil
            }
            for hash in apiTokensByAccount.removeValue(forKey: skeleton) ?? [] {
                apiTokens[hash] = nil
                apiTokenLastUsed[hash] = nil
            }
            blocks[skeleton] = nil
        case .block(let name, let blocked):
            let skeleton = NameSkeleton.of(name)
            let other = NameSkeleton.of(blocked)
            guard accounts[skeleton] != nil, other != skeleton else { return false }
            guard blocks[skeleton]?.contains(other) != true else { return true }
            guard (blocks[skeleton]?.count ?? 0) < Self.maxBlocksPerAccount else { return false }
            blocks[skeleton, default: []].append(other)
        case .unblock(let name, let blocked):
            let skeleton = NameSkeleton.of(name)
            let other = NameSkeleton.of(blocked)
            guard blocks[skeleton]?.contains(other) == true else { return false }
            blocks[skeleton]?.removeAll { $0 == other }
            if blocks[skeleton]?.isEmpty == true { blocks[skeleton] = nil }
        }
        return true
    }

    /// What the file needs to hold this book and no more: the retired names, then each account
    /// with its live sessions and API tokens.
    var records: [AccountRecord] {
        retired.sorted { $0.key < $1.key }.map { AccountRecord.accountEnd(name: $0.value) } + accounts.sorted { $0.value.createdMs < $1.value.createdMs || ($0.value.createdMs == $1.value.createdMs && $0.key < $1.key) }
            .flatMap { skeleton, account -> [AccountRecord] in
                [.account(name: account.name, bot: account.bot, password: account.password, createdMs: account.createdMs)]
                    + account.sessions.compactMap { hash in
                        sessions[hash].map { .session(name: account.name, hash: hash, createdMs: $0.createdMs) }
                    }
                    + apiTokens(of: skeleton).map { hash, token in
                        .apiToken(name: account.name, label: token.label, scopes: token.scopes, hash: hash, createdMs: token.createdMs)
                    }
                    + (blocks[skeleton] ?? []).map { .block(name: account.name, blocked: $0) }
            }
    }
}
