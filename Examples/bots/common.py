"""The plumbing every example bot shares: connect, log in, send commands with ids,
read the server's lines, follow the cause/seq rule, and check the deal at the end.

Not a bot itself: set_racer.py, rps_player.py, klondike_hints.py and spectator.py
import it. Standard library only, except `--validate SCHEMA`, which checks every
line both ways against Protocol.schema.json and needs jsonschema (and regex, for
the schema's \\p{...} patterns, which Python's own re cannot read):

    python3 -m pip install jsonschema regex

Everything here follows Protocol.md; the section names in the comments point there.
"""
import hashlib
import json
import os
import socket
import sys
import time
from collections import deque

# Examples/check_deal.py is the reference "Checking a deal": SplitMix64, below(), the
# shuffle. One copy of it, imported from the folder above this one.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import check_deal  # noqa: E402


class BotFailure(Exception):
    """Something a bot must not accept: an invalid line, a refused command that should
    have worked, a deal that does not check out. The bot prints it and exits 1."""


def add_common_arguments(parser, name):
    parser.add_argument("--host", default="127.0.0.1", help="server address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=7878, help="server port (default 7878)")
    parser.add_argument("--name", default=name, help=f"player name (default {name})")
    parser.add_argument("--api-token", default=os.environ.get("CARDSERVER_API_TOKEN"), metavar="TOKEN",
                        help="sign in to a bot account with one of its API tokens (default: "
                             "$CARDSERVER_API_TOKEN; without one, a guest named --name; api_token.py makes one)")
    parser.add_argument("--validate", metavar="SCHEMA",
                        help="check every line sent and received against this JSON Schema "
                             "(Protocol.schema.json); the first invalid line fails the bot")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="give up when the server says nothing for this many seconds (default 120)")
    parser.add_argument("--verbose", action="store_true", help="print every line sent (>) and received (<)")


def add_room_arguments(parser):
    """--create-seats N (create a room; more than one seat prints its code), --join CODE,
    --pool POOL (wait in a quick-pairing pool until a wave seats the bot), --challenge NAME
    (ask an online player to a game of two) or --accept-challenges (wait to be asked)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--create-seats", type=int, default=1, metavar="N",
                       help="create a room with N seats (default 1: solo); prints the room code")
    group.add_argument("--join", metavar="CODE", help="join the room with this code instead")
    group.add_argument("--pool", metavar="POOL",
                       help="wait in this quick-pairing pool (an id of the games reply's pools, "
                            "e.g. rps-3) and play where a wave seats the bot; a bot's account "
                            "waits with other bots only")
    group.add_argument("--challenge", metavar="NAME",
                       help="challenge the online player NAME to this game for two, and play it once "
                            "accepted (a decline or an expiry fails the bot)")
    group.add_argument("--accept-challenges", action="store_true",
                       help="wait for a challenge to this bot's game and accept it (others are "
                            "declined); then play where it seats the bot")
    parser.add_argument("--games", type=int, default=1,
                        help="games to play in the room: after each game_over, offer a rematch "
                             "with {\"type\":\"start\"} (default 1)")
    parser.add_argument("--rated", action="store_true",
                        help="create the room rated: its games are rated (Glicko-2) when every seat "
                             "is an account's, a bot's signed in with --api-token included")


def run(main):
    """Runs main() and turns a BotFailure (or a lost connection) into exit status 1."""
    sys.stdout.reconfigure(errors="backslashreplace")  # ▲ ♠ on a terminal that has no UTF-8
    try:
        sys.exit(main())
    except BotFailure as failure:
        print(f"FAILED: {failure}", flush=True)
        sys.exit(1)
    except (ConnectionError, OSError) as error:
        print(f"FAILED: connection: {error}", flush=True)
        sys.exit(1)


# --- Validation against Protocol.schema.json ---------------------------------------

class SchemaChecker:
    """Validates each line against its own definition in the schema.

    The schema has one definition per message in `$defs`: `client.TYPE` for what a
    client sends, `server.TYPE` for what the server sends, and `server.state.GAME` for a
    state (states are told apart by `game`). `clientMessage` and `serverMessage` are
    the oneOf of them all; validating against the one definition a line's `type` names
    gives the same verdict, far faster and with a readable error. A `type` the schema
    does not define is checked against the whole oneOf, so it fails.
    """

    def __init__(self, path):
        try:
            import jsonschema
            from jsonschema import validators
        except ImportError:
            raise BotFailure("--validate needs jsonschema: python3 -m pip install jsonschema regex")
        try:
            import regex  # the schema's patterns use \p{L}, \p{White_Space}, ...
        except ImportError:
            raise BotFailure("--validate needs regex for the schema's \\p{...} patterns: "
                             "python3 -m pip install regex")
        with open(path, encoding="utf-8") as file:
            self.schema = json.load(file)
        compiled = {}

        def pattern(validator, value, instance, schema):
            # jsonschema's own "pattern" uses re, which has no \p{...}; this is the same
            # keyword with the regex module, which reads the patterns as ECMA-262 does.
            if not validator.is_type(instance, "string"):
                return
            if value not in compiled:
                compiled[value] = regex.compile(value)
            if not compiled[value].search(instance):
                yield jsonschema.ValidationError(f"{instance!r} does not match {value!r}")

        base = jsonschema.Draft202012Validator
        self.validator_class = validators.extend(base, {"pattern": pattern})
        self.format_checker = base.FORMAT_CHECKER
        self.best_match = jsonschema.exceptions.best_match  # the most telling error, or None
        self.validators = {}

    def _validator(self, definition):
        if definition not in self.validators:
            root = {
                "$schema": self.schema["$schema"],
                "$id": self.schema.get("$id", "urn:protocol"),
                "$defs": self.schema["$defs"],
                "$ref": f"#/$defs/{definition}",
            }
            self.validators[definition] = self.validator_class(root, format_checker=self.format_checker)
        return self.validators[definition]

    def check(self, message, line, direction):
        """direction is 'client' (a line we send) or 'server' (a line we read)."""
        defs = self.schema["$defs"]
        kind = message.get("type") if isinstance(message, dict) else None
        definition = f"{direction}.{kind}"
        if kind == "state" and direction == "server":
            definition = f"server.state.{message.get('game')}"
        if definition not in defs:
            definition = f"{direction}Message"
        error = self.best_match(self._validator(definition).iter_errors(message))
        if error is not None:
            where = "/".join(str(part) for part in error.absolute_path) or "(the message)"
            sent = "sent" if direction == "client" else "received"
            raise BotFailure(f"invalid line {sent} (against #/$defs/{definition}) at {where}: "
                             f"{error.message}\n    line: {line}")


# --- The connection ------------------------------------------------------------------

class Connection:
    """One TCP connection: newline-delimited JSON each way ("Framing")."""

    def __init__(self, args):
        self.name = args.name
        self.verbose = args.verbose
        self.api_token = getattr(args, "api_token", None)
        self.timeout = args.timeout
        self.checker = SchemaChecker(args.validate) if args.validate else None
        self.socket = socket.create_connection((args.host, args.port), timeout=10)
        self.buffer = b""
        self.backlog = deque()  # messages read while waiting for a particular reply
        self.next_id = 1
        self.hello = self._read()
        if self.hello.get("type") != "hello":
            raise BotFailure(f"expected hello first, got {self.hello}")

    # Sending. Every command gets an integer id; its direct reply carries it back.
    def send(self, message):
        """Sends one command with a new id and returns the id."""
        return self.send_together([message])[0]

    def send_together(self, messages):
        """Sends commands in one write, so the server reads them together (leave + join)."""
        ids, data = [], b""
        for message in messages:
            message = dict(message, id=self.next_id)
            ids.append(self.next_id)
            self.next_id += 1
            line = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
            if self.checker:
                self.checker.check(message, line, "client")
            if self.verbose:
                print(f"{self.name} > {line}", file=sys.stderr, flush=True)
            data += line.encode() + b"\n"
        self.socket.sendall(data)
        return ids

    # Reading. receive() hands out what request() put aside first.
    def receive(self):
        if self.backlog:
            return self.backlog.popleft()
        return self._read()

    def _read(self):
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFailure(f"the server said nothing for {self.timeout:.0f} s")
            self.socket.settimeout(left)
            try:
                chunk = self.socket.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise BotFailure("the server closed the connection")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\n", 1)
        line = raw.decode("utf-8")
        if self.verbose:
            print(f"{self.name} < {line}", file=sys.stderr, flush=True)
        message = json.loads(line)
        if self.checker:
            self.checker.check(message, line, "server")
        return message

    def request(self, message, allowed_errors=()):
        """Sends a command and waits for its direct reply. Whatever arrives meanwhile
        (states, events) is kept for receive(), in order. An error reply whose code is
        not in allowed_errors is a failure."""
        wanted = self.send(message)
        skipped = []
        while True:
            reply = self._read()
            if reply.get("id") == wanted:
                break
            skipped.append(reply)
        self.backlog.extend(skipped)
        if reply.get("type") == "error" and reply.get("code") not in allowed_errors:
            raise BotFailure(f"the server refused {json.dumps(message)}: {reply.get('code')}: {reply.get('message')}")
        return reply

    def login(self):
        """Signs in with the API token when there is one (the account's name is the bot's
        name from then on), else as a guest named --name."""
        if self.api_token:
            welcome = self.request({"type": "login", "api_token": self.api_token})
            if not welcome.get("account"):
                raise BotFailure(f"an API token signed in without an account: {welcome}")
        else:
            welcome = self.request({"type": "login", "name": self.name})
        self.name = welcome["name"]  # the name as the server keeps it
        return welcome

    def close(self):
        self.socket.close()


def enter_room(conn, args, game, options=None):
    """--join CODE joins; --pool POOL waits in the pool until `paired`; otherwise create a
    room of --create-seats seats. Returns the `joined` reply (or the `paired` event, which has
    the same room, game and seat). A room with more than one seat prints its code for the others."""
    if getattr(args, "pool", None):
        conn.request({"type": "pool_join", "pool": args.pool})
        while True:
            message = conn.receive()
            kind = message.get("type")
            if kind == "paired":
                print(f"paired in room {message['room']} from the pool {args.pool}", flush=True)
                return message
            if kind == "error":
                raise BotFailure(f"while waiting in the pool {args.pool}: {message.get('code')}: {message.get('message')}")
            # pool_status: still waiting (it says how many and for how long).
    if getattr(args, "challenge", None):
        return send_challenge(conn, args, game, options)
    if getattr(args, "accept_challenges", False):
        return accept_challenge(conn, game)
    if args.join:
        joined = conn.request({"type": "join", "room": args.join})
    else:
        create = {"type": "create", "game": game, "seats": args.create_seats}
        if getattr(args, "rated", False):
            create["rated"] = True
        if options:
            create["options"] = options
        joined = conn.request(create)
        if args.create_seats > 1:
            print(f"room {joined['room']}", flush=True)  # the others join (or watch) by this code
    return joined


def send_challenge(conn, args, game, options):
    """Challenges --challenge NAME (retrying for a few seconds while nobody of that name is
    online yet), then waits for `paired`. Returns the `paired` event."""
    challenge = {"type": "challenge", "name": args.challenge, "game": game}
    if options:
        challenge["options"] = options
    if getattr(args, "rated", False):
        challenge["rated"] = True
    deadline = time.monotonic() + 10
    while True:
        sent = conn.request(challenge, allowed_errors=("bad_request",))
        if sent.get("type") == "challenge_sent":
            break
        if "is not online" not in sent.get("message", "") and "is online" not in sent.get("message", "") or time.monotonic() > deadline:
            raise BotFailure(f"the challenge was refused: {sent.get('message')}")
        time.sleep(0.2)
    print(f"challenge {sent['challenge']} sent to {sent['to']}", flush=True)
    while True:
        message = conn.receive()
        kind = message.get("type")
        if kind == "paired" and message.get("challenge") == sent["challenge"]:
            print(f"paired in room {message['room']} by the challenge {sent['challenge']}", flush=True)
            return message
        if kind == "challenge_declined":
            raise BotFailure(f"{message['by']} declined the challenge: {message['reason']}")
        if kind == "challenge_closed" and message.get("challenge") == sent["challenge"]:
            raise BotFailure(f"the challenge ended: {message['reason']}")


def accept_challenge(conn, game):
    """Waits for a challenge to `game` and accepts it (a challenge to another game is
    declined, saying so); returns the `paired` event."""
    print("waiting for a challenge", flush=True)
    while True:
        message = conn.receive()
        kind = message.get("type")
        if kind == "challenge":
            if message["game"] != game:
                conn.request({"type": "challenge_decline", "challenge": message["challenge"], "reason": "generic"})
                continue
            conn.request({"type": "challenge_accept", "challenge": message["challenge"]})
            print(f"accepted the challenge {message['challenge']} from {message['from']}", flush=True)
        elif kind == "paired" and message.get("challenge"):
            print(f"paired in room {message['room']} by the challenge {message['challenge']}", flush=True)
            return message


def describe_ratings(game_over):
    """A rated game's rating changes as one line ("ratings: ann 1662? (+162), bob 1338? (-162)"),
    "?" while provisional; "" for a casual game, whose game_over has no `ratings`."""
    ratings = game_over.get("ratings")
    if not ratings:
        return ""
    shown = ", ".join(f"{name} {round(change['after'])}{'?' if change['provisional'] else ''} ({change['diff']:+.0f})"
                      for name, change in ratings.items())
    return f"; ratings: {shown}"


# --- The cause/seq rule ----------------------------------------------------------------

class Turn:
    """The rule a bot follows so that it never acts on a board older than its own move.

    Every state has a `seq` (one more for each state the room sends) and a `cause`.
    Every reply to a command that changes the room carries the `seq` of the state that
    shows the command's effect, and that state comes after the reply. So:

    - after sending a command, ignore states until its reply arrives (a state caused by
      a rival in between shows the room *before* your command);
    - then act only on a state whose `seq` is at least the reply's `seq`;
    - an error reply changed nothing: the newest state already received is current,
      but act on it only if it is newer than the one the refused command was based on.

    The state the reply names says so in its `cause`: our name and our command's type.
    """

    def __init__(self, name):
        self.name = name          # ours, as welcome gave it: causes name it
        self.waiting_for = None   # id of the command in flight
        self.outstanding = {}     # id -> type of the commands sent and not answered yet
        self.min_seq = 0          # act on no state older than this
        self.acted_on = 0         # seq of the state the last decision was made on
        self.expected = None      # (seq, type): the state the last reply named, and its cause

    def send(self, conn, message, state):
        """Sends a command decided on `state` and waits for its reply."""
        return self.send_together(conn, [message], state)[0]

    def send_together(self, conn, messages, state):
        """Several commands in one write (the server reads them together): waits for
        the last one's reply."""
        ids = conn.send_together(messages)
        self.outstanding.update(zip(ids, (message["type"] for message in messages)))
        self.waiting_for = ids[-1]
        self.acted_on = state["seq"] if state else 0
        return ids

    def reply(self, message):
        """Call with every message; True when it answers one of our commands (the one
        in flight, or an earlier one: a move that arrived after the game ended is
        answered with the error game_over, possibly after the game_over itself)."""
        if message.get("id") not in self.outstanding:
            return False
        command = self.outstanding.pop(message["id"])
        if message["id"] == self.waiting_for:
            self.waiting_for = None
            if "seq" in message:
                self.min_seq = max(self.min_seq, message["seq"])
                self.expected = (message["seq"], command)
        return True

    def see(self, state):
        """Call with every state. The one whose seq the last reply gave must name our
        command as its cause (unless we were too far behind to be sent it)."""
        if self.expected and state["seq"] >= self.expected[0]:
            seq, command = self.expected
            self.expected = None
            if state["seq"] == seq and not caused_by(state, self.name, command):
                raise BotFailure(f"state {seq}, which the reply to our {command} named, "
                                 f"says it was caused by {describe_cause(state)}")

    def can_act(self, state):
        return (self.waiting_for is None and state is not None
                and state["seq"] >= self.min_seq and state["seq"] > self.acted_on)

    def reconsider(self):
        """Something other than a state changed what to do (a game_over): decide again on
        the newest state, even if a decision was made on it already."""
        self.acted_on = 0

    def passed(self, state):
        """Decided to do nothing on this state: wait for a newer one."""
        self.acted_on = state["seq"]


def caused_by(state, name, command=None):
    """True when `state.cause` says player `name` sent it (a command of that type)."""
    cause = state.get("cause") or {}
    return (cause.get("kind") == "command" and cause.get("player") == name
            and (command is None or cause.get("command") == command))


def describe_cause(state):
    cause = state.get("cause")
    if not cause:
        return "?"
    kind = cause.get("kind")
    if kind == "command":
        return f"{cause.get('player')} sent {cause.get('command')}"
    if cause.get("player"):
        return f"{kind} ({cause['player']})"
    return kind


# --- Checking a deal ------------------------------------------------------------------

def commitment(seed):
    """state.seed_sha256 for a seed: SHA-256 of its decimal digits, lowercase hex."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def is_set(cards):
    """Three Set cards: for each attribute, all the same or all different."""
    return all(len({card[attribute] for card in cards}) != 2
               for attribute in ("count", "shape", "color", "fill"))


def find_sets(board):
    """Every Set on a board of card objects, as triples of card objects."""
    found = []
    for i in range(len(board)):
        for j in range(i + 1, len(board)):
            for k in range(j + 1, len(board)):
                if is_set((board[i], board[j], board[k])):
                    found.append((board[i], board[j], board[k]))
    return found


class DealCheck:
    """Collects what one game showed, then checks it against the seed game_over reveals.

    Feed it every state of the game (see), then call verdict(seed). Besides the
    commitment, Set and Klondike deals are rebuilt from the seed ("Checking a deal")
    and compared with every card the states showed.
    """

    def __init__(self, game):
        self.game = game
        self.commitments = set()
        self.states = []

    def see(self, state):
        # The game's states: those while it is played, and the "over" ones that follow
        # them (a race's spectator sees the cards only then). An "over" state before any
        # "playing" one belongs to the game before.
        if state.get("phase") == "waiting" or (state.get("phase") == "over" and not self.commitments
                                                and not self.states):
            return
        if state.get("seed_sha256"):
            self.commitments.add(state["seed_sha256"])
        if self.game in ("set", "klondike"):
            self.states.append(state)

    def verdict(self, seed, chosen_seed=None, watching=False):
        """Returns the verdict line; raises BotFailure when a check fails. chosen_seed is
        the seed we created the room with (then no state carries a commitment); a
        spectator (watching) cannot tell a chosen seed from a missing commitment."""
        parts = []
        if len(self.commitments) > 1:
            raise BotFailure(f"seed_sha256 changed during the game: {sorted(self.commitments)}")
        if self.commitments:
            expected = self.commitments.pop()
            if commitment(seed) != expected:
                raise BotFailure(f"seed {seed} hashes to {commitment(seed)}, but the states committed to {expected}")
            parts.append("commitment ok")
        elif chosen_seed is not None:
            if seed != chosen_seed:
                raise BotFailure(f"game_over revealed seed {seed}, but the room was created with seed {chosen_seed}")
            parts.append(f"no commitment (seed {seed} was ours), seed ok")
        elif watching:
            parts.append("no commitment (the player chose the seed)")
        else:
            raise BotFailure("the game was dealt from a secret seed, but no state carried seed_sha256")
        if self.game == "set":
            parts += check_set_states(seed, self.states)
        elif self.game == "klondike":
            parts += check_klondike_states(seed, self.states)
        return "deal checked: " + ", ".join(parts)


def check_set_states(seed, states):
    """Classic Set: the deck is ids 0-80 shuffled; the board is its first 12 cards,
    three more while it holds no Set; every later card comes off the deck's front."""
    deck = check_deal.shuffle(list(range(81)), check_deal.SplitMix64(seed))
    results, later, previous = [], 0, None
    for state in states:
        board = [card["id"] for card in state["board"]]
        dealt = 81 - state["deck"]
        if not set(board) <= set(deck[:dealt]):
            strays = sorted(set(board) - set(deck[:dealt]))
            raise BotFailure(f"state {state['seq']}: cards {strays} are on the board but not among "
                             f"the deck's first {dealt} for seed {seed}")
        if dealt == len(board) and previous is None:
            # The game's first board: the deck's first 12, then 3 more while no Set.
            cards = {card["id"]: card for card in state["board"]}
            size = 12
            while size < len(board) and not find_sets([cards[i] for i in deck[:size]]):
                size += 3
            if board != deck[:size]:
                raise BotFailure(f"first board {board} is not {deck[:size]}, the deal of seed {seed}")
            results.append("first board ok")
        if previous is not None and state["seq"] == previous["seq"] + 1:
            before = {card["id"] for card in previous["board"]}
            new = set(board) - before
            came = set(deck[81 - previous["deck"]:dealt])
            if new != came:
                raise BotFailure(f"state {state['seq']}: cards {sorted(new)} were dealt, "
                                 f"but the deck's next ones are {sorted(came)}")
            later += len(new)
        previous = state
    if not results:
        results.append("first board not seen")
    results.append(f"{later} later cards in deck order")
    return results


def check_klondike_states(seed, states):
    """Klondike: the 52 cards suit by suit, ace to king, shuffled; pile i takes the next
    i+1 cards, the last face up; the other 24 are the stock, drawn in deck order.

    Each state is checked against that: the card at the bottom of a pile's face-up run
    is the one the deal put just above its face-down cards, and the waste's cards are,
    in order, the deck's stock cards not yet played elsewhere."""
    deck = check_deal.shuffle([(rank, suit) for suit in check_deal.SUITS for rank in range(1, 14)],
                              check_deal.SplitMix64(seed))
    starts = [pile * (pile + 1) // 2 for pile in range(7)]
    stock = deck[28:]
    results, checked, seen = [], 0, set()

    def card(c):
        return (c["rank"], c["suit"])

    for state in states:
        if state.get("player") is None:
            continue  # a race's spectator sees no cards until the game is over
        tableau = state["tableau"]
        if state["moves"] == 0 and state["stock"] == 24 and not results:
            face_up = [card(pile["up"][0]) for pile in tableau]
            expected = [deck[start + pile] for pile, start in enumerate(starts)]
            if face_up != expected or any(pile["down"] != i for i, pile in enumerate(tableau)):
                raise BotFailure(f"the first tableau {face_up} is not the deal of seed {seed}: {expected}")
            results.append("first tableau ok")
        for i, pile in enumerate(tableau):
            if pile["down"] > 0:
                turned = card(pile["up"][0])
                if turned != deck[starts[i] + pile["down"]]:
                    raise BotFailure(f"state {state['seq']}: t{i + 1} shows {turned} above {pile['down']} "
                                     f"face-down cards; the deal has {deck[starts[i] + pile['down']]} there")
                seen.add(turned)
        placed = {card(c) for pile in tableau for c in pile["up"]}
        placed |= {card(c) for foundation in state["foundations"] for c in foundation}
        pool = [c for c in stock if c not in placed]  # stock and waste, in deck order
        if len(pool) != state["stock"] + state["waste_count"]:
            raise BotFailure(f"state {state['seq']}: {state['stock']} in the stock and {state['waste_count']} "
                             f"in the waste, but {len(pool)} stock cards of the deal are not elsewhere")
        for depth, shown in enumerate(state["waste"]):
            expected = pool[state["waste_count"] - 1 - depth]
            if card(shown) != expected:
                raise BotFailure(f"state {state['seq']}: the waste shows {card(shown)} where the deal has {expected}")
            seen.add(expected)
        checked += 1
    if not results:
        results.append("first tableau not seen")
    results.append(f"{len(seen)} turned cards in {checked} states match")
    return results


def seed_after_leaving(conn, room):
    """The last player to leave a game ends it, and gets `left` rather than its
    game_over. The seed is still in the replay: `stats` lists the player's recent game
    ids, newest first, and `replay` returns the game with its seed and game_over.
    Returns (seed, game_over), or (None, None) when no replay was kept (a game left
    before any move is not a result)."""
    stats = conn.request({"type": "stats", "name": conn.name})
    for recent in stats.get("recent", []):
        if recent["game_id"].startswith(room + "-"):
            replay = conn.request({"type": "replay", "game": recent["game_id"]})
            return replay["seed"], replay["result"]
    return None, None
