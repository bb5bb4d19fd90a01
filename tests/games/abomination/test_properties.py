"""Whole random games at 2, 3 and 4 players keep the box's components [AM-C-1]: nothing is made
or lost, nothing goes negative, the supply never gives more than the box holds."""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardboard.games.abomination.game import ALIVE, EMPTY

from .util import new

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def event_cards(s) -> Counter:
    """The event deck's cards wherever they are: the deck, the event in play, held encounters."""
    n_events = len(s.cfg.events)
    cards = Counter(s.event_deck)
    if s.event is not None:
        cards[s.event[0]] += 1
    for p in s.players:
        cards.update(n_events + e for e in p.held)
    return cards


def check(s, events: Counter) -> None:
    cfg = s.cfg
    setup = cfg.setup
    lab = cfg.content.lab
    # cubes: per material no more in the labs than the box holds, never negative
    for material in cfg.cube_total:
        assert s.supply_left(material) >= 0, material
    for seat, p in enumerate(s.players):
        assert min(p.track) >= 0 and p.bone >= 0 and min(p.preserved) >= 0, seat
        # a space past 15 only while its owner is choosing the cubes to discard [AM-G-1]
        over = [st_ for st_ in range(1, 5) if p.stage_total(st_) > lab.stage_limit]
        assert not over or (s.ask[0] == "overflow" and s.ask[1] == seat and s.ask[2] == over[0]), (p.track, s.ask)
        assert sum(p.preserved) <= lab.preservation_limit
        assert all(0 <= k <= t for k, t in zip(p.skip, p.track))
        assert p.francs >= 0, (seat, p.francs)
        # meeples: on the card + Paris spaces + bump track + lab spaces = owned
        for sci, owned, free, most in ((True, p.scientists, p.free_sci, setup.max_scientists),
                                       (False, p.assistants, p.free_asst, setup.max_assistants)):
            code = 2 if sci else 1
            placed = sum(occ.count((seat, sci)) for occ in s.spaces) + s.bump.count((seat, sci))
            placed += (p.study == code) + (p.generator == code)
            assert free >= 0 and free + placed == owned, (seat, sci, free, placed, owned)
            assert owned <= most
        assert p.scientists >= 1 and p.assistants >= 0
        # the lab's pieces
        assert 0 <= p.charged and 0 <= p.empty and p.jars() <= lab.jar_slots
        assert p.ice in (0, 1, 2) and p.police >= 0
        assert all(d in (0, 1) for d in p.damage)
        assert all(state == EMPTY or state <= ALIVE for state in p.parts)
        assert all(not d or state != EMPTY for d, state in zip(p.damage, p.parts))
        assert len(p.research) <= setup.hand_limits["research"]
        assert len(p.humanity_cards) <= setup.hand_limits["humanity"]
    for what in ("jars", "ice", "alive", "damage", "police", "head", "torso", "arm", "leg"):
        assert s.supply_left(what) >= 0, what
    # research, humanity and scoundrel cards: each index exactly once in rows, decks and hands
    for r, family in enumerate(("scoundrels", "research", "humanity")):
        where = [c for c in s.rows[r] if c >= 0] + list(s.row_decks[r])
        if family != "scoundrels":
            for seat in range(cfg.players):
                where += list(s.hand(seat, family))
        assert sorted(where) == list(range(len(getattr(cfg, family)))), family
    # cadavers: decks, displays and drawn cards; Leopold the Vast at most once (or set apart)
    cadavers = Counter(c for deck in s.decks for c in deck)
    cadavers.update(c for shown in s.display for c in shown)
    cadavers.update(s.drawn)
    leopold = cadavers.pop(cfg.leopold, 0)
    assert leopold <= 1
    assert cadavers == Counter(c for c in range(len(cfg.cadavers)) if c != cfg.leopold)
    for c in range(len(cfg.cadavers)):
        for d, deck in enumerate(s.decks):
            if c in deck:
                assert cfg.cadaver_deck[c] == d
    # event and encounter cards
    assert event_cards(s) == events
    assert 1 <= s.captain <= setup.story_track


@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31), moves=st.integers(0, 2**31))
@SETTINGS
def test_components_are_conserved_and_never_negative(players, seed, moves):
    s = new(players, seed)
    events = event_cards(s)
    assert sum(events.values()) == s.cfg.setup.rounds and max(events.values()) == 1
    rnd = random.Random(moves)
    steps = 0
    check(s, events)
    while not s.is_terminal():
        s.apply(rnd.choice(s.legal_actions()))
        check(s, events)
        steps += 1
        assert steps < 5000
    assert s.winners() and all(type(x) is int for x in s.scores())  # whole VP are ints (issue #22 item 19)
