#!/usr/bin/env python3
"""spectator.py: watches a room and prints its game as readable text, until game_over.

    python3 spectator.py --port 7878 --room K7QX
    python3 spectator.py --port 7878 --room K7QX --games 3     stay for three games

Needs a cardserver (`swift run cardserver`), a room to watch (its code: a racing
bot prints it, `{"type":"rooms"}` lists the public ones) and Python 3; nothing else,
but `--validate Protocol.schema.json` (every line checked) needs jsonschema and regex.

It sends `watch`, then only reads: each `state` is printed with its `seq` and its
`cause` (who did what), and the events (claims, rounds, flips, solved games) as
sentences. Set boards, rps rounds and Klondike tableaus are drawn; other games show
their scores. At game_over it checks the deal (the seed against the commitment, and
for Set and Klondike every card it saw against the deal the seed makes) and exits 1
if a check fails.
"""
import argparse

import common

SHAPES = {"triangle": "▲", "circle": "●", "square": "■"}
SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def set_card(card):
    return f"{SHAPES[card['shape']] * card['count']:<3} {card['color']:<6} {card['fill']:<7}"


def playing_card(card):
    return f"{RANKS.get(card['rank'], str(card['rank']))}{SUITS[card['suit']]}"


def scores(state):
    return ", ".join(f"{p['name']} {p['score']}" + ("" if p["connected"] else " (away)") for p in state["players"])


def show_state(state, previous):
    """The lines that show what changed, as text."""
    lines = [f"[{state['seq']}] {common.describe_cause(state)}: {state['phase']}; {scores(state) or 'no players'}"]
    if state["phase"] == "over" and state.get("rematch_votes"):
        lines.append(f"    rematch offered by {', '.join(state['rematch_votes'])}")
    game = state["game"]
    if game == "set" and state["board"]:
        board = state["board"]
        if previous is None or previous.get("board") != board:
            for row in range(0, len(board), 3):
                lines.append("    " + " | ".join(set_card(card) for card in board[row:row + 3]))
            lines.append(f"    {len(board)} on the board, {state['deck']} in the deck")
        if state["deal_votes"]:
            lines.append(f"    asking for three more: {', '.join(state['deal_votes'])}")
    elif game == "rps" and state["phase"] == "playing":
        waiting = ", ".join(state["waiting_on"]) or "nobody"
        lines.append(f"    round {state['round']} of best of {state['rounds']}; waiting on {waiting}")
    elif game == "klondike":
        if state.get("player") is None:
            if state.get("progress"):  # a race: no cards until it is over, only the progress
                lines.append("    " + "; ".join(f"{p['name']}: {p['cards_home']} home in {p['moves']} moves"
                                                for p in state["progress"]))
        else:
            homes = " ".join(playing_card(f[-1]) if f else "--" for f in state["foundations"])
            waste = playing_card(state["waste"][0]) if state["waste"] else "--"
            lines.append(f"    {state['player']}: {state['moves']} moves; home {homes}; "
                         f"stock {state['stock']}, waste {waste} ({state['waste_count']})")
            for index, pile in enumerate(state["tableau"]):
                lines.append(f"    t{index + 1}: " + " ".join(["##"] * pile["down"] + [playing_card(c) for c in pile["up"]]))
    return lines


def show_event(message):
    kind = message["type"]
    if kind == "claimed":
        cards = " + ".join(" ".join(set_card(card).split()) for card in message["cards"])
        verdict = "a Set" if message["valid"] else "not a Set"
        return f"{message['player']} claims {cards}: {verdict} ({message['points']:+d})"
    if kind == "round":
        throws = ", ".join(f"{name} {sign}" for name, sign in message["throws"].items())
        return f"round {message['round']}: {throws or 'nobody threw'}; " + \
            (f"{message['winner']} wins it" if message["winner"] else "no winner, replayed")
    if kind == "brain_round":
        return f"round {message['round']}: the answer was {message['answer']}"
    if kind == "flipped":
        return f"{message['player']} flips card {message['card']}: {message['face']} ({message['result']})"
    if kind in ("solved", "chat"):
        return message.get("message") or f"{message['from']}: {message['text']}"
    if kind in ("player_joined", "player_left", "player_away", "player_back"):
        return f"{message['name']} ({message.get('role', 'player')}) {kind.split('_')[1]}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common.add_common_arguments(parser, "spectator")
    parser.add_argument("--room", required=True, help="the code of the room to watch")
    parser.add_argument("--games", type=int, default=1, help="stay for this many game_overs (default 1)")
    args = parser.parse_args()

    conn = common.Connection(args)
    conn.login()
    watching = conn.request({"type": "watch", "room": args.room})
    print(f"watching {watching['room']}", flush=True)
    previous, check, games = None, None, 0
    while games < args.games:
        message = conn.receive()
        kind = message["type"]
        if kind == "state":
            if check is None or check.game != message["game"]:
                check = common.DealCheck(message["game"])
            check.see(message)
            print("\n".join(show_state(message, previous)), flush=True)
            previous = message
        elif kind == "game_over":
            games += 1
            points = ", ".join(f"{name} {score}" for name, score in message["scores"].items())
            print(f"game over: winners {', '.join(message['winners']) or 'none'} ({points}); "
                  f"seed {message['seed']}", flush=True)
            print(check.verdict(message["seed"], watching=True) if check else "deal not checked: no state seen", flush=True)
            check = None
        elif kind == "error":
            raise common.BotFailure(f"unexpected error: {message}")
        else:
            text = show_event(message)
            if text:
                print(text, flush=True)
    conn.request({"type": "leave"})
    return 0


if __name__ == "__main__":
    common.run(main)
