#!/usr/bin/env python3
"""Writes a data directory with a given cardserver release, for DataFixtureTests.

    Tests/Fixtures/make-data-fixture.py PATH/TO/cardserver Tests/Fixtures/data-0.5.0

Plays, over TCP as any client would: ann's rps match against the robot (5 rounds of 99),
bob and cyd's Concentration (a few flips), dan's Klondike (draws and the hinted moves),
eve's finished rps match (a result and a replay), then kills the server with SIGKILL, so
what is on disk is what a crash leaves. OUT/data is the directory; OUT/expected.json holds
each player's token and the last state they saw, eve's game id and stats.
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time

binary, out = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="fixture-")
data = os.path.join(work, "data")
probe = socket.socket(); probe.bind(("127.0.0.1", 0)); port = probe.getsockname()[1]; probe.close()
server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--data", data],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


class Client:
    def __init__(self, name):
        for _ in range(100):
            try:
                self.sock = socket.create_connection(("127.0.0.1", port)); break
            except OSError:
                time.sleep(0.1)
        self.file = self.sock.makefile("rb")
        self.last_state = None
        self.expect("hello")
        self.send({"type": "login", "name": name})
        self.token = self.expect("welcome")["token"]

    def send(self, message):
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def expect(self, kind):
        while True:
            line = self.file.readline()
            if not line:
                raise SystemExit(f"connection closed waiting for {kind}")
            message = json.loads(line)
            if message["type"] == "state":
                self.last_state = message
            if message["type"] == "error":
                raise SystemExit(f"error waiting for {kind}: {message}")
            if message["type"] == kind:
                return message

    def settle(self):
        """Reads until a ping's pong, so every state sent before it has been seen."""
        self.send({"type": "ping", "id": 999})
        while True:
            message = self.expect("pong")
            if message.get("id") == 999:
                return


ann = Client("ann")
ann.send({"type": "create", "game": "rps", "options": {"bot": "random", "rounds": 99}})
ann.expect("joined")
for sign in ["rock", "paper", "scissors", "rock", "paper"]:
    ann.send({"type": "throw", "sign": sign}); ann.expect("thrown"); ann.expect("state")
ann.settle()

bob, cyd = Client("bob"), Client("cyd")
bob.send({"type": "create", "game": "concentration", "seats": 2, "options": {"pairs": 8, "turn_seconds": 3600}})
room = bob.expect("joined")["room"]
cyd.send({"type": "join", "room": room}); cyd.expect("joined")
bob.settle(); cyd.settle()
for card in [0, 1, 2, 3]:
    (bob if bob.last_state["turn"] == "bob" else cyd).send({"type": "flip", "card": card})
    bob.expect("state"); cyd.expect("state")
    bob.settle(); cyd.settle()

dan = Client("dan")
dan.send({"type": "create", "game": "klondike", "options": {"draw": 1, "seed": 42}})
dan.expect("joined")
for _ in range(6):
    dan.send({"type": "hint"})
    move = dan.expect("suggestion")["move"]
    dan.send(move); dan.expect("state")
dan.settle()

eve = Client("eve")
eve.send({"type": "create", "game": "rps", "options": {"bot": "random", "rounds": 1}})
eve.expect("joined")
while True:
    eve.send({"type": "throw", "sign": "rock"})
    eve.expect("thrown")
    state = eve.expect("state")
    if state.get("phase") == "over":
        break
over = eve.last_state
eve.settle()
eve.send({"type": "stats", "name": "eve"})
stats = eve.expect("stats")
eve.send({"type": "replay", "game": stats["recent"][0]["game_id"]})
replay = eve.expect("replay")

time.sleep(0.5)  # the room log's group commit
server.send_signal(signal.SIGKILL); server.wait()
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
shutil.copytree(data, os.path.join(out, "data"), ignore=shutil.ignore_patterns("lock"))
players = {c_name: {"token": c.token, "state": c.last_state}
           for c_name, c in [("ann", ann), ("bob", bob), ("cyd", cyd), ("dan", dan), ("eve", eve)]}
with open(os.path.join(out, "expected.json"), "w") as f:
    json.dump({"written_by": subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip(),
               "players": players, "eve_stats": stats, "eve_replay": replay}, f, indent=1, sort_keys=True)
    f.write("\n")
shutil.rmtree(work)
print("wrote", out)
