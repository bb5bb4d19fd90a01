"""Reveals [AR-SH-3, AR-M-5]: "A shadow is revealed when it is in a space with a fire, or when it is in
or adjacent to a space with a Hero or Villager" holds after every change, whatever made it: a hero's
step, a villager revealed from a shadow, a push, an escort, a spawn."""
import random

import pytest

from .util import at_turn, clear_map, do, edit, new, sp


def tok(s, kind):
    return s.cfg.shadow_pool.index(kind)


def due_shadows(s) -> list:
    """Face-down shadows the rulebook says must already be face up: in a Fire's space, or in or next
    to a space holding a hero or a villager (the Village Center holds the pool, the manned spots and
    heroes standing there)."""
    cfg = s.cfg
    people = {h.space for h in s.heroes} | {x for x, n in enumerate(s.villagers) if n}
    if s.pool or s.manned:
        people.add(0)
    out = []
    for uid, space, _ in s.shadows:
        if space in s.fire or space in people or any(x in people for x in cfg.adj[space]):
            out.append((uid, cfg.names[space]))
    return out


def test_a_villager_revealed_by_vigil_reveals_the_shadow_next_to_it():
    s = at_turn(new(1, heroes=["ansel"], classes=["warden"]), 0, hand=("B",))
    edit(s, 0, items=(), space=sp(s, "1.r2"))
    clear_map(s)
    s.pool = 0
    # a villager token two steps away (1.fk), a monster token one step beyond it (1.l1)
    s.shadows = ((1, sp(s, "1.fk"), tok(s, "v")), (2, sp(s, "1.l1"), tok(s, "II")))
    do(s, "use", action="vigil", pay=("B",))
    assert s.villagers[sp(s, "1.fk")] == 1            # Vigil revealed the villager
    assert s.shadows == ()                             # and the villager revealed its neighbour
    assert any(m[2] == sp(s, "1.l1") for m in s.monsters)


def test_a_villager_placed_by_a_reveal_during_the_beast_phase_reveals_its_neighbours():
    s = at_turn(new(1, heroes=["ansel"], classes=["slayer"]), 0, hand=())
    edit(s, 0, items=())
    clear_map(s)
    s.pool = 0
    s.fire = frozenset({sp(s, "2.a1")})                # Fire reveals the villager at 2.a1 ...
    s.shadows = ((1, sp(s, "2.a1"), tok(s, "v")), (2, sp(s, "2.a2"), tok(s, "I")))
    s.ask, s.todo = None, (("reveals", -1), ("turn", 0))
    s._resume()
    assert s.villagers[sp(s, "2.a1")] == 1 and s.shadows == ()   # ... who reveals 2.a2


@pytest.mark.parametrize("players,scenario,seeds", [(1, "long_night", range(3)), (2, "long_night", (9019, 3)),
                                                    (3, "first_night", range(2))])
def test_after_every_move_no_shadow_waits_next_to_a_hero_or_villager(players, scenario, seeds):
    for seed in seeds:
        s = new(players, seed=seed, scenario=scenario)
        r = random.Random(seed)
        assert due_shadows(s) == []
        for n in range(4000):
            if s.is_terminal():
                break
            move = r.choice(s.legal_actions())
            s.apply(move)
            if not s.is_terminal():      # a game may end in the middle of a step
                assert due_shadows(s) == [], (seed, n, s.round, str(move))
