"""See a picture without the server: `python -m paxc.runtime.web.pictures GAME [--players N]
[--seed S] [--decisions D] [--seat K] [--option NAME ...]` plays D random decisions of a seeded
game and writes the seat's picture as SVG to standard output (open it in a browser)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from paxc.runtime import games
from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.web.pictures import picture


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m paxc.runtime.web.pictures", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=100, help="random decisions made first")
    parser.add_argument("--seat", type=int, default=0, help="whose view is drawn")
    parser.add_argument(
        "--option", action="append", default=[], help="a variant turned on (wakhan, solitaire)"
    )
    said = parser.parse_args(arguments)
    try:
        kit = games.load_kit(games.find(said.game))
        session = kit.new_session({"players": said.players, **dict.fromkeys(said.option, True)}, said.seed)
    except (LookupError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    agent = RandomAgent(said.seed)
    for _ in range(said.decisions):
        if session.is_terminal():
            break
        session.apply_action(agent.choose(session))
    players = len(session.state.players)
    if kit.observe is None or not 0 <= said.seat < players:
        print(f"error: no view of seat {said.seat} ({players} seats)", file=sys.stderr)
        return 1
    drawn = picture(kit, kit.observe(session.state, said.seat))
    if drawn is None:
        print(f"error: {said.game} has no picture", file=sys.stderr)
        return 1
    sys.stdout.write(drawn + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
