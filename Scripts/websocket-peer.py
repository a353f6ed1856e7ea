#!/usr/bin/python3
"""An outside WebSocket implementation against cardserver: Python's `websockets`
(Debian's python3-websockets, 10.x, asyncio) playing with a plain TCP client.

    Scripts/websocket-peer.py --port PORT [--validate Protocol.schema.json]
        [--url wss://localhost:8443/ws --cafile cert.pem --origin https://localhost:8443]

ann logs in over TCP and creates an rps room, drops, and resumes her seat over
WebSocket with her token; bob joins over TCP; they play the match to its end
(ann throws rock, bob scissors). Every line both read is checked against the
schema (with --validate; Examples/bots/common.py's checker, which needs jsonschema
and regex). Then ann pings (websockets waits for the pong) and closes with 1000,
which the server echoes. Exits 0 when all of it held, 1 with the reason otherwise.
With --url, ann's WebSocket goes there instead (a TLS proxy in front, trusting
--cafile), sending --origin as a browser would; the TCP clients still use --port.
"""
import argparse
import asyncio
import json
import os
import ssl
import sys

import websockets
import websockets.exceptions

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Examples", "bots"))
from common import BotFailure, SchemaChecker  # noqa: E402

TIMEOUT = 10


class Peer:
    """One player's connection, TCP or WebSocket, reading whole messages."""

    def __init__(self, name, checker):
        self.name = name
        self.checker = checker
        self.reader = self.writer = self.socket = None

    async def tcp(self, port):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)

    async def websocket(self, url, cafile=None, origin=None):
        context = ssl.create_default_context(cafile=cafile) if url.startswith("wss:") else None
        self.socket = await websockets.connect(url, ssl=context, origin=origin, open_timeout=TIMEOUT)

    async def send(self, message):
        line = json.dumps(message, separators=(",", ":"))
        if self.checker:
            self.checker.check(message, line, "client")
        if self.socket:
            await self.socket.send(line)
        else:
            self.writer.write((line + "\n").encode())
            await self.writer.drain()

    async def receive(self):
        if self.socket:
            line = await asyncio.wait_for(self.socket.recv(), TIMEOUT)
            if not isinstance(line, str):
                raise BotFailure(f"{self.name}: a binary frame from the server")
        else:
            line = (await asyncio.wait_for(self.reader.readline(), TIMEOUT)).decode()
            if not line.endswith("\n"):
                raise BotFailure(f"{self.name}: the server closed the connection")
            line = line[:-1]
        message = json.loads(line)
        if self.checker:
            self.checker.check(message, line, "server")
        if message.get("type") == "error":
            raise BotFailure(f"{self.name}: {line}")
        return message

    async def expect(self, kind):
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message

    async def close(self):
        if self.socket:
            await self.socket.close()
        else:
            self.writer.close()
            await self.writer.wait_closed()


async def play(peer, sign):
    """Throws `sign` once in each round whose state waits on this player, until game_over."""
    thrown = None
    while True:
        message = await peer.receive()
        if message["type"] == "game_over":
            return message
        if (message["type"] == "state" and message["phase"] == "playing" and peer.name in message["waiting_on"]
                and message["round"] != thrown):
            thrown = message["round"]
            await peer.send({"type": "throw", "sign": sign})


async def main(args):
    checker = SchemaChecker(args.validate) if args.validate else None
    ann = Peer("ann", checker)
    await ann.tcp(args.port)
    await ann.expect("hello")
    await ann.send({"type": "login", "name": "ann"})
    token = (await ann.expect("welcome"))["token"]
    await ann.send({"type": "create", "game": "rps", "options": {"rounds": 3}})
    room = (await ann.expect("joined"))["room"]
    await ann.expect("state")
    await ann.close()

    ann = Peer("ann", checker)
    await ann.websocket(args.url or f"ws://127.0.0.1:{args.port}/ws", args.cafile, args.origin)
    await ann.expect("hello")
    await ann.send({"type": "login", "token": token})
    welcome = await ann.expect("welcome")
    if not welcome["resumed"] or welcome["room"] != room:
        raise BotFailure(f"ann did not resume her seat in {room} over WebSocket: {welcome}")
    await ann.expect("state")

    bob = Peer("bob", checker)
    await bob.tcp(args.port)
    await bob.expect("hello")
    await bob.send({"type": "login", "name": "bob"})
    await bob.expect("welcome")
    await bob.send({"type": "join", "room": room})
    await bob.expect("joined")

    ann_over, bob_over = await asyncio.gather(play(ann, "rock"), play(bob, "scissors"))
    for over in (ann_over, bob_over):
        if over["winners"] != ["ann"] or over["scores"] != {"ann": 2, "bob": 0}:
            raise BotFailure(f"unexpected result: {over}")

    await asyncio.wait_for(await ann.socket.ping(b"still there?"), TIMEOUT)
    await ann.socket.close(code=1000, reason="done")
    if ann.socket.close_code != 1000:
        raise BotFailure(f"the server answered the close with {ann.socket.close_code}, not 1000")
    await bob.close()
    print(f"websocket-peer: ann (TCP, then {'WebSocket' if not args.url else args.url.split(':')[0]}) beat bob (TCP) 2-0 in room {room}; "
          f"close 1000 echoed{'; every line valid' if checker else ''}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--validate", metavar="SCHEMA")
    parser.add_argument("--url", help="ann's WebSocket URL (default ws://127.0.0.1:PORT/ws)")
    parser.add_argument("--cafile", help="the certificate to trust for a wss:// URL")
    parser.add_argument("--origin", help="the Origin header ann sends, as a browser would")
    try:
        sys.exit(asyncio.run(main(parser.parse_args())))
    except (BotFailure, asyncio.TimeoutError, websockets.exceptions.WebSocketException, OSError) as failure:
        print(f"websocket-peer: {type(failure).__name__}: {failure}", file=sys.stderr)
        sys.exit(1)
