/// What `help` lists: a line per command a person can type into netcat.
enum HelpText {
    static let commands = [
        #"{"type":"help"}                                  this list"#,
        #"{"type":"ping"}                                  the server answers {"type":"pong"}"#,
        #"{"type":"login","name":"ann"}                    log in as a new player (1-20 characters)"#,
        #"{"type":"login","token":"..."}                   resume an earlier session with its token"#,
        #"{"type":"rooms"}                                 list the public rooms"#,
        #"{"type":"create","game":"rps"}                   create a room; also "seats", "private":true, "options":{...}"#,
        #"{"type":"create","game":"rps","options":{"rounds":5,"round_seconds":20}}   rps, best of 5"#,
        #"{"type":"join","room":"K7QX"}                    take a seat in a room"#,
        #"{"type":"watch","room":"K7QX"}                   watch a room as a spectator"#,
        #"{"type":"leave"}                                 leave your room"#,
        #"{"type":"start"}                                 start the game (or a rematch) once enough players sit"#,
        #"{"type":"chat","text":"gg"}                      say something to your room"#,
        #"{"type":"throw","sign":"rock"}                   rps: throw rock, paper or scissors"#,
        #"Any message may carry "id" (an integer or a string); the direct reply carries it back."#,
    ]
}
