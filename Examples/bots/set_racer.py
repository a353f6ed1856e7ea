#!/usr/bin/env python3
"""set_racer.py: plays Set (classic), solo or racing other players in one room.

    python3 set_racer.py --port 7878                          solo: a one-seat room
    python3 set_racer.py --port 7878 --create-seats 2         a race: prints "room CODE"
    python3 set_racer.py --port 7878 --join CODE --name bob   the rival joins it
    ... --games 20                                            a rematch after each game

Needs a cardserver (`swift run cardserver`) and Python 3; nothing else, but
`--validate Protocol.schema.json` (every line checked) needs jsonschema and regex.

On every new board it finds a Set and claims it; when the board holds none it asks
for three more cards with `deal` (a vote, in a race: the cards come once every
connected player asked). In a race it follows the cause/seq rule (common.Turn), so it
never claims from a board older than its own last claim; a claim that loses the race
(`stale`: a card is gone, or `game_over`: too late) is counted, never a failure. A
claim the server judges invalid (`"valid":false`) is a failure: acting by the rule, a
bot never makes one. After each game it checks the deal against the seed and exits 1
if anything fails.
"""
import argparse
import random

import common


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common.add_common_arguments(parser, "set-racer")
    common.add_room_arguments(parser)
    parser.add_argument("--seed", type=int, help="solo only: deal this seed (no commitment then)")
    parser.add_argument("--pick", choices=["first", "random"], default="random",
                        help="which Set to claim when the board holds several (default random: "
                             "two racers rarely go for the same one)")
    args = parser.parse_args()

    conn = common.Connection(args)
    conn.login()
    options = {"seed": args.seed} if args.seed is not None else None
    joined = common.enter_room(conn, args, "set", options)
    room = joined["room"]
    pick = random.Random(conn.name).choice if args.pick == "random" else (lambda sets: sets[0])

    turn = common.Turn(conn.name)
    state = None
    check = common.DealCheck("set")
    games = won = 0
    counts = {"claims": 0, "sets": 0, "wrong": 0, "stale": 0, "late": 0, "deals": 0}

    while games < args.games:
        message = conn.receive()
        kind = message.get("type")
        if turn.reply(message):
            if kind == "error":
                # The two ways a claim loses a race; anything else is a bug.
                if message["code"] == "stale":
                    counts["stale"] += 1
                elif message["code"] == "game_over":
                    counts["late"] += 1
                else:
                    raise common.BotFailure(f"refused: {message['code']}: {message['message']}")
            elif kind == "claimed":
                if message["valid"]:
                    counts["sets"] += 1
                else:
                    counts["wrong"] += 1
                    raise common.BotFailure(f"wrong claim: {[c['id'] for c in message['cards']]} is not a Set")
        elif kind == "error":
            raise common.BotFailure(f"unexpected error: {message}")
        elif kind == "state":
            state = message
            turn.see(state)
            check.see(state)
        elif kind == "game_over":
            games += 1
            won += conn.name in message["winners"]
            verdict = check.verdict(message["seed"], chosen_seed=args.seed)
            scores = ", ".join(f"{name} {points}" for name, points in message["scores"].items())
            print(f"game {games} in {room}: winners {message['winners']} ({scores}); {verdict}"
                  f"{common.describe_ratings(message)}", flush=True)
            check = common.DealCheck("set")
            if games < args.games:
                # A rematch offer; the game begins once every connected player offered.
                turn.send(conn, {"type": "start"}, state)
            continue

        if not turn.can_act(state) or state["phase"] != "playing":
            continue
        sets = common.find_sets(state["board"])
        if sets:
            cards = [card["id"] for card in pick(sets)]
            counts["claims"] += 1
            turn.send(conn, {"type": "claim", "cards": cards}, state)
        elif state["deck"] > 0 and len(state["board"]) < 24 and conn.name not in state["deal_votes"]:
            # The server deals by itself when the board holds no Set; ask anyway, as the
            # protocol allows, in case this board is waiting on votes.
            counts["deals"] += 1
            turn.send(conn, {"type": "deal"}, state)
        else:
            turn.passed(state)  # nothing to do: wait for the next state

    conn.request({"type": "leave"})
    print(f"summary {conn.name}: games {games}, won {won}, claims {counts['claims']}, "
          f"sets {counts['sets']}, wrong claims {counts['wrong']}, lost races {counts['stale']} stale + "
          f"{counts['late']} too late, deal requests {counts['deals']}", flush=True)
    return 0


if __name__ == "__main__":
    common.run(main)
