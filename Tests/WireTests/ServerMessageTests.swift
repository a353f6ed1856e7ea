import GameRules
import Testing
import Wire

/// The exact JSON text of every kind of server message: the wire is pinned.
struct ServerMessageTests {
    static let reveal = RoundReveal(
        room: "K7QX", round: 2, throwsByName: [("ann", .rock), ("bob", .paper)], winner: "bob", timedOut: [])

    /// Card ids are base-3 numbers: count-1, then shape, colour and fill digits.
    static let cards = [0, 40, 80].map { SetCard(id: $0)! }
    static let cardsJSON = #"{"id":0,"count":1,"shape":"triangle","color":"red","fill":"solid"},{"id":40,"count":2,"shape":"circle","color":"green","fill":"striped"},{"id":80,"count":3,"shape":"square","color":"purple","fill":"open"}"#

    static let brainReveal = BrainRoundReveal(
        room: "K7QX", round: 4, prompt: BrainPrompt(sign: .rock, goal: .lose),
        answers: [.init(name: "ann", sign: .scissors, points: 10), .init(name: "bob", sign: nil, points: -10)])

    /// One game of a `games` reply: an option of every kind, with and without a default.
    static let gameInfo = GameInfo(name: "klondike", title: "Klondike", seats: 1...8, defaultSeats: 1, options: [
        GameOption("draw", .integerChoices([1, 3]), default: 1),
        GameOption("seed", .integers(0...(1 << 53) - 1)),
        GameOption("scoring", .strings(["none", "standard"]), default: "none"),
        GameOption("winnable", .boolean),
        GameOption("daily", .boolean, default: false),
    ])

    static let summary = RoomSummary(room: "K7QX", game: "rps", players: ["ann"], seats: 2, phase: .waiting, spectators: 0)

    static let cases: [(ServerMessage, String)] = [
        (.hello(protocolVersion: 1, server: "cardserver 0.1.0", games: ["rps"], startedMs: nil),
         #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["rps"]}"#),
        (.hello(protocolVersion: 1, server: "cardserver 0.1.0", games: ["rps"], startedMs: 1_795_000_000_123),
         #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["rps"],"started_ms":1795000000123}"#),
        (.help(commands: ["a", "b"], id: .int(1)), #"{"type":"help","commands":["a","b"],"id":1}"#),
        (.pong(id: nil), #"{"type":"pong"}"#),
        (.pong(id: .string("x")), #"{"type":"pong","id":"x"}"#),
        (.welcome(player: "p1", name: "ann", token: "abc", resumed: false, room: nil, id: nil),
         #"{"type":"welcome","player":"p1","name":"ann","token":"abc","resumed":false,"room":null}"#),
        (.welcome(player: "p1", name: "ann", token: "abc", resumed: true, room: "K7QX", id: .int(2)),
         #"{"type":"welcome","player":"p1","name":"ann","token":"abc","resumed":true,"room":"K7QX","id":2}"#),
        (.welcome(player: "p1", name: "ann", token: "abc", resumed: false, room: nil, account: AccountInfo(name: "ann", bot: true, createdMs: 1_795_000_000_000), id: nil),
         #"{"type":"welcome","player":"p1","name":"ann","token":"abc","resumed":false,"room":null,"account":{"name":"ann","bot":true,"created_ms":1795000000000}}"#),
        (.token(label: "ci", token: "cst_0123456789abcdef0123456789abcdef", id: .int(3)),
         #"{"type":"token","label":"ci","token":"cst_0123456789abcdef0123456789abcdef","id":3}"#),
        (.tokens([ApiTokenInfo(label: "ci", scopes: ["play"], createdMs: 5, lastUsedMs: nil), ApiTokenInfo(label: "b", scopes: ["play"], createdMs: 6, lastUsedMs: 7)], id: nil),
         #"{"type":"tokens","tokens":[{"label":"ci","scopes":["play"],"created_ms":5,"last_used_ms":null},{"label":"b","scopes":["play"],"created_ms":6,"last_used_ms":7}]}"#),
        (.sessions([
            SessionInfo(id: "5c1f0e2d9a8b7c6d", createdMs: 5, lastSeenMs: 9, transport: "websocket", address: "10.0.0.7", connected: true, current: true),
            SessionInfo(id: "0123456789abcdef", createdMs: 6, lastSeenMs: nil, transport: nil, address: nil, connected: false, current: false),
         ], id: .int(3)),
         #"{"type":"sessions","sessions":[{"id":"5c1f0e2d9a8b7c6d","created_ms":5,"last_seen_ms":9,"transport":"websocket","address":"10.0.0.7","connected":true,"current":true},{"id":"0123456789abcdef","created_ms":6,"last_seen_ms":null,"transport":null,"address":null,"connected":false,"current":false}],"id":3}"#),
        (.signedOut(reason: "revoked"), #"{"type":"signed_out","reason":"revoked"}"#),
        (.serverBusy(message: "busy", retryAfterMs: 1000, id: nil),
         #"{"type":"error","code":"server_busy","message":"busy","retry_after_ms":1000}"#),
        (.welcome(
            player: "p1", name: "ann", token: "abc", resumed: false, room: nil,
            limits: SessionLimits(commandRate: 50, commandBurst: 100, roomsPerMinute: 20, gamesPerMinute: 60, connectionsPerAddress: 64), id: .int(3)),
         #"{"type":"welcome","player":"p1","name":"ann","token":"abc","resumed":false,"room":null,"limits":{"command_rate":50,"command_burst":100,"rooms_per_minute":20,"games_per_minute":60,"connections_per_address":64},"id":3}"#),
        (.error(code: .roomFull, message: "no seat", id: .int(4)),
         #"{"type":"error","code":"room_full","message":"no seat","id":4}"#),
        (.rooms(RoomsPage(rooms: [summary], total: 1, next: nil), id: nil),
         #"{"type":"rooms","rooms":[{"room":"K7QX","game":"rps","players":["ann"],"seats":2,"phase":"waiting","spectators":0}],"total":1,"next":null}"#),
        (.rooms(RoomsPage(rooms: [summary], total: 70, next: RoomsQuery(game: "rps", after: 51)), id: .int(3)),
         #"{"type":"rooms","rooms":[{"room":"K7QX","game":"rps","players":["ann"],"seats":2,"phase":"waiting","spectators":0}],"total":70,"next":{"type":"rooms","game":"rps","after":51},"id":3}"#),
        (.rooms(RoomsPage(rooms: [], total: 0, next: nil), id: nil), #"{"type":"rooms","rooms":[],"total":0,"next":null}"#),
        (.joined(room: "K7QX", game: "rps", seat: 1, id: nil), #"{"type":"joined","room":"K7QX","game":"rps","seat":1}"#),
        (.watching(room: "K7QX", id: .int(2)), #"{"type":"watching","room":"K7QX","id":2}"#),
        (.left(room: "K7QX", id: nil), #"{"type":"left","room":"K7QX"}"#),
        (.chat(room: "K7QX", from: "ann", text: "gg \"well\" played", id: nil),
         #"{"type":"chat","room":"K7QX","from":"ann","text":"gg \"well\" played"}"#),
        (.member(.joined, room: "K7QX", name: "bob", role: .player), #"{"type":"player_joined","room":"K7QX","name":"bob","role":"player"}"#),
        (.member(.left, room: "K7QX", name: "bob", role: .spectator), #"{"type":"player_left","room":"K7QX","name":"bob","role":"spectator"}"#),
        (.member(.away, room: "K7QX", name: "bob", role: .player), #"{"type":"player_away","room":"K7QX","name":"bob","role":"player"}"#),
        (.member(.back, room: "K7QX", name: "bob", role: .player), #"{"type":"player_back","room":"K7QX","name":"bob","role":"player"}"#),
        (.notice(room: "K7QX", reason: "rules_changed", text: "the rps game in this room began under version 2 of its rules"),
         #"{"type":"notice","room":"K7QX","reason":"rules_changed","text":"the rps game in this room began under version 2 of its rules"}"#),
        (.state(RoomState(
            room: "K7QX", game: "rps", seq: 17, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 1, connected: true), PlayerEntry(name: "bob", seat: 1, score: 0, connected: false)],
            spectators: 1,
            gameFields: .rps(RPSFields(round: 2, rounds: 3, roundSeconds: 30, waitingOn: ["bob"], timeLeftMs: 1500, yourThrow: .rock, lastRound: nil)))),
         #"{"type":"state","room":"K7QX","game":"rps","seq":17,"phase":"playing","players":[{"name":"ann","seat":0,"score":1,"connected":true},{"name":"bob","seat":1,"score":0,"connected":false}],"spectators":1,"rematch_votes":[],"round":2,"rounds":3,"round_seconds":30,"waiting_on":["bob"],"time_left_ms":1500,"your_throw":"rock","last_round":null}"#),
        (.state(RoomState(
            room: "K7QX", game: "rps", seq: 18, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 1, connected: true)], spectators: 0, seats: 2,
            seedCommitment: "58567d215b8e016cab5627f412a2bd9affbe20282adb21359d9c3719a6d3aa13",
            gameFields: .rps(RPSFields(round: 2, rounds: 3, roundSeconds: 30, waitingOn: ["ann"], timeLeftMs: 1500, yourThrow: nil, lastRound: nil)))),
         #"{"type":"state","room":"K7QX","game":"rps","seq":18,"phase":"playing","players":[{"name":"ann","seat":0,"score":1,"connected":true}],"spectators":0,"seats":2,"rematch_votes":[],"seed_sha256":"58567d215b8e016cab5627f412a2bd9affbe20282adb21359d9c3719a6d3aa13","round":2,"rounds":3,"round_seconds":30,"waiting_on":["ann"],"time_left_ms":1500,"your_throw":null,"last_round":null}"#),
        // A bot account's player carries "bot":true; nobody else carries the field.
        (.state(RoomState(
            room: "K7QX", game: "rps", seq: 19, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 1, connected: true), PlayerEntry(name: "robo", seat: 1, score: 0, connected: true, bot: true)],
            spectators: 0, seats: 2,
            gameFields: .rps(RPSFields(round: 2, rounds: 3, roundSeconds: 30, waitingOn: ["ann"], timeLeftMs: 1500, yourThrow: nil, lastRound: nil)))),
         #"{"type":"state","room":"K7QX","game":"rps","seq":19,"phase":"playing","players":[{"name":"ann","seat":0,"score":1,"connected":true},{"name":"robo","seat":1,"score":0,"connected":true,"bot":true}],"spectators":0,"seats":2,"rematch_votes":[],"round":2,"rounds":3,"round_seconds":30,"waiting_on":["ann"],"time_left_ms":1500,"your_throw":null,"last_round":null}"#),
        (.state(RoomState(
            room: "K7QX", game: "rps", seq: 3, phase: .over, players: [], spectators: 0,
            gameFields: .rps(RPSFields(round: 2, rounds: 3, roundSeconds: 30, waitingOn: [], timeLeftMs: nil, yourThrow: nil, lastRound: reveal)))),
         #"{"type":"state","room":"K7QX","game":"rps","seq":3,"phase":"over","players":[],"spectators":0,"rematch_votes":[],"round":2,"rounds":3,"round_seconds":30,"waiting_on":[],"time_left_ms":null,"your_throw":null,"last_round":{"round":2,"throws":{"ann":"rock","bob":"paper"},"winner":"bob","timed_out":[]}}"#),
        (.gameOver(GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)])),
         #"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":2,"bob":1}}"#),
        (.gameOver(GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 81)], hintsUsed: 2)),
         #"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":81},"hints_used":2}"#),
        (.gameOver(GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 81)], hintsUsed: 2, seed: 9_007_199_254_740_991)),
         #"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":81},"hints_used":2,"seed":9007199254740991}"#),
        (.gameOver(GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 1)], seed: 7, gameID: "K7QX-mwva3ifj-12")),
         #"{"type":"game_over","room":"K7QX","game_id":"K7QX-mwva3ifj-12","winners":["ann"],"scores":{"ann":1},"seed":7}"#),
        (.replay(GameReplay(
            gameID: "K7QX-mwva3ifj-12", game: "rps", room: "K7QX", seed: 7, options: ["rounds": 1], players: ["ann", "bob"],
            startedMs: 1_795_000_000_000,
            steps: [
                GameReplay.Step(kind: .move, ms: 1500, ns: 1_500_000_123, seat: 1, name: "bob", command: .throwSign(.rock)),
                GameReplay.Step(kind: .deadline, ms: 30000, ns: 30_000_000_000),
            ],
            result: GameOver(room: "K7QX", winners: ["bob"], scores: [NamedScore(name: "ann", score: 0), NamedScore(name: "bob", score: 1)], seed: 7, gameID: "K7QX-mwva3ifj-12")),
            id: .int(5)),
         #"{"type":"replay","game_id":"K7QX-mwva3ifj-12","game":"rps","room":"K7QX","seed":7,"options":{"rounds":1},"players":["ann","bob"],"started_ms":1795000000000,"steps":[{"kind":"move","ms":1500,"ns":1500000123,"seat":1,"name":"bob","command":{"type":"throw","sign":"rock"}},{"kind":"deadline","ms":30000,"ns":30000000000}],"result":{"type":"game_over","room":"K7QX","game_id":"K7QX-mwva3ifj-12","winners":["bob"],"scores":{"ann":0,"bob":1},"seed":7},"rules":1,"id":5}"#),
        (.replayFrame(ReplayFrame(
            gameID: "K7QX-mwva3ifj-12", step: 1, steps: 2, seat: 0, events: [.ok(id: nil)],
            state: RoomState(
                room: "K7QX", game: "rps", seq: 1, phase: .playing, players: [], spectators: 0,
                gameFields: .rps(RPSFields(round: 1, rounds: 1, roundSeconds: 30, waitingOn: ["ann"], timeLeftMs: 28500, yourThrow: nil, lastRound: nil)))),
            id: nil),
         #"{"type":"replay_frame","game_id":"K7QX-mwva3ifj-12","step":1,"steps":2,"seat":0,"events":[{"type":"ok"}],"state":{"type":"state","room":"K7QX","game":"rps","seq":1,"phase":"playing","players":[],"spectators":0,"rematch_votes":[],"round":1,"rounds":1,"round_seconds":30,"waiting_on":["ann"],"time_left_ms":28500,"your_throw":null,"last_round":null}}"#),
        (.gameOver(GameOver(room: "K7QX", winners: [], scores: [NamedScore(name: "ann", score: 0), NamedScore(name: "bob", score: 0)], seed: 0)),
         #"{"type":"game_over","room":"K7QX","winners":[],"scores":{"ann":0,"bob":0},"seed":0}"#),
        (.claimed(room: "K7QX", player: "ann", cards: cards, valid: true, points: 3, id: .int(8)),
         #"{"type":"claimed","room":"K7QX","player":"ann","cards":[\#(cardsJSON)],"valid":true,"points":3,"id":8}"#),
        (.claimed(room: "K7QX", player: "bob", cards: cards, valid: false, points: -5, id: nil),
         #"{"type":"claimed","room":"K7QX","player":"bob","cards":[\#(cardsJSON)],"valid":false,"points":-5}"#),
        (.hint(cards: [cards[0]], hintsUsed: 1, id: nil),
         #"{"type":"hint","cards":[{"id":0,"count":1,"shape":"triangle","color":"red","fill":"solid"}],"hints_used":1}"#),
        (.state(RoomState(
            room: "K7QX", game: "set", seq: 2, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 3, connected: true)], spectators: 0,
            gameFields: .set(SetFields(board: cards, deck: 66, dealVotes: ["ann"], hintsUsed: 0, hint: [])))),
         #"{"type":"state","room":"K7QX","game":"set","seq":2,"phase":"playing","players":[{"name":"ann","seat":0,"score":3,"connected":true}],"spectators":0,"rematch_votes":[],"board":[\#(cardsJSON)],"deck":66,"deal_votes":["ann"],"hints_used":0,"hint":[]}"#),
        (.state(RoomState(
            room: "K7QX", game: "set", seq: 3, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 3, connected: true)], spectators: 0,
            gameFields: .set(SetFields(board: Array(cards.prefix(2)), deck: 66, dealVotes: [], hintsUsed: 0, hint: [], variant: .chain, chain: [cards[2]])))),
         #"{"type":"state","room":"K7QX","game":"set","seq":3,"phase":"playing","players":[{"name":"ann","seat":0,"score":3,"connected":true}],"spectators":0,"rematch_votes":[],"board":[{"id":0,"count":1,"shape":"triangle","color":"red","fill":"solid"},{"id":40,"count":2,"shape":"circle","color":"green","fill":"striped"}],"deck":66,"deal_votes":[],"hints_used":0,"hint":[],"variant":"chain","chain":[{"id":80,"count":3,"shape":"square","color":"purple","fill":"open"}]}"#),
        (.state(RoomState(
            room: "K7QX", game: "set", seq: 4, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 0, connected: true)], spectators: 0,
            gameFields: .set(SetFields(board: [], deck: 69, dealVotes: [], hintsUsed: 0, hint: [], variant: .ultra)))),
         #"{"type":"state","room":"K7QX","game":"set","seq":4,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"board":[],"deck":69,"deal_votes":[],"hints_used":0,"hint":[],"variant":"ultra"}"#),
        (.state(RoomState(
            room: "K7QX", game: "set", seq: 5, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 0, connected: true)], spectators: 0,
            gameFields: .set(SetFields(board: [], deck: 69, dealVotes: [], hintsUsed: 0, hint: [], clockMs: 41_200)))),
         #"{"type":"state","room":"K7QX","game":"set","seq":5,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"board":[],"deck":69,"deal_votes":[],"hints_used":0,"hint":[],"clock_ms":41200}"#),
        (.ok(id: .int(5)), #"{"type":"ok","id":5}"#),
        (.thrown(id: nil), #"{"type":"thrown"}"#),
        (.round(reveal), #"{"type":"round","room":"K7QX","round":2,"throws":{"ann":"rock","bob":"paper"},"winner":"bob","timed_out":[]}"#),
        (.round(RoundReveal(room: "K7QX", round: 1, throwsByName: [], winner: nil, timedOut: ["ann", "bob"])),
         #"{"type":"round","room":"K7QX","round":1,"throws":{},"winner":null,"timed_out":["ann","bob"]}"#),
        (.rateLimited(message: "slow down", retryAfterMs: 20, id: .int(7)),
         #"{"type":"error","code":"rate_limited","message":"slow down","retry_after_ms":20,"remaining":0,"resets_in_ms":20,"id":7}"#),
        (.storageUnavailable(message: "the server cannot save moves right now", retryAfterMs: 1000, id: .int(8)),
         #"{"type":"error","code":"storage_unavailable","message":"the server cannot save moves right now","retry_after_ms":1000,"id":8}"#),
        (.stats(PlayerStats(name: "ann", games: 3, wins: 2, byGame: [
            PlayerStats.Line(key: "set", games: 1, wins: 1, points: 27), PlayerStats.Line(key: "rps", games: 2, wins: 1, points: 3),
        ]), id: nil),
         #"{"type":"stats","name":"ann","games":3,"wins":2,"by_game":{"set":{"games":1,"wins":1,"points":27},"rps":{"games":2,"wins":1,"points":3}}}"#),
        (.stats(PlayerStats(name: "ann", games: 1, wins: 1, byGame: [PlayerStats.Line(key: "rps", games: 1, wins: 1, points: 1)],
                            recent: [PlayerStats.RecentGame(gameID: "K7QX-mwva3ifj-12", game: "rps", won: true)]), id: nil),
         #"{"type":"stats","name":"ann","games":1,"wins":1,"by_game":{"rps":{"games":1,"wins":1,"points":1}},"recent":[{"game_id":"K7QX-mwva3ifj-12","game":"rps","won":true}]}"#),
        (.stats(PlayerStats(name: "ann", games: 2, wins: 2, byGame: [
            PlayerStats.Line(key: "rps", games: 1, wins: 1, points: 2), PlayerStats.Line(key: "klondike", games: 1, wins: 1, points: 52, fewestMoves: 112, bestTimeMs: 245_100),
        ], recent: [
            PlayerStats.RecentGame(
                gameID: "K7QX-mwva3ifj-12", game: "rps", won: true, scores: [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)],
                winners: ["ann"], endedMs: 1_795_572_240_012, timeMs: 116_556),
            PlayerStats.RecentGame(
                gameID: "W2W2-mwva3ifj-2", game: "klondike", won: true, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"],
                endedMs: 1_795_572_000_000, timeMs: 245_200,
                summary: SoloSummary(timeMs: 245_100, figures: [NamedScore(name: "moves", score: 112), NamedScore(name: "undos", score: 3)])),
        ]), id: nil),
         #"{"type":"stats","name":"ann","games":2,"wins":2,"by_game":{"rps":{"games":1,"wins":1,"points":2},"klondike":{"games":1,"wins":1,"points":52,"fewest_moves":112,"best_time_ms":245100}},"recent":[{"game_id":"K7QX-mwva3ifj-12","game":"rps","won":true,"scores":{"ann":2,"bob":1},"winners":["ann"],"ended_ms":1795572240012,"time_ms":116556},{"game_id":"W2W2-mwva3ifj-2","game":"klondike","won":true,"scores":{"ann":52},"winners":["ann"],"ended_ms":1795572000000,"time_ms":245200,"summary":{"time_ms":245100,"moves":112,"undos":3}}]}"#),
        (.leaderboard(game: "klondike", entries: [
            PlayerStats.Line(key: "ann", games: 3, wins: 2, points: 104, fewestMoves: 112, bestTimeMs: 245_100), PlayerStats.Line(key: "bob", games: 1, wins: 0, points: 30),
        ], id: nil),
         #"{"type":"leaderboard","game":"klondike","entries":[{"name":"ann","games":3,"wins":2,"points":104,"fewest_moves":112,"best_time_ms":245100},{"name":"bob","games":1,"wins":0,"points":30}]}"#),
        (.games([Self.gameInfo], id: .int(4)),
         #"{"type":"games","games":[{"name":"klondike","title":"Klondike","seats":{"min":1,"max":8,"default":1},"options":[{"name":"draw","type":"integer","values":[1,3],"default":1},{"name":"seed","type":"integer","min":0,"max":9007199254740991,"default":null},{"name":"scoring","type":"string","values":["none","standard"],"default":"none"},{"name":"winnable","type":"boolean","default":null},{"name":"daily","type":"boolean","default":false}]}],"id":4}"#),
        (.games([], id: nil), #"{"type":"games","games":[]}"#),
        (.games([], pools: [PoolInfo(id: "set-4", game: "set", title: "Set race for 4", seats: 4, options: JSONObject([("variant", .string("junior"))]))], id: .int(5)),
         #"{"type":"games","games":[],"pools":[{"id":"set-4","game":"set","title":"Set race for 4","seats":4,"options":{"variant":"junior"}}],"id":5}"#),
        (.poolStatus(PoolStatus(pool: "rps-3", waiting: 7, waitedMs: 4_500, nextWaveMs: 1_500)),
         #"{"type":"pool_status","pool":"rps-3","waiting":7,"waited_ms":4500,"next_wave_ms":1500}"#),
        (.paired(room: "K7QX", pool: "rps-3", game: "rps", seat: 1), #"{"type":"paired","room":"K7QX","pool":"rps-3","game":"rps","seat":1}"#),
        (.paired(room: "K7QX", pool: nil, game: "set", seat: 0, challenge: "c7"), #"{"type":"paired","room":"K7QX","game":"set","seat":0,"challenge":"c7"}"#),
        (.pairedElsewhere(room: "K7QX", pool: "rps-3", game: "rps", seat: 1), #"{"type":"paired_elsewhere","room":"K7QX","pool":"rps-3","game":"rps","seat":1}"#),
        (.challengeSent(challenge: "c7", to: "bob", expiresMs: 60000, id: .int(3)), #"{"type":"challenge_sent","challenge":"c7","to":"bob","expires_ms":60000,"id":3}"#),
        (.challengeOffer(ChallengeOffer(
            challenge: "c7", from: "ann", rating: ShownRating(rating: 1662.3, provisional: true), bot: true, game: "rps", options: ["rounds": 5],
            rated: true, expiresMs: 60000)),
         #"{"type":"challenge","challenge":"c7","from":"ann","rating":1662.3,"provisional":true,"bot":true,"game":"rps","options":{"rounds":5},"rated":true,"expires_ms":60000}"#),
        (.challengeDeclined(challenge: "c7", by: "bob", reason: .noBots), #"{"type":"challenge_declined","challenge":"c7","by":"bob","reason":"no_bots"}"#),
        (.challengeClosed(challenge: "c7", reason: .expired), #"{"type":"challenge_closed","challenge":"c7","reason":"expired"}"#),
        (.paired(room: "K7QX", pool: nil, game: "rps", seat: 1, seek: "s2"), #"{"type":"paired","room":"K7QX","game":"rps","seat":1,"seek":"s2"}"#),
        (.seekOpen(seek: "s2", expiresMs: 600000, id: .int(4)), #"{"type":"seek_open","seek":"s2","expires_ms":600000,"id":4}"#),
        (.seeks([SeekInfo(
            seek: "s2", from: "ann", rating: ShownRating(rating: 1500.0, provisional: true), bot: false,
            request: SeekRequest(game: "set", options: ["variant": "ultra"], rated: true, ratingRange: 1400...1600, bots: true), waitedMs: 2000)], id: nil),
         #"{"type":"seeks","seeks":[{"seek":"s2","from":"ann","rating":1500.0,"provisional":true,"game":"set","options":{"variant":"ultra"},"rated":true,"rating_range":[1400,1600],"bots":true,"waited_ms":2000}]}"#),
        (.seekClosed(seek: "s2", reason: .busy), #"{"type":"seek_closed","seek":"s2","reason":"busy"}"#),
        (.lobby(LobbySnapshot(
            rooms: [RoomSummary(room: "K7QX", game: "rps", players: ["ann"], seats: 2, phase: .waiting, spectators: 0)], more: true,
            seeks: [SeekInfo(seek: "s2", from: "bob", rating: nil, bot: true, request: SeekRequest(game: "rps"), waitedMs: 5)],
            pools: [PoolCount(pool: "rps-3", waiting: 2)], online: 7), id: .int(1)),
         #"{"type":"lobby","rooms":[{"room":"K7QX","game":"rps","players":["ann"],"seats":2,"phase":"waiting","spectators":0}],"more":true,"seeks":[{"seek":"s2","from":"bob","bot":true,"game":"rps","rated":false,"waited_ms":5}],"pools":[{"pool":"rps-3","waiting":2}],"online":7,"id":1}"#),
        (.roomOpened(RoomSummary(room: "K7QX", game: "set", players: ["ann"], seats: 2, phase: .waiting, spectators: 0)),
         #"{"type":"room_opened","room":{"room":"K7QX","game":"set","players":["ann"],"seats":2,"phase":"waiting","spectators":0}}"#),
        (.roomChanged(RoomSummary(room: "K7QX", game: "set", players: ["ann", "bob"], seats: 2, phase: .playing, spectators: 1)),
         #"{"type":"room_changed","room":{"room":"K7QX","game":"set","players":["ann","bob"],"seats":2,"phase":"playing","spectators":1}}"#),
        (.roomClosed(room: "K7QX"), #"{"type":"room_closed","room":"K7QX"}"#),
        (.seekAdded(SeekInfo(seek: "s3", from: "cy", rating: nil, bot: false, request: SeekRequest(game: "set"), waitedMs: 0)),
         #"{"type":"seek_added","seek":{"seek":"s3","from":"cy","game":"set","rated":false,"waited_ms":0}}"#),
        (.seekRemoved(seek: "s3"), #"{"type":"seek_removed","seek":"s3"}"#),
        (.poolCounts([PoolCount(pool: "set-2", waiting: 1)]), #"{"type":"pools","pools":[{"pool":"set-2","waiting":1}]}"#),
        (.online(players: 12), #"{"type":"online","online":12}"#),
        (.players([
            OnlinePlayer(name: "ann", account: true, bot: false, seated: true, ratings: [("rps", ShownRating(rating: 1662.3, provisional: true))]),
            OnlinePlayer(name: "zed", account: false, bot: false, seated: false),
        ], total: 2, id: .int(5)),
         #"{"type":"players","players":[{"name":"ann","account":true,"seated":true,"ratings":{"rps":{"rating":1662.3,"provisional":true}}},{"name":"zed","seated":false}],"total":2,"id":5}"#),
        (.leaderboard(game: "rps", entries: [PlayerStats.Line(key: "ann", games: 2, wins: 2, points: 4)], id: .string("l")),
         #"{"type":"leaderboard","game":"rps","entries":[{"name":"ann","games":2,"wins":2,"points":4}],"id":"l"}"#),
        (.dailyLeaderboard(DailyLeaderboard(game: "klondike", day: "2026-11-24", deal: "klondike draw=1 passes=none scoring=none", entries: [
            DailyLeaderboard.Entry(name: "ann", finished: true, score: 52, timeMs: 245_100, figures: [
                NamedScore(name: "moves", score: 112), NamedScore(name: "undos", score: 3),
            ]),
            DailyLeaderboard.Entry(name: "bob", finished: false, score: 17, timeMs: nil, figures: []),
        ]), id: .int(9)),
         #"{"type":"daily_leaderboard","game":"klondike","day":"2026-11-24","deal":"klondike draw=1 passes=none scoring=none","entries":[{"name":"ann","finished":true,"score":52,"time_ms":245100,"moves":112,"undos":3},{"name":"bob","finished":false,"score":17}],"id":9}"#),
        (.dailyLeaderboard(DailyLeaderboard(
            game: "set", day: "2026-11-24", deal: "set", entries: [], players: 230,
            you: DailyLeaderboard.Standing(rank: 14, entry: DailyLeaderboard.Entry(
                name: "cy", finished: true, score: 81, timeMs: 301_000, figures: [NamedScore(name: "sets_found", score: 27)]))), id: nil),
         #"{"type":"daily_leaderboard","game":"set","day":"2026-11-24","deal":"set","entries":[],"players":230,"you":{"rank":14,"name":"cy","finished":true,"score":81,"time_ms":301000,"sets_found":27}}"#),
        (.ratingLeaderboard(RatingLeaderboard(game: "rps", entries: [
            RatingLeaderboard.Entry(name: "ann", rating: 1720.3, deviation: 95.4, games: 14),
            RatingLeaderboard.Entry(name: "robo", rating: 1650.0, deviation: 60.2, games: 200, bot: true),
        ]), id: .int(6)),
         #"{"type":"rating_leaderboard","game":"rps","entries":[{"name":"ann","rating":1720.3,"deviation":95.4,"games":14},{"name":"robo","rating":1650.0,"deviation":60.2,"games":200,"bot":true}],"id":6}"#),
        (.gameOver(GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 1), NamedScore(name: "bob", score: 0)], seed: 7,
                            gameID: "K7QX-mwvhb92a-1", ratings: [
                                RatingChange(name: "ann", before: 1500.0, after: 1662.3, diff: 162.3, deviation: 290.3, provisional: true),
                                RatingChange(name: "bob", before: 1500.0, after: 1337.7, diff: -162.3, deviation: 290.3, provisional: true),
                            ])),
         #"{"type":"game_over","room":"K7QX","game_id":"K7QX-mwvhb92a-1","winners":["ann"],"scores":{"ann":1,"bob":0},"seed":7,"ratings":{"ann":{"before":1500.0,"after":1662.3,"diff":162.3,"deviation":290.3,"provisional":true},"bob":{"before":1500.0,"after":1337.7,"diff":-162.3,"deviation":290.3,"provisional":true}}}"#),
        (.answered(correct: false, points: -10, id: .int(3)), #"{"type":"answered","correct":false,"points":-10,"id":3}"#),
        (.brainRound(brainReveal),
         #"{"type":"brain_round","room":"K7QX","round":4,"prompt":{"sign":"rock","goal":"lose"},"answer":"scissors","answers":{"ann":{"sign":"scissors","points":10},"bob":{"sign":null,"points":-10}}}"#),
        (.state(RoomState(
            room: "K7QX", game: "rps-brain", seq: 9, phase: .playing, players: [], spectators: 0,
            gameFields: .brain(BrainFields(
                round: 5, rounds: 10, prompt: BrainPrompt(sign: .paper, goal: .win), roundSeconds: 15, timeLeftMs: 900, answered: ["ann"],
                yourAnswer: .scissors, lastRound: brainReveal)))),
         #"{"type":"state","room":"K7QX","game":"rps-brain","seq":9,"phase":"playing","players":[],"spectators":0,"rematch_votes":[],"round":5,"rounds":10,"prompt":{"sign":"paper","goal":"win"},"round_seconds":15,"time_left_ms":900,"answered":["ann"],"your_answer":"scissors","last_round":{"round":4,"prompt":{"sign":"rock","goal":"lose"},"answer":"scissors","answers":{"ann":{"sign":"scissors","points":10},"bob":{"sign":null,"points":-10}}}}"#),
        (.flipped(room: "K7QX", player: "ann", card: 3, face: "🐶", result: "mismatch", points: -1),
         #"{"type":"flipped","room":"K7QX","player":"ann","card":3,"face":"🐶","result":"mismatch","points":-1}"#),
        (.state(RoomState(
            room: "K7QX", game: "concentration", seq: 4, phase: .playing, players: [], spectators: 2,
            gameFields: .concentration(ConcentrationFields(
                theme: "animals", pairs: 2, turn: "bob", flips: 3, turnSeconds: 30, timeLeftMs: 29000,
                cards: [.init(face: nil, matched: false), .init(face: "🐶", matched: false), .init(face: "🐱", matched: true), .init(face: "🐱", matched: true)])))),
         #"{"type":"state","room":"K7QX","game":"concentration","seq":4,"phase":"playing","players":[],"spectators":2,"rematch_votes":[],"theme":"animals","pairs":2,"turn":"bob","flips":3,"turn_seconds":30,"time_left_ms":29000,"cards":[{"index":0,"face":null,"matched":false},{"index":1,"face":"🐶","matched":false},{"index":2,"face":"🐱","matched":true},{"index":3,"face":"🐱","matched":true}]}"#),
        (.solved(room: "K7QX", player: "ann", moves: 112, message: "Congratulations!"),
         #"{"type":"solved","room":"K7QX","player":"ann","moves":112,"message":"Congratulations!"}"#),
        (.state(RoomState(
            room: "K7QX", game: "klondike", seq: 2, phase: .playing, players: [], spectators: 0,
            gameFields: .klondike(KlondikeFields(
                player: "ann", draw: 3, stock: 21, wasteCount: 3,
                waste: [PlayingCard(rank: 6, suit: .diamonds)],
                foundations: [[PlayingCard(rank: 1, suit: .spades)], [], [], []],
                tableau: [(down: 0, up: [PlayingCard(rank: 13, suit: .hearts), PlayingCard(rank: 12, suit: .clubs)]), (down: 2, up: [])],
                moves: 4, rivals: [NamedScore(name: "bob", score: 12)],
                progress: [KlondikeProgress(name: "ann", cardsHome: 1, moves: 4), KlondikeProgress(name: "bob", cardsHome: 12, moves: 30)],
                canFinish: true)))),
         #"{"type":"state","room":"K7QX","game":"klondike","seq":2,"phase":"playing","players":[],"spectators":0,"rematch_votes":[],"player":"ann","draw":3,"stock":21,"waste_count":3,"waste":[{"rank":6,"suit":"diamonds"}],"foundations":[[{"rank":1,"suit":"spades"}],[],[],[]],"tableau":[{"down":0,"up":[{"rank":13,"suit":"hearts"},{"rank":12,"suit":"clubs"}]},{"down":2,"up":[]}],"moves":4,"rivals":{"bob":12},"progress":[{"name":"ann","cards_home":1,"moves":4},{"name":"bob","cards_home":12,"moves":30}],"can_finish":true}"#),
        // The null branches: a brain state between rounds, concentration waiting, klondike with nobody to show.
        (.state(RoomState(
            room: "K7QX", game: "rps-brain", seq: 1, phase: .waiting, players: [], spectators: 0,
            gameFields: .brain(BrainFields(
                round: 0, rounds: 10, prompt: nil, roundSeconds: 15, timeLeftMs: nil, answered: [],
                yourAnswer: nil, lastRound: nil)))),
         #"{"type":"state","room":"K7QX","game":"rps-brain","seq":1,"phase":"waiting","players":[],"spectators":0,"rematch_votes":[],"round":0,"rounds":10,"prompt":null,"round_seconds":15,"time_left_ms":null,"answered":[],"your_answer":null,"last_round":null}"#),
        (.state(RoomState(
            room: "K7QX", game: "concentration", seq: 1, phase: .waiting, players: [], spectators: 0,
            gameFields: .concentration(ConcentrationFields(
                theme: "animals", pairs: 1, turn: nil, flips: 0, turnSeconds: 30, timeLeftMs: nil,
                cards: [.init(face: nil, matched: false), .init(face: nil, matched: false)])))),
         #"{"type":"state","room":"K7QX","game":"concentration","seq":1,"phase":"waiting","players":[],"spectators":0,"rematch_votes":[],"theme":"animals","pairs":1,"turn":null,"flips":0,"turn_seconds":30,"time_left_ms":null,"cards":[{"index":0,"face":null,"matched":false},{"index":1,"face":null,"matched":false}]}"#),
        (.state(RoomState(
            room: "K7QX", game: "klondike", seq: 1, phase: .waiting, players: [], spectators: 1,
            gameFields: .klondike(KlondikeFields(
                player: nil, draw: 1, stock: 0, wasteCount: 0, waste: [], foundations: [[], [], [], []], tableau: [],
                moves: 0, rivals: [])))),
         #"{"type":"state","room":"K7QX","game":"klondike","seq":1,"phase":"waiting","players":[],"spectators":1,"rematch_votes":[],"player":null,"draw":1,"stock":0,"waste_count":0,"waste":[],"foundations":[[],[],[],[]],"tableau":[],"moves":0,"rivals":{},"progress":[],"can_finish":false}"#),
        (.suggestion(move: .move(from: .tableau(2), to: .foundation(0), count: 1), text: "move 7♥ from t3 to f1", id: .int(6)),
         #"{"type":"suggestion","move":{"type":"move","from":"t3","to":"f1","count":1},"text":"move 7♥ from t3 to f1","id":6}"#),
        (.suggestion(move: nil, text: "no useful move: undo, or start a new game", id: nil),
         #"{"type":"suggestion","move":null,"text":"no useful move: undo, or start a new game"}"#),
        (.shutdown, #"{"type":"shutdown"}"#),
        (.replaced, #"{"type":"replaced"}"#),
    ]

    @Test(arguments: cases)
    func encodesToTheExactLiteral(message: ServerMessage, expected: String) {
        #expect(message.jsonText == expected)
        #expect(message.encodedLine() == Array((expected + "\n").utf8))
    }

    @Test(arguments: [0, 1, 90, 127, 128, 129, 2_000, 70_000])
    func aMessageOfAnyLengthIsWrittenWholeAndEscaped(length: Int) throws {
        // Short replies start in a 128-byte buffer, states in 2048: longer text moves to the heap.
        let message = String(String(repeating: "é\"x\\\n", count: length / 4 + 1).prefix(length))
        let line = ServerMessage.error(code: .badRequest, message: message, id: .int(-9_223_372_036_854_775_807)).encodedLine()
        #expect(line.last == UInt8(ascii: "\n"))
        let parsed = try JSONParser.parse(Array(line.dropLast()))
        #expect(parsed == ["type": "error", "code": "bad_request", "message": .string(message), "id": -9_223_372_036_854_775_807])
    }

    /// A server keeps a page's text without its id, and splices in each asker's id:
    /// the result is byte for byte the message's own encoding.
    @Test(arguments: [nil, RequestID.int(-7), RequestID.string("page \"2\"")])
    func aKeptRoomsPrefixWithAnIDIsTheWholeMessage(id: RequestID?) {
        let page = RoomsPage(rooms: [Self.summary, Self.summary], total: 9, next: RoomsQuery(after: 4))
        let prefix = RoomsPage.replyPrefix(summaries: page.rooms.map { $0.encoded() }, total: page.total, next: page.next)
        #expect(RoomsPage.replyLine(prefix: prefix, id: id) == ServerMessage.rooms(page, id: id).encodedLine())
    }

    /// The `games` reply is kept without its id the same way.
    @Test(arguments: [nil, RequestID.int(-7), RequestID.string("g")])
    func aKeptGamesPrefixWithAnIDIsTheWholeMessage(id: RequestID?) {
        let games = [Self.gameInfo, GameInfo(name: "rps", title: "rock-paper-scissors", seats: 1...2, defaultSeats: 2, options: [])]
        #expect(RoomsPage.replyLine(prefix: GameInfo.replyPrefix(games), id: id) == ServerMessage.games(games, id: id).encodedLine())
    }

    @Test func integersAreWrittenExactly() {
        let values = [0, 7, 9, 10, 99, 100, 12_345, -1, -10, Int.max, Int.min]
        let text = values.map { ServerMessage.ok(id: .int($0)).jsonText }
        #expect(text == values.map { #"{"type":"ok","id":\#($0)}"# })
    }

    @Test func everyErrorCodeHasItsProtocolName() {
        #expect(ErrorCode.allCases.map(\.rawValue) == [
            "bad_json", "bad_request", "unknown_type", "line_too_long", "not_logged_in", "bad_token",
            "no_such_room", "room_full", "name_taken", "not_in_room", "not_seated", "not_your_turn",
            "game_not_started", "game_over", "illegal_move", "stale", "rate_limited", "server_full",
            "server_busy",
            "no_such_game", "storage_unavailable", "bad_credentials",
        ])
    }
}
