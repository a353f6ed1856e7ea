#!/usr/bin/env python3
"""klondike_hints.py: plays Klondike by following the server's hints; races by itself.

    python3 klondike_hints.py --port 7878                      solo, a secret deal
    python3 klondike_hints.py --port 7878 --seed 7 --expect-win
    python3 klondike_hints.py --port 7878 --create-seats 2 --games 20   a race: prints "room CODE"
    python3 klondike_hints.py --port 7878 --join CODE --name bob --games 20

Needs a cardserver (`swift run cardserver`) and Python 3; nothing else, but
`--validate Protocol.schema.json` (every line checked) needs jsonschema and regex.

Solo, it asks `{"type":"hint"}` and sends the move of each `suggestion`, as it is.
A suggestion with `"move":null` means nothing helps ("undo, or start a new game"):
the bot gives the game up by leaving, and finds the seed in the game's replay.

A race gets no hints (everyone plays the same deal), so there the bot plays a
greedy game of its own: a card home, a run that turns a face-down card up, a run
that lets a card go home, a run that empties a pile for a waiting king, the waste
onto the tableau, else a draw; stuck once a whole turn of the stock brought nothing
(it wins about 40% of random deals). A race has no "resign": a stuck player
can only leave. So the joiner leaves and watches the rest (it still gets the
game_over), and the creator, once nobody else is still playing, leaves and takes
its seat back at once (ending the game; its seed comes from the replay). After
each game both sit down again and offer the rematch. It follows the cause/seq rule
(common.Turn), so it never moves from a state older than its last move: a refused
move fails the bot, except `game_over` (a move that came after the winner's last).
After each game it checks the deal against the seed, and exits 1 if anything fails.
"""
import argparse

import common

RED = {"hearts", "diamonds"}


def fits_on(card, pile):
    """The tableau builds down in alternating colours; only a king goes to an empty pile."""
    if not pile["up"]:
        return pile["down"] == 0 and card["rank"] == 13
    top = pile["up"][-1]
    return top["rank"] == card["rank"] + 1 and (top["suit"] in RED) != (card["suit"] in RED)


def home_for(card, foundations):
    """The foundation (0-3) the card can go to, or None: by suit, up from the ace."""
    for index, foundation in enumerate(foundations):
        if foundation:
            if foundation[-1]["suit"] == card["suit"] and foundation[-1]["rank"] + 1 == card["rank"]:
                return index
        elif card["rank"] == 1:
            return index
    return None


def greedy_move(state):
    """The next move of a simple greedy player, or a draw, or None when neither makes sense."""
    tableau, foundations, waste = state["tableau"], state["foundations"], state["waste"]
    piles = range(7)
    # The server says when `finish` would be taken (with cards still to draw, it tried the
    # finish first); a server before 0.12.0 has no `can_finish`: every card face up, none left.
    can_finish = state.get("can_finish")
    if can_finish is None:
        can_finish = state["stock"] == 0 and state["waste_count"] == 0 and all(p["down"] == 0 for p in tableau)
    if can_finish:
        return {"type": "finish"}  # every card goes home
    # A card home.
    if waste and home_for(waste[0], foundations) is not None:
        return {"type": "move", "from": "waste", "to": f"f{home_for(waste[0], foundations) + 1}"}
    for i in piles:
        if tableau[i]["up"] and home_for(tableau[i]["up"][-1], foundations) is not None:
            return {"type": "move", "from": f"t{i + 1}", "to": f"f{home_for(tableau[i]['up'][-1], foundations) + 1}"}
    # A whole run that turns a face-down card up (the pile with the most face-down first).
    for i in sorted(piles, key=lambda i: -tableau[i]["down"]):
        if tableau[i]["down"] == 0:
            continue
        run = tableau[i]["up"]
        for j in piles:
            if j != i and fits_on(run[0], tableau[j]):
                return {"type": "move", "from": f"t{i + 1}", "to": f"t{j + 1}", "count": len(run)}
    # Part of a run, so that the card under it can go home.
    for i in piles:
        run = tableau[i]["up"]
        for k in range(1, len(run)):
            if home_for(run[k - 1], foundations) is None:
                continue
            for j in piles:
                if j != i and fits_on(run[k], tableau[j]):
                    return {"type": "move", "from": f"t{i + 1}", "to": f"t{j + 1}", "count": len(run) - k}
    # A whole run off a pile with nothing face down, emptying it for a king that waits
    # (on the waste, or on face-down cards) when no pile is empty yet.
    king_waits = (waste and waste[0]["rank"] == 13) or any(p["down"] and p["up"][0]["rank"] == 13 for p in tableau)
    if king_waits and not any(not p["up"] and not p["down"] for p in tableau):
        for i in piles:
            run = tableau[i]["up"]
            if tableau[i]["down"] == 0 and run and run[0]["rank"] != 13:
                for j in piles:
                    if j != i and fits_on(run[0], tableau[j]):
                        return {"type": "move", "from": f"t{i + 1}", "to": f"t{j + 1}", "count": len(run)}
    # The waste onto the tableau.
    if waste:
        for j in piles:
            if fits_on(waste[0], tableau[j]):
                return {"type": "move", "from": "waste", "to": f"t{j + 1}"}
    # A draw (turning the waste back over when the stock is empty), if the rules allow one.
    if state["stock"] + state["waste_count"] > 0 and not (state["stock"] == 0 and state.get("passes_left") == 0):
        return {"type": "draw"}
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common.add_common_arguments(parser, "klondike-bot")
    common.add_room_arguments(parser)
    parser.add_argument("--seed", type=int, help="solo only: deal this seed (no commitment then)")
    parser.add_argument("--winnable", action="store_true",
                        help="solo: ask for a deal the server's solver proved winnable (races always get one)")
    parser.add_argument("--draw", type=int, choices=[1, 3], default=1, help="cards per draw (default 1)")
    parser.add_argument("--expect-win", action="store_true", help="exit 1 unless every game is won")
    args = parser.parse_args()

    conn = common.Connection(args)
    conn.login()
    options = {"draw": args.draw}
    if args.seed is not None:
        options["seed"] = args.seed
    if args.winnable:
        options["winnable"] = True
    joined = common.enter_room(conn, args, "klondike", options)
    room, seats = joined["room"], None
    host = not args.join  # the creator leaves last when everyone is stuck

    turn = common.Turn(conn.name)
    state = None
    check = common.DealCheck("klondike")
    games = won = gave_up = late = moves = draws = 0
    idle_draws = 0        # draws since the last move that changed anything but the stock
    suggested = None      # solo: the last suggestion, whose move is sent next
    seated = True         # False while watching a race we left
    ending = False        # we left a race nobody else played any more, and sat down again
    over = False          # the last game's game_over has come (or its replay, if we ended it)

    def game_ended(seed, game_over, how):
        nonlocal games, check, over, idle_draws, suggested
        games += 1
        verdict = check.verdict(seed, chosen_seed=args.seed) if seed is not None else \
            "deal not checked: the game was left before any move, so it kept no replay"
        scores = ", ".join(f"{n} {p}" for n, p in (game_over or {}).get("scores", {}).items())
        print(f"game {games} in {room}: {how} ({scores}); {verdict}", flush=True)
        check, over, idle_draws, suggested = common.DealCheck("klondike"), True, 0, None
        turn.reconsider()  # the state before game_over may be the one to offer a rematch on

    while games < args.games:
        message = conn.receive()
        kind = message.get("type")
        if message.get("room", room) != room:
            continue  # a line from a room we gave up and left
        if turn.reply(message):
            if kind == "error" and ending and message["code"] == "no_such_room":
                # Nobody else was in the room (not even watching): our leave closed it.
                seed, game_over = common.seed_after_leaving(conn, room)
                gave_up += 1
                game_ended(seed, game_over, "nobody won; the room closed, as nobody else was in it")
                room = None
                break
            if kind == "error":
                if message["code"] == "game_over":
                    late += 1  # the race was won before this move arrived
                else:
                    raise common.BotFailure(f"refused: {message['code']}: {message['message']}")
            elif kind == "suggestion":
                suggested = message
            elif kind == "joined" and ending:
                # Our leave ended the game and we have our seat back; every line of that
                # game is read. We got `left`, not its game_over: the seed is in the replay.
                ending = False
                seed, game_over = common.seed_after_leaving(conn, room)
                gave_up += 1
                game_ended(seed, game_over, "nobody won")
        elif kind == "error":
            raise common.BotFailure(f"unexpected error: {message}")
        elif kind == "state":
            state = message
            turn.see(state)
            seats = state["seats"]
            if seated:
                check.see(state)
        elif kind == "solved":
            print(message["message"], flush=True)
        elif kind == "game_over":
            won += conn.name in message["winners"]
            how = "won" if conn.name in message["winners"] else f"winners {message['winners']}"
            game_ended(message["seed"], message, how)
            if games < args.games and not seated:
                # We left the race and watched it; sit down again (seats open after game_over).
                seated = True
                turn.send_together(conn, [{"type": "leave"}, {"type": "join", "room": room}], state)
        if games >= args.games or not turn.can_act(state):
            continue

        # From here on, `state` is the newest view of the room, and shows our last command.
        names = [player["name"] for player in state["players"]]
        if state["phase"] != "playing":
            # Between games: offer the rematch once every seat is taken again. (The state
            # that says "over" comes before game_over, and an offer is seen in rematch_votes.)
            if (over and state["phase"] == "over" and conn.name in names and len(names) == seats
                    and conn.name not in state["rematch_votes"]):
                turn.send(conn, {"type": "start"}, state)
            else:
                turn.passed(state)
            continue
        over = False
        if not seated or conn.name not in [p["name"] for p in state["progress"]]:
            turn.passed(state)
            continue

        if seats == 1:
            # Solo: follow the hints. hint -> suggestion -> its move -> ok -> hint ...
            if suggested is None:
                command = {"type": "hint"}
            elif suggested["move"] is not None:
                command, suggested = suggested["move"], None
            else:
                # "no useful move: undo, or start a new game". Give the deal up: leave.
                print(f"hint: {suggested['text']}", flush=True)
                conn.request({"type": "leave"})
                seed, game_over = common.seed_after_leaving(conn, room)
                gave_up += 1
                game_ended(seed, game_over, f"gave up after {state['moves']} moves")
                if games == args.games:
                    room = None  # not in a room any more
                    break
                # A new room for the next deal; its seq starts again from 1.
                room = common.enter_room(conn, args, "klondike", options)["room"]
                turn, state = common.Turn(conn.name), None
                continue
        else:
            command = greedy_move(state)
            if command and command["type"] == "draw":
                idle_draws += 1
                if idle_draws > 2 * (state["stock"] + state["waste_count"] + 1):
                    command = None  # a whole turn of the stock and nothing to play: stuck
            elif command:
                idle_draws = 0
        if command is None:
            rivals = [p["name"] for p in state["progress"] if p["name"] != conn.name]
            if not host:
                # Out of the race: leave the seat and watch it to its game_over.
                print(f"stuck after {state['moves']} moves: leaving the race to {', '.join(rivals) or 'nobody'}",
                      flush=True)
                seated, gave_up = False, gave_up + 1
                turn.send_together(conn, [{"type": "leave"}, {"type": "watch", "room": room}], state)
            elif rivals:
                turn.passed(state)  # the others may still win; wait for them
            else:
                # Stuck, and nobody else is playing: leave, which ends the game, and take
                # the seat back in the same write (the server reads both lines at once).
                # The room stays open meanwhile if anyone else is in it: the others watch.
                print(f"stuck after {state['moves']} moves, and nobody else is playing: ending the game", flush=True)
                ending = True
                turn.send_together(conn, [{"type": "leave"}, {"type": "join", "room": room}], state)
            continue
        if command["type"] != "hint":
            moves += 1
            draws += command["type"] == "draw"
        turn.send(conn, command, state)

    if room:
        conn.request({"type": "leave"})
    print(f"summary {conn.name}: games {games}, won {won}, gave up {gave_up}, moves {moves} "
          f"({draws} draws), refused 0, too late {late}", flush=True)
    if games < args.games:
        raise common.BotFailure(f"played {games} of the {args.games} games asked for")
    if args.expect_win and won < games:
        raise common.BotFailure(f"won {won} of {games} games; --expect-win wants them all")
    return 0


if __name__ == "__main__":
    common.run(main)
