#!/usr/bin/env python3
"""Makes an API token for a bot account and prints it, for the other bots' --api-token.

    python3 api_token.py --name robo --register --label laptop   # a new bot account
    python3 api_token.py --name robo --label ci                  # another token for it
    CARDSERVER_API_TOKEN=$(python3 api_token.py --name robo --label ci) python3 rps_player.py

The password comes from $CARDSERVER_PASSWORD, else it is asked on the terminal (never on
the command line, where other users could read it). With --register the account is made
first, marked as a bot's (`"bot": true`); without it, the bot signs in to it. The token is
printed once, on stdout: the server keeps only its SHA-256 and cannot show it again.
`{"type":"token_revoke","label":"ci"}`, sent signed in, ends it.
"""

import argparse
import getpass
import os

import common


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    common.add_common_arguments(parser, "robo")
    parser.add_argument("--register", action="store_true", help="make the bot account first")
    parser.add_argument("--label", default="bot", help="the token's label, unique among the account's (default bot)")
    args = parser.parse_args()
    args.api_token = None
    password = os.environ.get("CARDSERVER_PASSWORD") or getpass.getpass(f"password for {args.name}: ")
    conn = common.Connection(args)
    if args.register:
        welcome = conn.request({"type": "register", "name": args.name, "password": password, "bot": True})
    else:
        welcome = conn.request({"type": "login", "name": args.name, "password": password})
    if not welcome["account"]["bot"]:
        raise common.BotFailure(f"{welcome['name']} is a person's account, not a bot's")
    reply = conn.request({"type": "token_create", "label": args.label, "scopes": ["play"]})
    print(reply["token"])
    conn.close()
    return 0


if __name__ == "__main__":
    common.run(main)
