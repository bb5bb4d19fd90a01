"""Set up exact Hideous Abomination positions for rule tests."""
from __future__ import annotations

import cardboard
from cardboard.engine import Rng


def make(players=2, seed=1, **options):
    game = cardboard.load_game("hideous-abomination", players=players, seed=seed, options=options)
    return game, game.new_initial_state()


def T(state, tile_id: str) -> int:
    return state.cfg.index[tile_id]


def set_slab(state, seat, cells: dict, keep_torso=True):
    """cells: {(row, col): (tile_id, rotation)}; the seat's torso stays at (0, 0)."""
    cfg = state.cfg
    slab = {(0, 0): state.slabs[seat][(0, 0)]} if keep_torso else {}
    for cell, (tid, rot) in cells.items():
        t = cfg.index[tid]
        slab[cell] = (t, rot, cfg.masks[t][rot])
    state.slabs = state.slabs[:seat] + (slab,) + state.slabs[seat + 1:]
    state._legal = None


def set_hand(state, seat, ids):
    hand = tuple(sorted(state.cfg.index[i] for i in ids))
    state.hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
    state._legal = None


def at_phase(state, phase, player, decider=None):
    state.phase = phase
    state.player = player
    state.decider = player if decider is None else decider
    state._legal = None


def reveal_awards(state, count):
    state.awards = tuple(range(count))
    state.awards_deck = tuple(i for i in state.awards_deck if i >= count)
    state._legal = None


class ScriptedRng(Rng):
    """Die faces from a script, then from the seed."""

    __slots__ = ("script",)

    def __init__(self, script, seed=0):
        super().__init__(seed)
        self.script = list(script)

    def copy(self):
        return ScriptedRng(self.script, self.state)

    def choice(self, seq):
        if self.script:
            return self.script.pop(0)
        return super().choice(seq)


def finish_first_turns(state):
    """Play every seat's first turn (a Draw) with the first legal choices."""
    n = state.cfg.players
    while not all(state.started) or state.phase != "draw" or state.draws_left != 2:
        if all(state.started) and state.phase in ("choose", "dig", "steal"):
            break
        state.apply(state.legal_actions()[0])
        if state.is_terminal():
            break
    return state


def kinds(state):
    return {a.kind for a in state.legal_actions()}


def ids(state, tiles):
    return sorted(state.cfg.tiles[t].id for t in tiles)


def mark_seen(state, public=(), hidden=()):
    """A set-up's record of what everyone has seen [HA-H-2]: `public` tiles were face up
    where they are, `hidden` ones were not."""
    if not hasattr(type(state), "seen"):  # (a state without the record: nothing to keep)
        return
    public, hidden = set(public), set(hidden)
    state.seen = tuple(1 if t in public else 0 if t in hidden else c for t, c in enumerate(state.seen))
