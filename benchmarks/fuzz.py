"""Engine fuzzing: random and adversarial move sequences against every game.

Each step either plays a random legal move or throws something at `apply_json`: a legal move
with a field changed, dropped or added, a move of the wrong kind, a move that was legal earlier
(out of turn, stale), a move that is not an object at all, deep nesting, huge numbers. Checks:
- every legal move listed applies (a sample of them, on copies);
- a refused move raises IllegalAction and leaves `to_json()` unchanged; nothing else is raised;
- every view (each seat, the spectator) is JSON, scores are finite numbers;
- the game's own `_invariants()` after every applied move (components conserved, no negative
  resources, tracks within bounds: a list of problems, empty when sound); a break is reported
  like a crash, with the game, seed, move and the game's words;
- now and then a re-deal (`determinize`) for a random seat: its invariants hold, the deciding
  seat's own re-deal lists the moves the real game lists, and a move the re-deal lists applies;
- at each game's end, replaying its moves gives the same `to_json()`.

Games are drawn over every player count with default options, and over the game's `setups`
(its option sets).

    python benchmarks/fuzz.py [--actions 1000000] [--seed 0] [--game ID ...]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field

import cardboard
from cardboard.engine import IllegalAction, game_class

_WEIRD = [None, True, -1, 0, 10 ** 40, -(10 ** 40), 1.5, float("nan"), "", "x" * 300, "\u0000", [], [[[]]], {},
          {"kind": "x"}, [1, "a", None]]


@dataclass
class Report:
    game: str
    actions: int = 0
    legal: int = 0
    refused: int = 0
    accepted_odd: int = 0  # an adversarial move that happened to be legal
    games: int = 0
    checked: int = 0  # states whose invariants were checked
    redeals: int = 0  # re-deals checked
    crashes: list = field(default_factory=list)

    @property
    def broken(self) -> int:
        """The crashes that are invariants broken."""
        return sum("invariant broken" in c for c in self.crashes)

    def line(self) -> str:
        return (f"{self.game}: {self.actions} actions ({self.legal} legal, {self.refused} refused, "
                f"{self.accepted_odd} odd but legal), {self.games} games, {self.checked} states checked, "
                f"{self.redeals} re-deals, "
                f"{len(self.crashes) - self.broken} crashes, {self.broken} invariants broken")


def _mutations(rnd: random.Random, move: dict, history: list) -> object:
    kind = rnd.randrange(9)
    doc = dict(move)
    fields = [k for k in doc if k != "kind"]
    if kind == 0 and fields:  # a field changed
        doc[rnd.choice(fields)] = rnd.choice(_WEIRD)
    elif kind == 1 and fields:  # a field dropped
        del doc[rnd.choice(fields)]
    elif kind == 2:  # a field added
        doc[rnd.choice(["extra", "seat", "card", "n"])] = rnd.choice(_WEIRD)
    elif kind == 3:  # a kind that does not exist, or of the wrong type
        doc["kind"] = rnd.choice(["nonsense", "", 7, None, ["move"]])
    elif kind == 4 and history:  # a move legal earlier (out of turn, stale)
        return rnd.choice(history)
    elif kind == 5:  # not an object
        return rnd.choice(["explore", 3, None, [move], json.dumps(move)])
    elif kind == 6:  # deep nesting
        deep: object = 1
        for _ in range(rnd.randrange(20, 200)):
            deep = [deep]
        doc[rnd.choice(fields or ["x"])] = deep
    elif kind == 7 and fields:  # a number nudged
        k = rnd.choice(fields)
        if isinstance(doc[k], int) and not isinstance(doc[k], bool):
            doc[k] = doc[k] + rnd.choice([-1, 1, 100])
        else:
            doc[k] = rnd.choice(_WEIRD)
    else:  # the move of another listed kind with this kind's fields
        doc["kind"] = doc["kind"] + "_"
    return doc


def _check_views(state, report: Report, where: str) -> None:
    for seat in [None, *range(state.game.players)]:
        json.dumps(state.view(seat))
    for s in state.scores():
        if not isinstance(s, (int, float)) or not math.isfinite(s):
            raise AssertionError(f"{where}: a score is not a finite number: {s!r}")
    _check_invariants(state, report, where)


class InvariantBroken(AssertionError):
    pass


def _check_invariants(state, report: Report, where, action=None) -> None:
    problems = state._invariants()
    report.checked += 1
    if problems:
        after = f" (after {action.to_json()})" if action is not None else ""
        raise InvariantBroken(f"{where}{after}: invariant broken: " + "; ".join(problems))


def _check_redeal(state, rnd: random.Random, report: Report, where: str) -> None:
    """A re-deal for a random seat is a sound game: its invariants hold; the deciding seat's own
    re-deal lists the same moves as the real game; a move it lists applies, and keeps them."""
    seat = rnd.randrange(state.game.players)
    real = state.legal_actions()  # listed first, as a server or a search has them
    world = state.determinize(seat, rnd.randrange(1 << 62))
    _check_invariants(world, report, f"{where} re-deal for seat {seat}")
    listed = world.legal_actions()
    fresh = world.clone()
    fresh._legal = None  # the moves listed anew: a re-deal must not keep the real game's list
    if fresh.legal_actions() != listed:
        raise AssertionError(f"{where}: seat {seat}'s re-deal lists the moves of another position")
    if seat == state.current_player and listed != real:
        raise AssertionError(f"{where}: seat {seat}'s re-deal lists other moves than the game")
    for move in rnd.sample(listed, min(4, len(listed))):  # every listed move applies
        world.clone().apply(move)
    if listed:
        move = rnd.choice(listed)
        world.apply(move)
        _check_invariants(world, report, f"{where} re-deal for seat {seat}", move)
    report.redeals += 1


def fuzz(game_id: str, actions: int, seed: int = 0, adversarial: float = 0.4, sample_legal: int = 2) -> Report:
    cls = game_class(game_id)
    rnd = random.Random(seed)
    report = Report(game_id)
    setups = [(p, {}) for p in range(cls.min_players, cls.max_players + 1)]
    setups += [(p, dict(options)) for p, options in cls.setups if options]
    while report.actions < actions:
        players, options = rnd.choice(setups)
        game_seed = rnd.randrange(1 << 32)
        game = cardboard.load_game(game_id, players=players, seed=game_seed, options=options)
        state = game.new_initial_state()
        history: list = []
        report.games += 1
        where = f"{game_id} players={players} seed={game_seed}" + (f" options={json.dumps(options)}" if options else "")
        try:
            _check_invariants(state, report, f"{where} start")
            while not state.is_terminal() and report.actions < actions:
                report.actions += 1
                legal = state.legal_actions()
                if not legal:
                    raise AssertionError(f"{where} move {len(state)}: not over, yet no legal move")
                for a in rnd.sample(legal, min(sample_legal, len(legal))):  # every listed move applies
                    state.clone().apply(a)
                if rnd.random() < adversarial:
                    doc = _mutations(rnd, rnd.choice(legal).to_json(), history)
                    before = state.to_json()
                    try:
                        action = state.apply_json(doc)  # on the live state: a refusal must leave it as it was
                    except IllegalAction:
                        report.refused += 1
                        if state.to_json() != before:
                            raise AssertionError(f"{where} move {len(state)}: a refused move changed the state: {doc!r}")
                        continue
                    report.accepted_odd += 1
                    if action not in legal:
                        raise AssertionError(f"{where} move {len(state)}: {doc!r} was applied but is not listed")
                    history.append(action.to_json())
                else:
                    action = rnd.choice(legal)
                    state.apply(action)
                    history.append(action.to_json())
                    report.legal += 1
                _check_invariants(state, report, where + " move " + str(len(state)), action)
                if rnd.random() < 0.05:
                    _check_views(state, report, f"{where} move {len(state)}")
                    if not state.is_terminal():
                        _check_redeal(state, rnd, report, f"{where} move {len(state)}")
            _check_views(state, report, f"{where} end")
            again = game.replay(history)
            if again.to_json() != state.to_json():
                raise AssertionError(f"{where}: replaying the moves gives another state")
        except Exception as exc:  # a crash: recorded with how to reproduce it
            message = str(exc)
            if isinstance(exc, InvariantBroken):
                report.crashes.append(message[:600])
            elif message.startswith(where):  # the check's own words say where
                report.crashes.append(f"{message[:400]} ({type(exc).__name__})")
            else:
                report.crashes.append(f"{where} move {len(state)}: {type(exc).__name__}: {message[:300]}")
            if len(report.crashes) > 20:
                break
    return report


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=1_000_000, help="in all, shared between the games")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    args = p.parse_args()
    games = args.game or cardboard.list_games()
    crashes = broken = 0
    for gid in games:
        start = time.process_time()
        r = fuzz(gid, args.actions // len(games), args.seed)
        print(r.line(), f"({time.process_time() - start:.0f} CPU s)", flush=True)
        for c in r.crashes:
            print("   ", c)
        crashes += len(r.crashes) - r.broken
        broken += r.broken
    print(f"crashes: {crashes}, invariants broken: {broken}")
    return 1 if crashes or broken else 0


if __name__ == "__main__":
    sys.exit(main())
