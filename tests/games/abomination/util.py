"""Helpers for the Abomination rule tests: build a state, set it up by hand, drive it by moves."""
from __future__ import annotations

import random

import cardboard

from ..moves import do, edit, moves  # noqa: F401  (re-exported for the tests)


def new(players: int = 2, seed: int = 1, **options):
    """A fresh game state (options as keyword arguments)."""
    return cardboard.load_game("abomination", players=players, seed=seed, options=options).new_initial_state()


def play_until(state, asked: str, seat: int | None = None, rnd: random.Random | None = None, limit: int = 3000):
    """Play random moves until the decision `asked` (for `seat`) comes up; returns the state."""
    rnd = rnd or random.Random(0)
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.ask[0] == asked and (seat is None or state.ask[1] == seat):
            return state
        legal = state.legal_actions()
        state.apply(rnd.choice(legal))
    raise AssertionError(f"decision {asked!r} never came up")


# ---- helpers for the lab, reset, dials and scoring tests (appended)
PLAIN = ("prisha_chatwal", "baptiste_rousseau", "lucien_marchal", "marie_freeman")


def calm(players: int = 2, seed: int = 1, **options):
    """A game at First Player's (seat 0) first city turn, with the first event's rule changes and
    police markers cleared, so a test sets up only what it needs. Characters without lab or dial
    abilities unless `characters` is given."""
    options.setdefault("first_player", 0)
    options.setdefault("characters", list(PLAIN[:players]))
    state = new(players, seed, **options)
    assert state.ask[0] == "turn" and state.todo[0] == ("lab_phase",), state.ask
    state.rules, state.closed, state.markers, state.storm = (), frozenset(), (), False
    state._legal = None
    return state


def to_lab(state):
    """Skip the rest of the city phase: the lab phase starts (its first decision is asked)."""
    assert state.phase == "city" and state.ask[0] == "turn" and state.todo[0] == ("lab_phase",)
    state.ask = None
    state._resume()
    state._legal = None
    return state


def track(**counts):
    """A decomposition track: track(muscle=(I, II, III, IV), blood=(...), ...)."""
    from cardboard.games.abomination.game import TRACKED

    out = []
    for m in TRACKED:
        out += list(counts.get(m, (0, 0, 0, 0)))
    return tuple(out)


def stages(state, seat: int, material: str) -> tuple:
    from cardboard.games.abomination.game import STAGES, TRACKED

    i = TRACKED.index(material) * STAGES
    return state.players[seat].track[i:i + STAGES]


def card_index(state, family: str, card_id: str) -> int:
    """The first copy of a card (family: scoundrels, research, humanity)."""
    return next(i for i, c in enumerate(getattr(state.cfg, family)) if c.id == card_id)


def give_card(state, seat: int, family: str, card_id: str) -> int:
    """Move a research or humanity card from its row or deck into the seat's hand, known to the
    seat as a card it took is (AM-D-14; a row's cards are known to all already)."""
    r = {"research": 1, "humanity": 2}[family]
    c = next(i for i, x in enumerate(getattr(state.cfg, family))
             if x.id == card_id and i not in state.hand(seat, family))
    state.rows = state.rows[:r] + (tuple(-1 if x == c else x for x in state.rows[r]),) + state.rows[r + 1:]
    state.row_decks = state.row_decks[:r] + (tuple(x for x in state.row_decks[r] if x != c),) + state.row_decks[r + 1:]
    state._edited = set()
    state._set_hand(seat, family, state.hand(seat, family) + (c,))
    state._learn(r, (c,), seat)  # the zones' order is the rows' order
    state._legal = None
    return c


def finish_lab(state):
    """Play out the lab phase with no further work: done, no switch, accept, first marker."""
    while state.phase == "lab":
        kind = state.ask[0]
        if kind in ("build", "preserve", "skip", "restore"):
            do(state, "done")
        elif kind == "switch":
            do(state, "no_switch")
        elif kind == "dice":
            do(state, "accept")
        else:
            state.apply(state.legal_actions()[0])
    return state


# ---------------------------------------------------------------- set-ups before the first event
NEUTRAL_CHARACTERS = ("marie_freeman", "odile_vasseur", "lucien_marchal", "henri_de_valcourt")


def before_round(players: int = 2, seed: int = 1, **options):
    """A fresh state stopped before round 1's event phase (no event drawn yet). Characters default
    to ones without city-phase abilities (Marie, Odile, Lucien, Henri) and First Player to seat 0.
    Set fields with `edit`, then `start_round` draws the event and plays on to the first decision."""
    from cardboard.games.abomination.rules import AbominationState

    options.setdefault("characters", list(NEUTRAL_CHARACTERS[:players]))
    options.setdefault("first_player", 0)
    game = cardboard.load_game("abomination", players=players, seed=seed, options=options)
    resume = AbominationState._resume
    AbominationState._resume = lambda self: None
    try:
        state = game.new_initial_state()
    finally:
        AbominationState._resume = resume
    return state


def card_number(state, card_id: str) -> int:
    """The event deck's number of an event (0..) or encounter (after the events) by its id."""
    cfg = state.cfg
    for i, e in enumerate(cfg.events):
        if e.id == card_id:
            return i
    return len(cfg.events) + next(i for i, e in enumerate(cfg.encounters) if e.id == card_id)


def start_round(state, top: str | None = None, round: int | None = None):
    """Run the waiting work (the round from its event phase) with the event or encounter `top`
    drawn first, in round `round`; stops at the first decision."""
    if round is not None:
        state.round = round
    if top is not None:
        c = card_number(state, top)
        state.event_deck = (c,) + tuple(x for x in state.event_deck if x != c)
    state._edited = set()
    state._legal = None
    state._resume()
    return state


def run_tasks(state, *tasks):
    """Run `tasks` (rules tasks such as ("entry", seat, 14, None)) before the waiting work; the
    decision pending now, if any, is asked again after them."""
    pending = () if state.ask is None else (("reask", state.ask),)
    state.ask = None
    state.todo = tuple(tasks) + pending + state.todo
    state._edited = set()
    state._legal = None
    state._resume()
    return state


def log_entries(state) -> list:
    """The state's log, oldest first: (round, phase, what, ...) tuples."""
    out, node = [], state.log
    while node is not None:
        node, entry = node
        out.append(entry)
    return out[::-1]
