"""Hidden information (AY-H-1 .. AY-H-4, AY-D-15, AY-D-20, AY-D-21): what `view(seat)` shows and hides, and the
re-deal `determinize(seat, seed)` makes of what a seat cannot see.

Views list cards as race/value dicts (copies of one race and value look alike), so the checks are
structural (which keys exist for which seat) and behavioural: a view must not change when only
things its seat cannot see change, and a determinization must depend on nothing else.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache

from cardboard.engine import Rng
from cardboard.games.abyss.content import RACES

from .helpers import at_turn, do, give_lords, make, set_hand
from .test_powers import court_with, ready, recruit, set_council, set_tokens, stack_locations

HIDDEN_LIST_KEYS = {"deck", "discard", "lord_deck", "loc_deck", "hidden", "hands"}  # "token_pool" is a count


# ---------------------------------------------------------------- positions from random play
@lru_cache(maxsize=None)
def _snapshots():
    """Positions of random games (2, 3 and 4 players), every few moves, and their final states."""
    out, ends = [], []
    for seed in range(6):
        players = 2 + seed % 3
        _, s = make(players, seed=100 + seed)
        r = random.Random(seed)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                out.append(s.clone())
            s.apply(r.choice(s.legal_actions()))
            step += 1
        ends.append(s)
    return tuple(out), tuple(ends)


def _keys_deep(doc, acc=None):
    acc = set() if acc is None else acc
    if isinstance(doc, dict):
        for k, v in doc.items():
            acc.add(k)
            _keys_deep(v, acc)
    elif isinstance(doc, list):
        for v in doc:
            _keys_deep(v, acc)
    return acc


def _perturb(state, seat, r):
    """A copy differing from `state` only in what `seat` cannot see: other hands (but for the Allies
    seen going into them, AY-D-20, and the races of the others, AY-D-21), the Council
    stacks' contents (races kept), deck and discard (contents and order), other seats' Monster
    tokens and the token pool, the Lord deck's and Location stack's order, Locations drawn by
    someone else, the random source."""
    s = state.clone()
    cfg = s.cfg
    # Exploration cards: swap pairs between the hidden places, keeping hands Allies-only and
    # Council stacks of their race.
    places = [("deck", None), ("discard", None)] + [("council", i) for i in range(len(RACES))] + [
        ("hands", i) for i in range(cfg.players) if i != seat]

    def unknown(p, c):  # [AY-D-22] the cards nobody can place: only those may move
        name, i = p
        if name == "hands":
            return c not in s.seen[i]
        return name == "council" or s.blind >> c & 1

    def get(p):
        name, i = p
        return list(getattr(s, name)) if i is None else list(getattr(s, name)[i])

    def put(p, cards):
        name, i = p
        if i is None:
            setattr(s, name, tuple(cards))
        else:
            tup = getattr(s, name)
            setattr(s, name, tup[:i] + (tuple(sorted(cards)) if name == "hands" else tuple(cards),) + tup[i + 1:])

    for _ in range(60):
        a, b = r.choice(places), r.choice(places)
        ca, cb = get(a), get(b)
        if not ca or not cb:
            continue
        i, j = r.randrange(len(ca)), r.randrange(len(cb))
        x, y = ca[i], cb[j]
        if a == b or x == y:
            continue
        if not unknown(a, x) or not unknown(b, y):
            continue
        if cfg.card_race[x] != cfg.card_race[y]:
            continue   # the race of every unknown card is known [AY-D-21, AY-D-22]
        ca[i], cb[j] = y, x
        put(a, ca)
        put(b, cb)
        s.blind |= 1 << x | 1 << y
    deck = list(s.deck)
    r.shuffle(deck)
    s.deck = tuple(deck)
    discard = list(s.discard)
    r.shuffle(discard)
    s.discard = tuple(discard)
    council = []
    for st in s.council:
        st = list(st)
        r.shuffle(st)
        council.append(tuple(st))
    s.council = tuple(council)
    # Monster tokens: the others' and the pool's are face down.
    if s.phase != "over":
        hidden = [t for o in range(cfg.players) if o != seat for t in s.tokens[o]] + list(s.token_pool)
        r.shuffle(hidden)
        tokens = list(s.tokens)
        for o in range(cfg.players):
            if o != seat:
                tokens[o], hidden = tuple(hidden[:len(tokens[o])]), hidden[len(tokens[o]):]
        s.tokens = tuple(tokens)
        s.token_pool = tuple(hidden)
    lords = list(s.lord_deck)
    r.shuffle(lords)
    s.lord_deck = tuple(lords)
    sees_drawn = s.phase == "keep" and s.decider == seat
    locs = list(s.loc_deck) + ([] if sees_drawn else list(s.drawn))
    r.shuffle(locs)
    if not sees_drawn and s.drawn:
        s.drawn, locs = tuple(locs[:len(s.drawn)]), locs[len(s.drawn):]
    s.loc_deck = tuple(locs)
    s.rng = Rng(r.randrange(1 << 60))
    s._legal = None
    return s


def _all_cards(s):
    cards = list(s.deck) + list(s.discard) + list(s.track)
    for st in s.council:
        cards += st
    for h in s.hands:
        cards += h
    for a in s.affiliated:
        cards += a
    return sorted(cards)


# ---------------------------------------------------------------- AY-H-1 hands
def test_view_shows_own_hand_only_and_every_hand_size():
    """AY-H-1: a seat sees its own hand, card by card; of the others only the size."""
    _, s = make(3)
    set_hand(s, 0, [("crab", 2), ("squid", 5)])
    set_hand(s, 1, [("seahorse", 1)])
    set_hand(s, 2, [("jellyfish", 3), ("jellyfish", 4), ("shellfish", 1)])
    for seat in range(3):
        v = s.view(seat)
        for o, entry in enumerate(v["seats"]):
            assert entry["hand_size"] == len(s.hands[o])
            assert ("hand" in entry) == (o == seat)
        cfg = s.cfg
        assert sorted((c["race"], c["value"]) for c in v["seats"][seat]["hand"]) == sorted(
            (RACES[cfg.card_race[c]], cfg.card_value[c]) for c in s.hands[seat])


def test_spectator_sees_no_hand_and_no_token_value():
    """AY-H-1, AY-H-3: `view(None)` shows no hand and no Monster token value before the end."""
    _, s = make(3)
    set_hand(s, 1, [("crab", 2)])
    set_tokens(s, 1, 2)
    v = s.view(None)
    for entry in v["seats"]:
        assert "hand" not in entry and "token_values" not in entry
        assert entry["score"]["tokens"] is None and entry["score"]["total"] is None
    assert v["seats"][1]["hand_size"] == 1 and v["seats"][1]["monster_tokens"] == 2


# ---------------------------------------------------------------- AY-H-2 Council
def test_council_stacks_show_race_and_size_only():
    """AY-H-2: each Council stack is face down: its race and size, nothing of its cards."""
    _, s = make(2)
    set_council(s, {"crab": [5, 1], "squid": [3]})
    for seat in (None, 0, 1):
        council = s.view(seat)["council"]
        assert council == [{"race": r, "size": {"crab": 2, "squid": 1}.get(r, 0)} for r in RACES]


# ---------------------------------------------------------------- AY-H-3 Monster tokens
def test_token_values_only_for_their_owner_until_the_end():
    """AY-H-3: the number of tokens is public, their values only their owner's."""
    _, s = make(3)
    mine = set_tokens(s, 0, 2)
    set_tokens(s, 1, 3)
    v = s.view(0)
    assert v["seats"][0]["token_values"] == sorted(s.cfg.token_values[t] for t in mine)
    assert v["seats"][0]["score"]["tokens"] == sum(s.cfg.token_values[t] for t in mine)
    for o in (1, 2):
        entry = v["seats"][o]
        assert "token_values" not in entry
        assert entry["score"]["tokens"] is None and entry["score"]["total"] is None
    assert [e["monster_tokens"] for e in v["seats"]] == [2, 3, 0]
    assert v["token_pool"] == len(s.token_pool)


def test_token_values_and_hidden_hands_do_not_change_other_views():
    """AY-H-1, AY-H-3: swapping an opponent's token with one of the pool, or a card of their hand
    with one of the deck of its race, leaves the view of seat 0 (and the spectator's) the same."""
    _, s = make(2)
    set_tokens(s, 1, 1)
    set_hand(s, 1, [("crab", 2), ("squid", 5)])
    t = s.clone()
    cfg = s.cfg
    pool_token = next(x for x in t.token_pool if cfg.token_values[x] != cfg.token_values[t.tokens[1][0]])
    t.token_pool = tuple(t.tokens[1][0] if x == pool_token else x for x in t.token_pool)
    t.tokens = (t.tokens[0], (pool_token,))
    out = t.hands[1][0]
    # [AY-D-21] the races of a hand's unseen Allies are known: the swap keeps the race
    deck_ally = next(c for c in reversed(t.deck) if cfg.card_race[c] == cfg.card_race[out]
                     and cfg.card_value[c] != cfg.card_value[out])
    t.hands = (t.hands[0], tuple(sorted((deck_ally,) + t.hands[1][1:])))
    t.deck = tuple(out if c == deck_ally else c for c in t.deck)
    assert s.view(0) == t.view(0) and s.view(None) == t.view(None)
    assert s.view(1) != t.view(1)  # the owner does see the difference


# ---------------------------------------------------------------- drawn Locations, decks, discard
def test_locations_drawn_are_seen_by_the_drawer_only_until_placed():
    """AY-H-4 (view side), AY-L-3: the Sage's two drawn Locations are named to its owner only; the
    others see how many; once placed, the one left is face up for all."""
    _, s = make(2)
    stack_locations(s, ["parliament", "barracks"])
    ready(s, 0, "sage")
    recruit(s, "sage")
    assert s.phase == "keep"
    assert sorted(x["id"] for x in s.view(0)["drawn"]) == ["barracks", "parliament"]
    assert s.view(1)["drawn"] == 2 and s.view(None)["drawn"] == 2
    assert "barracks" not in json.dumps(s.view(1)) and "parliament" not in json.dumps(s.view(1))
    do(s, "keep", location="parliament")
    assert s.view(1)["drawn"] == 0
    assert "barracks" in [x["id"] for x in s.view(1)["locations_open"]]
    assert [x["location"]["id"] for x in s.view(1)["seats"][0]["locations"]] == ["parliament"]


def test_decks_and_discard_show_sizes_only():
    """AY-D-15, AY-H-4 (view side): the Exploration deck, the discard pile, the Lord deck and the
    Location stack show sizes; their contents and orders change nothing in any view."""
    _, s = make(2)
    set_council(s, {"crab": [2]})
    s.discard = s.deck[:5]
    s.deck = s.deck[5:]
    v = s.view(0)
    assert (v["deck_size"], v["discard_size"], v["lord_deck_size"], v["location_deck_size"]) == (
        len(s.deck), len(s.discard), len(s.lord_deck), len(s.loc_deck))
    assert not HIDDEN_LIST_KEYS & set(v)
    t = s.clone()
    t.deck = tuple(reversed(t.deck))
    t.discard = t.deck[:5]
    t.deck = t.deck[5:] + s.discard
    t.lord_deck = tuple(reversed(t.lord_deck))
    t.loc_deck = tuple(reversed(t.loc_deck))
    for seat in (None, 0, 1):
        assert s.view(seat) == t.view(seat)


def test_lords_discarded_lie_face_up():
    """AY-D-15: a Lord the Opportunist discards is shown to everyone."""
    _, s = make(2)
    give_lords(s, 0, ["opportunist"])
    at_turn(s, 0)
    court = s.cfg.lords[s.court[0]].id
    do(s, "opportunist", court=court)
    for seat in (None, 0, 1):
        assert [x["id"] for x in s.view(seat)["lord_discard"]] == [court]


# ---------------------------------------------------------------- the end
def test_at_the_end_everything_scoring_relevant_is_shown():
    """AY-H-3, AY-E-4: once over, every seat's token values, affiliated Allies and totals are
    shown to everyone, with the winners."""
    _, ends = _snapshots()
    for s in ends:
        assert s.is_terminal()
        full = s.score_breakdown()
        for seat in [None] + list(range(s.cfg.players)):
            v = s.view(seat)
            assert v["winners"] == s.winners()
            for o, entry in enumerate(v["seats"]):
                assert entry["token_values"] == sorted(s.cfg.token_values[t] for t in s.tokens[o])
                assert entry["score"]["total"] == full[o]["total"]
                assert entry["score"]["tokens"] == full[o]["tokens"]
                assert len(entry["affiliated"]) == len(s.affiliated[o])
                assert entry["hand_size"] == 0


# ---------------------------------------------------------------- random games
def test_random_games_views_never_show_what_a_seat_cannot_see():
    """AY-H-1, AY-H-2, AY-H-3, AY-D-15: in random 2-4 player games, every view is JSON, holds the
    viewer's hand only, token values of the viewer only, Council sizes only, no hidden list, drawn
    Locations for their drawer only; and it is unchanged when what the viewer cannot see is
    re-dealt."""
    snaps, _ = _snapshots()
    r = random.Random(7)
    checked = 0
    for s in snaps:
        n = s.cfg.players
        for seat in [None] + list(range(n)):
            v = s.view(seat)
            json.dumps(v)
            assert not HIDDEN_LIST_KEYS & _keys_deep(v)
            for o, entry in enumerate(v["seats"]):
                assert ("hand" in entry) == (o == seat)
                assert ("token_values" in entry) == (o == seat)
            assert all(set(c) == {"race", "size"} for c in v["council"])
            keeping = s.phase == "keep" and seat == s.current_player
            assert isinstance(v["drawn"], list) == keeping
            assert ("location_deck" in v) == (s.phase == "smokers" and seat == s.current_player)
            if seat is not None and checked < 250:
                t = _perturb(s, seat, r)
                assert t.view(seat) == v, (s.phase, seat)
                checked += 1
    assert checked == 250


# ---------------------------------------------------------------- AY-H-4 determinize
def test_determinize_keeps_sizes_races_own_information_and_the_public_view():
    """AY-H-4: every size, each Council stack's race, the seat's own hand and tokens and everything
    it sees are kept; every card is still exactly once somewhere."""
    snaps, _ = _snapshots()
    for k, s in enumerate(snaps[::2]):
        for seat in range(s.cfg.players):
            d = s.determinize(seat, 1000 + k)
            assert d.view(seat) == s.view(seat)
            assert d.hands[seat] == s.hands[seat] and d.tokens[seat] == s.tokens[seat]
            assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
            assert [len(t) for t in d.tokens] == [len(t) for t in s.tokens]
            assert (len(d.deck), len(d.discard), len(d.token_pool), len(d.drawn)) == (
                len(s.deck), len(s.discard), len(s.token_pool), len(s.drawn))
            for r, st in enumerate(d.council):
                assert len(st) == len(s.council[r]) and all(d.cfg.card_race[c] == r for c in st)
            assert sorted(d.lord_deck) == sorted(s.lord_deck)
            assert sorted(d.loc_deck + d.drawn) == sorted(s.loc_deck + s.drawn)
            if s.phase == "keep" and s.decider == seat:
                assert d.drawn == s.drawn
            assert _all_cards(d) == _all_cards(s)
            assert sorted(d.token_pool + tuple(t for ts in d.tokens for t in ts)) == sorted(
                s.token_pool + tuple(t for ts in s.tokens for t in ts))


def test_determinize_never_deals_a_monster_into_a_hand():
    """AY-H-4: hands hold Allies only, so a re-deal must not put a Monster card into a hand."""
    snaps, _ = _snapshots()
    for k, s in enumerate(snaps):
        for seat in range(s.cfg.players):
            d = s.determinize(seat, 2000 + k)
            for o, h in enumerate(d.hands):
                assert all(d.cfg.card_race[c] >= 0 for c in h), (k, seat, o)


def test_determinize_depends_only_on_what_the_seat_sees():
    """AY-H-4: two states differing only in what `seat` cannot see give the same determinization
    for the same seed."""
    snaps, _ = _snapshots()
    r = random.Random(11)
    for k, s in enumerate(snaps[::3]):
        for seat in range(s.cfg.players):
            t = _perturb(s, seat, r)
            assert s.determinize(seat, 77 + k)._dump() == t.determinize(seat, 77 + k)._dump()


def test_determinize_deals_differently_with_other_seeds():
    """AY-H-4: the re-deal is random: other seeds give other hidden hands and decks."""
    _, s = make(3)
    set_hand(s, 1, [("crab", 2), ("squid", 5), ("seahorse", 1)])
    set_tokens(s, 1, 2)
    deals = {(s.determinize(0, k).hands[1], s.determinize(0, k).deck, s.determinize(0, k).tokens[1])
             for k in range(10)}
    assert len(deals) == 10
    assert all(s.determinize(0, k)._dump() == s.determinize(0, k)._dump() for k in range(3))


def test_determinize_redeals_locations_drawn_by_another_seat():
    """AY-H-4: while the Sage's owner chooses, the others' determinizations re-deal the drawn
    Locations from the stack; the drawer's keeps them."""
    _, s = make(2)
    stack_locations(s, ["parliament", "barracks"])
    ready(s, 0, "sage")
    recruit(s, "sage")
    assert s.phase == "keep"
    assert all(s.determinize(0, k).drawn == s.drawn for k in range(5))
    others = {tuple(sorted(s.determinize(1, k).drawn)) for k in range(12)}
    assert len(others) > 1
    assert all(len(d) == 2 for d in others)



# ---------------------------------------------------------------- Allies taken in sight (AY-D-20)
def test_allies_taken_in_sight_are_shown_in_the_hand_until_they_leave_it():
    """AY-D-20: an Ally bought or taken from the track went into the hand in everyone's sight: every
    view lists it under the hand's `hand_seen`; a Council stack is taken unseen; an Ally played or
    discarded leaves the list."""
    from .helpers import set_council
    from .test_explore import start
    s, c = start(2, [3, 3], [("crab", 1), ("squid", 4)])
    do(s, "explore")
    do(s, "buy")  # seat 1 buys the crab 1; the squid 4 is revealed, seat 1 may not buy again
    do(s, "take")  # seat 0 takes it
    crab, squid = {"race": "crab", "value": 1}, {"race": "squid", "value": 4}
    for viewer in (0, 1, None):
        seats = s.view(viewer)["seats"]
        assert seats[0]["hand_seen"] == [squid] and seats[1]["hand_seen"] == [crab]
    assert s.seen == ((c[1],), (c[0],))
    set_council(s, {"jellyfish": [2, 5]})
    at_turn(s, 1)
    do(s, "request", races=["jellyfish"])
    assert len(s.hands[1]) == 3 and s.seen[1] == (c[0],)  # the stack was not shown
    assert s.view(0)["seats"][1]["hand_seen"] == [crab]
    s._discard_ally(1, RACES.index("crab"), 1, "test")  # a discard, in sight
    assert s.seen[1] == () and s.view(0)["seats"][1]["hand_seen"] == []


def test_seen_allies_are_always_in_the_hand_and_leave_with_it():
    """AY-D-20 over random games: what the others saw go into a hand is still in it at every step (the
    re-deal keeps those very cards), and the final affiliation empties both."""
    _, ends = _snapshots()
    snaps, _ = _snapshots()
    for s in snaps + ends:
        cfg = s.cfg
        for seat in range(cfg.players):
            assert set(s.seen[seat]) <= set(s.hands[seat])  # the very cards, not only their kinds
    assert all(s.seen == ((),) * s.cfg.players for s in ends)
    assert sum(len(x) for s in snaps for x in s.seen) > 20  # random games do take Allies in sight


def test_determinize_keeps_the_allies_seen_in_other_hands():
    """AY-D-20, AY-H-4: a re-deal keeps in each other hand the Allies seen going into it, and deals the
    rest of it at random."""
    snaps, _ = _snapshots()
    checked = 0
    for k, s in enumerate(snaps):
        for seat in range(s.cfg.players):
            d = s.determinize(seat, 5 + k)
            for o in range(s.cfg.players):
                if o != seat:
                    assert set(s.seen[o]) <= set(d.hands[o]) and len(d.hands[o]) == len(s.hands[o])
                    checked += len(s.seen[o])
    assert checked > 20


# ---------------------------------------------------------------- races from the Council (AY-D-21)
def _from_council(view, seat):
    return {e["race"]: e["count"] for e in view["seats"][seat]["hand_from_council"]}


def test_allies_taken_in_a_council_stack_show_their_race_until_they_leave_the_hand():
    """AY-D-21: a Council stack is taken unseen but its race is public, so every view counts, per
    race, the hand's Allies not seen going in; one played in sight leaves the count."""
    from .helpers import set_council
    from .test_explore import start
    s, c = start(2, [3, 3], [("crab", 1), ("squid", 4)])
    do(s, "explore")
    do(s, "buy")                                    # seat 1 buys the crab 1 in sight
    do(s, "take")
    set_council(s, {"jellyfish": [2, 5], "shellfish": [3]})
    at_turn(s, 1)
    do(s, "request", races=["jellyfish"])
    for viewer in (0, 1, None):
        assert _from_council(s.view(viewer), 1) == {"jellyfish": 2}
        assert _from_council(s.view(viewer), 0) == {}
    s._discard_ally(1, RACES.index("jellyfish"), 5, "test")   # shown as it leaves
    assert _from_council(s.view(0), 1) == {"jellyfish": 1}
    s._discard_ally(1, RACES.index("crab"), 1, "test")         # the seen one: the count stays
    assert _from_council(s.view(0), 1) == {"jellyfish": 1} and s.view(0)["seats"][1]["hand_seen"] == []


def test_determinize_deals_each_unseen_ally_of_a_hand_from_its_race():
    """AY-D-21, AY-H-4: over random games, a re-deal gives every other hand its seen Allies and, for
    the rest, Allies of the very races it took from the Council (values at random)."""
    from cardboard.games.abyss.view import council_races
    snaps, _ = _snapshots()
    checked = 0
    values = set()
    for k, s in enumerate(snaps):
        for seat in range(s.cfg.players):
            d = s.determinize(seat, 11 + k)
            for o in range(s.cfg.players):
                assert council_races(d, o) == council_races(s, o)
                assert sum(council_races(s, o)) == len(s.hands[o]) - len(s.seen[o])
                if o != seat:
                    checked += sum(council_races(s, o))
                    values.add(tuple(sorted(set(d.hands[o]) - set(s.seen[o]))))
    assert checked > 20 and len(values) > 10   # races kept, the cards themselves re-dealt


# ---------------------------------------------------------------- re-deals follow the log (AY-D-22)
def _kinds(cfg, cards):
    out = {}
    for c in cards:
        if cfg.card_race[c] >= 0:
            k = (cfg.card_race[c], cfg.card_value[c])
            out[k] = out.get(k, 0) + 1
    return out


def _covers(big, small):
    return all(big.get(k, 0) >= n for k, n in small.items())


def _public_record(s):
    """What anyone who read the whole log knows of the Allies' places, worked out from the log
    alone (not from the state's own bookkeeping): per seat the kinds seen going into the hand and
    not seen leaving it; the kinds seen going into the discard pile since the last reshuffle; the
    kinds known to be in the deck (the reshuffled pile, less the kinds revealed since)."""
    from cardboard.engine.data import cons_to_list
    cfg = s.cfg
    n = cfg.players
    hands = [{} for _ in range(n)]
    pile, deck = {}, {}

    def add(d, k):
        d[k] = d.get(k, 0) + 1

    def sub(d, k):
        if d.get(k, 0) > 0:
            d[k] -= 1

    kind = lambda c: (cfg.card_race[c], cfg.card_value[c])  # noqa: E731
    for e in cons_to_list(s.log):
        k = e[0]
        if k in ("buy", "take", "forced_take"):
            add(hands[e[1]], kind(e[2]))
        elif k == "recruit":
            seat, pay, keep = e[1], e[3], e[5]
            for name, v in pay:
                sub(hands[seat], (RACES.index(name), v))
                add(pile, (RACES.index(name), v))
            sub(pile, kind(keep))       # the affiliated one stays in front of its owner
        elif k in ("sell", "discard"):
            sub(hands[e[1]], kind(e[2]))
            add(pile, kind(e[2]))
        elif k == "reveal" and cfg.card_race[e[2]] >= 0:
            sub(deck, kind(e[2]))
        elif k == "reshuffle":
            deck, pile = pile, {}
    return hands, pile, deck


def test_determinize_keeps_an_ally_paid_in_sight_out_of_the_hands():
    """AY-D-22 (issue #22 item 6): a payment is public: once seat 1 has recruited with its Jellyfish
    5, no re-deal of seat 0's may put a Jellyfish 5 back into a hand or a Council stack (there is
    one), however many Jellyfish seat 1 still holds unseen."""
    from .helpers import set_council
    _, s = make(3)
    set_council(s, {"jellyfish": [5, 1, 2], "squid": [2], "shellfish": [3]})
    at_turn(s, 1)
    for race in ("jellyfish", "squid", "shellfish"):
        s._take_stack(1, RACES.index(race))     # taken unseen: races public, values not
    court_with(s, "shaman")
    at_turn(s, 1)
    do(s, "recruit", lord="shaman", pay=[["squid", 2], ["shellfish", 3], ["jellyfish", 5]])
    assert any("recruits The Shaman with" in line and "jellyfish 5" in line for line in s.view(0)["log"])
    cfg = s.cfg
    j5 = (RACES.index("jellyfish"), 5)
    for seed in range(60):
        d = s.determinize(0, seed)
        places = [c for h in d.hands for c in h] + [c for st in d.council for c in st]
        assert all((cfg.card_race[c], cfg.card_value[c]) != j5 for c in places), seed
        assert _kinds(cfg, d.discard).get(j5) == 1
        assert len(d.hands[1]) == 2 and all(cfg.card_race[c] == RACES.index("jellyfish") for c in d.hands[1])


def test_determinize_agrees_with_the_log_over_random_games():
    """AY-D-20, AY-D-22, AY-H-4 (issue #22 item 6): over random games, every seat and every position,
    a re-deal keeps in each other hand the Allies seen going in and not seen leaving, keeps in the
    discard pile the Allies seen going there, and in a reshuffled deck those known to be in it; the
    re-dealt cards are only those nobody could place; every component is still once somewhere."""
    from .helpers import check_conserved
    snaps, _ = _snapshots()
    checked_pile = 0
    for k, s in enumerate(snaps):
        hands, pile, deck = _public_record(s)
        cfg = s.cfg
        for seat in range(cfg.players):
            d = s.determinize(seat, 300 + k)
            check_conserved(d)
            assert d.hands[seat] == s.hands[seat] and d.track == s.track and d.affiliated == s.affiliated
            for o in range(cfg.players):
                assert _covers(_kinds(cfg, d.hands[o]), hands[o]), (k, seat, o)
            assert _covers(_kinds(cfg, d.discard), pile), (k, seat)
            assert _covers(_kinds(cfg, d.deck), deck), (k, seat)
            checked_pile += sum(pile.values())
    assert checked_pile > 100
