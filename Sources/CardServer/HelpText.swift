/// What `help` lists: a line per command a person can type into netcat. The session and
/// room commands are here; each game's lines come from its engine (``GameEngine/helpLines``).
enum HelpText {
    static let commands = session + GameServer.engines.flatMap { $0.helpLines } + [
        #"Any message may carry "id" (an integer or a string); the direct reply carries it back."#,
    ]

    private static let session = [
        #"{"type":"help"}                                  this list"#,
        #"{"type":"ping"}                                  the server answers {"type":"pong"}"#,
        #"{"type":"games"}                                 every game with its title, seats, options, their values and defaults"#,
        #"{"type":"login","name":"ann"}                    log in as a new player (1-20 characters, 64 bytes)"#,
        #"{"type":"login","token":"..."}                   resume an earlier session with its token"#,
        #"{"type":"register","name":"ann","password":"..."} make an account (a password of 8-256 characters) and sign in"#,
        #"{"type":"login","name":"ann","password":"..."}   sign in to your account"#,
        #"{"type":"logout"}                                end this session (an account's token stops working)"#,
        #"{"type":"login","api_token":"cst_..."}           sign in with one of your account's API tokens (a bot's)"#,
        #"{"type":"token_create","label":"my bot"}         make an API token, shown once (signed in to an account)"#,
        #"{"type":"tokens"}                                your account's API tokens, by label and last use"#,
        #"{"type":"token_revoke","label":"my bot"}         revoke an API token"#,
        #"{"type":"sessions"}                              your account's sessions"#,
        #"{"type":"session_revoke","session":"5c1f..."}    end one of them (its id from sessions)"#,
        #"{"type":"password_change","old":"...","new":"..."} a new password; every other session ends"#,
        #"{"type":"account_delete","password":"..."}       delete your account for good (its name stays retired)"#,
        #"{"type":"rooms"}                                 list the public rooms, 50 at a time; send the reply's "next" for more"#,
        #"{"type":"rooms","game":"set"}                    list one game's public rooms"#,
        #"{"type":"join","room":"K7QX"}                    take a seat in a room"#,
        #"{"type":"watch","room":"K7QX"}                   watch a room as a spectator"#,
        #"{"type":"leave"}                                 leave your room"#,
        #"{"type":"start"}                                 start the game (or a rematch) once enough players sit"#,
        #"{"type":"chat","text":"gg"}                      say something to your room (1-300 characters, 1200 bytes)"#,
        #"{"type":"resign"}                                concede the game: a head-to-head ends, lost; in a race you are out"#,
        #"{"type":"abort"}                                 end a game nobody has moved in yet: no result, no rating change"#,
        #"{"type":"pool_join","pool":"rps-3"}              quick play: wait to be paired with a player of your rating (pools: games)"#,
        #"{"type":"pool_leave"}                            stop waiting in the pool"#,
        #"{"type":"challenge","name":"bob","game":"rps"}   ask an online player to a game of two ("options", "rated" too)"#,
        #"{"type":"challenge_accept","challenge":"c1"}     accept a challenge: you both sit in a new room"#,
        #"{"type":"challenge_decline","challenge":"c1","reason":"later"} say no (later, too_fast, casual, rated, no_bots, generic)"#,
        #"{"type":"challenge_cancel","challenge":"c1"}     take back a challenge you sent"#,
        #"{"type":"block","name":"bob"}                    no challenges or pairings with that account"#,
        #"{"type":"unblock","name":"bob"}                  take a block back"#,
        #"{"type":"stats","name":"ann"}                    games, wins and points of players called ann"#,
        #"{"type":"leaderboard","game":"set"}              the best players of a game"#,
        #"{"type":"leaderboard","game":"set","daily":true} today's results of the daily deal (or "daily":"2026-11-24")"#,
        #"{"type":"replay","game":"K7QX-mwva3ifj-12"}       a finished game's inputs and result (its id from game_over or stats)"#,
        #"{"type":"replay","game":"K7QX-mwva3ifj-12","step":3} the state after step 3 (0: the deal); "seat":1 for seat 1's view"#,
    ]
}
