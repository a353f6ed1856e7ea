/// What `help` lists: a line per command a person can type into netcat.
enum HelpText {
    static let commands = [
        #"{"type":"help"}                                  this list"#,
        #"{"type":"ping"}                                  the server answers {"type":"pong"}"#,
        #"{"type":"login","name":"ann"}                    log in as a new player (1-20 characters)"#,
        #"{"type":"login","token":"..."}                   resume an earlier session with its token"#,
        #"{"type":"rooms"}                                 list the public rooms"#,
        #"{"type":"create","game":"set","seats":1}         create a room (here: solo Set); also "private":true, "options":{...}"#,
        #"{"type":"create","game":"set","seats":4}         Set for four: starts when all sit, or on start"#,
        #"{"type":"create","game":"rps"}                   rock-paper-scissors, best of 3"#,
        #"{"type":"create","game":"rps","options":{"rounds":5,"round_seconds":20}}   rps, best of 5"#,
        #"{"type":"join","room":"K7QX"}                    take a seat in a room"#,
        #"{"type":"watch","room":"K7QX"}                   watch a room as a spectator"#,
        #"{"type":"leave"}                                 leave your room"#,
        #"{"type":"start"}                                 start the game (or a rematch) once enough players sit"#,
        #"{"type":"chat","text":"gg"}                      say something to your room"#,
        #"{"type":"stats","name":"ann"}                    games, wins and points of players called ann"#,
        #"{"type":"leaderboard","game":"set"}              the best players of a game"#,
        #"{"type":"throw","sign":"rock"}                   rps: throw rock, paper or scissors"#,
        #"{"type":"claim","cards":[4,17,60]}               set: claim three cards (their ids) as a Set"#,
        #"{"type":"deal"}                                  set: ask for three more cards"#,
        #"{"type":"hint"}                                  set, solo: show a card of a Set on the board"#,
        #"Any message may carry "id" (an integer or a string); the direct reply carries it back."#,
    ]
}
