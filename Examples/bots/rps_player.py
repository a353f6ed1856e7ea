#!/usr/bin/env python3
"""rps_player.py: plays rock-paper-scissors against the server's robot or another bot.

    python3 rps_player.py --port 7878                          against the robot (random)
    python3 rps_player.py --port 7878 --bot adaptive --rounds 5
    python3 rps_player.py --port 7878 --create-seats 2         against a player: prints "room CODE"
    python3 rps_player.py --port 7878 --join CODE --name bob   ... who joins with the code
    python3 rps_player.py --port 7878 --pool rps-3             quick play: paired with whoever waits

Needs a cardserver (`swift run cardserver`) and Python 3; nothing else, but
`--validate Protocol.schema.json` (every line checked) needs jsonschema and regex.

It throws a sign drawn uniformly at random in every round: nobody, the adaptive
robot included, can do better than break even against that on average. It throws
once a round, when its `state` shows it in `waiting_on`, following the cause/seq rule
(common.Turn). At the end it checks that the seed game_over reveals hashes to the
commitment `seed_sha256` the states showed (the robot's draws come from that seed;
a two-player match draws nothing from it), and exits 1 if anything fails.
"""
import argparse
import random

import common

SIGNS = ["rock", "paper", "scissors"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common.add_common_arguments(parser, "rps-player")
    common.add_room_arguments(parser)
    parser.add_argument("--bot", choices=["random", "adaptive"], default="random",
                        help="the robot to play in a one-seat room (default random)")
    parser.add_argument("--rounds", type=int, default=3, help="best of how many rounds (default 3)")
    args = parser.parse_args()

    conn = common.Connection(args)
    conn.login()
    options = {"rounds": args.rounds}
    if args.create_seats == 1 and not (args.pool or args.join or args.challenge or args.accept_challenges):
        options["bot"] = args.bot  # a one-seat rps room is a game against the robot
    joined = common.enter_room(conn, args, "rps", options)
    room = joined["room"]

    dice = random.SystemRandom()
    turn = common.Turn(conn.name)
    state = None
    check = common.DealCheck("rps")
    games = won = throws = 0

    while games < args.games:
        message = conn.receive()
        kind = message.get("type")
        if turn.reply(message):
            if kind == "error":
                raise common.BotFailure(f"refused: {message['code']}: {message['message']}")
        elif kind == "error":
            raise common.BotFailure(f"unexpected error: {message}")
        elif kind == "state":
            state = message
            turn.see(state)
            check.see(state)
        elif kind == "round":
            shown = ", ".join(f"{name} {sign}" for name, sign in message["throws"].items())
            outcome = f"{message['winner']} wins it" if message["winner"] else "no winner, replayed"
            print(f"round {message['round']}: {shown}: {outcome}", flush=True)
        elif kind == "game_over":
            games += 1
            won += conn.name in message["winners"]
            verdict = check.verdict(message["seed"])
            scores = ", ".join(f"{name} {points}" for name, points in message["scores"].items())
            print(f"game {games} in {room}: winners {message['winners']} ({scores}); {verdict}"
                  f"{common.describe_ratings(message)}", flush=True)
            check = common.DealCheck("rps")
            if games < args.games:
                turn.send(conn, {"type": "start"}, state)
            continue

        if not turn.can_act(state) or state["phase"] != "playing":
            continue
        if conn.name in state["waiting_on"] and state["your_throw"] is None:
            throws += 1
            turn.send(conn, {"type": "throw", "sign": dice.choice(SIGNS)}, state)
        else:
            turn.passed(state)

    conn.request({"type": "leave"})
    print(f"summary {conn.name}: games {games}, won {won}, throws {throws}", flush=True)
    return 0


if __name__ == "__main__":
    common.run(main)
