"""Set up exact Abyss positions for rule tests.

Positions are built on a real initial state, then edited slot by slot (the state holds tuples);
helpers keep the components conserved where they can (cards moved out of the deck, Lords out of
the Court or Lord deck), so invariant checks still hold in most tests.
"""
from __future__ import annotations

import cardboard
from cardboard.games.abyss.content import RACES
from cardboard.games.abyss.phases import IDLE, TURN


def make(players=2, seed=1, **options):
    options.setdefault("first_player", 0)
    game = cardboard.load_game("abyss", players=players, seed=seed, options=options)
    return game, game.new_initial_state()


def _where(state, card):
    """(slot name, index or None) of an Exploration card."""
    if card in state.deck:
        return "deck", None
    if card in state.discard:
        return "discard", None
    if card in state.track:
        return "track", None
    for r, st in enumerate(state.council):
        if card in st:
            return "council", r
    for s, h in enumerate(state.hands):
        if card in h:
            return "hands", s
    for s, h in enumerate(state.affiliated):
        if card in h:
            return "affiliated", s
    raise AssertionError(f"card {card} is nowhere")


def _remove(state, card):
    slot, i = _where(state, card)
    if i is None:
        setattr(state, slot, tuple(c for c in getattr(state, slot) if c != card))
    else:
        tup = getattr(state, slot)
        setattr(state, slot, tup[:i] + (tuple(c for c in tup[i] if c != card),) + tup[i + 1:])


def ally(state, race: str, value: int, taken=()):
    """An Ally card of that race and value, not in `taken`, preferring one still in the deck."""
    cfg = state.cfg
    r = RACES.index(race)
    cands = [c for c in range(cfg.n_allies) if cfg.card_race[c] == r and cfg.card_value[c] == value and c not in taken]
    cands.sort(key=lambda c: c not in state.deck)
    assert cands, f"no {race} {value} left"
    return cands[0]


def monster(state, taken=()):
    cfg = state.cfg
    cands = [c for c in range(cfg.n_allies, cfg.n_cards) if c not in taken]
    cands.sort(key=lambda c: c not in state.deck)
    return cands[0]


def pull(state, specs):
    """Card ids for specs like [("crab", 3), "monster", ...], each taken out of where it was."""
    cards = []
    for spec in specs:
        c = monster(state, cards) if spec == "monster" else ally(state, *spec, taken=cards)
        cards.append(c)
    for c in cards:
        _remove(state, c)
    state._legal = None
    return cards


def set_hand(state, seat, specs):
    """Replace seat's hand by these Allies (the old hand goes back on the deck's bottom)."""
    old = state.hands[seat]
    state.hands = state.hands[:seat] + ((),) + state.hands[seat + 1:]
    state.deck = tuple(old) + state.deck
    cards = pull(state, specs)
    state.hands = state.hands[:seat] + (tuple(sorted(cards)),) + state.hands[seat + 1:]
    state._legal = None
    return cards


def set_affiliated(state, seat, specs):
    cards = pull(state, specs)
    state.affiliated = state.affiliated[:seat] + (tuple(cards),) + state.affiliated[seat + 1:]
    state._legal = None
    return cards


def stack_deck(state, specs):
    """Put these cards on top of the Exploration deck, the first spec revealed first."""
    cards = pull(state, specs)
    state.deck = state.deck + tuple(reversed(cards))
    state._legal = None
    return cards


def L(state, lord_id: str) -> int:
    return state.cfg.lord_index[lord_id]


def _take_lord(state, lord):
    for slot in ("court", "lord_deck", "lord_discard"):
        tup = getattr(state, slot)
        if lord in tup:
            setattr(state, slot, tuple(x for x in tup if x != lord))
            return
    for s in range(state.cfg.players):
        if lord in state.free[s]:
            state.free = state.free[:s] + (tuple(x for x in state.free[s] if x != lord),) + state.free[s + 1:]
            return
    raise AssertionError(f"lord {lord} is nowhere free to take")


def give_lords(state, seat, lord_ids):
    """Seat gets these Lords free (taken from the Court or the deck; the Court is topped up)."""
    for lid in lord_ids:
        lord = L(state, lid)
        _take_lord(state, lord)
        state.free = state.free[:seat] + (state.free[seat] + (lord,),) + state.free[seat + 1:]
    set_court(state, [state.cfg.lords[x].id for x in state.court])
    state._legal = None


def set_court(state, lord_ids):
    """The Court holds exactly these Lords (others go back to the Lord deck's bottom)."""
    want = [L(state, x) for x in lord_ids]
    back = [x for x in state.court if x not in want]
    for x in want:
        if x not in state.court:
            _take_lord(state, x)
    state.lord_deck = tuple(back) + tuple(x for x in state.lord_deck if x not in want)
    state.court = tuple(want)
    state._legal = None


def set_pearls(state, seat, n):
    diff = n - state.pearls[seat]
    state.treasury -= diff
    state.pearls = state.pearls[:seat] + (n,) + state.pearls[seat + 1:]
    state._legal = None


def at_turn(state, seat, acted=False):
    """Seat's turn, in the main step (nothing pending)."""
    state.player = state.decider = seat
    state.phase = TURN
    state.acted = acted
    state.todo = ()
    state.bought = 0
    state.buyers = 0
    state.used = frozenset()
    state._legal = None


def do(state, kind, **args):
    """Apply the one legal move of `kind` whose args include these (JSON-like) values."""
    def norm(v):
        return tuple(norm(x) for x in v) if isinstance(v, (list, tuple)) else v

    want = {k: norm(v) for k, v in args.items()}
    matches = [a for a in state.legal_actions() if a.kind == kind
               and all(k in dict(a.args) and dict(a.args)[k] == v for k, v in want.items())]
    assert matches, f"no legal {kind} {args}; legal: {[str(a) for a in state.legal_actions()][:30]}"
    assert len(matches) == 1, f"{len(matches)} moves match {kind} {args}: {[str(a) for a in matches][:10]}"
    state.apply(matches[0])
    return matches[0]


def kinds(state):
    return sorted({a.kind for a in state.legal_actions()})


__all__ = ["make", "pull", "set_hand", "set_affiliated", "stack_deck", "L", "give_lords", "set_court",
           "set_pearls", "at_turn", "do", "kinds", "IDLE", "TURN"]


# ---------------------------------------------------------------- added for the rule tests
def LOC(state, loc_id: str) -> int:
    return state.cfg.loc_index[loc_id]


def _take_location_card(state, loc):
    for slot in ("loc_deck", "loc_open", "loc_out", "drawn"):
        tup = getattr(state, slot)
        if loc in tup:
            setattr(state, slot, tuple(x for x in tup if x != loc))
            return
    for s in range(state.cfg.players):
        mine = state.locations[s]
        if any(x == loc for x, _ in mine):
            state.locations = state.locations[:s] + (tuple((x, u) for x, u in mine if x != loc),) \
                + state.locations[s + 1:]
            return
    raise AssertionError(f"location {loc} is nowhere")


def set_locations(state, seat, entries):
    """Seat controls exactly these Locations: [(location id, [ids of Lords under it]), ...].
    Its old Locations go back to the stack's bottom; the Lords are taken from wherever they are."""
    old = state.locations[seat]
    state.locations = state.locations[:seat] + ((),) + state.locations[seat + 1:]
    state.loc_deck = tuple(x for x, _ in old) + state.loc_deck
    mine = []
    for loc_id, lord_ids in entries:
        loc = LOC(state, loc_id)
        _take_location_card(state, loc)
        under = []
        for lid in lord_ids:
            lord = L(state, lid)
            _take_lord(state, lord)
            under.append(lord)
        mine.append((loc, tuple(under)))
    state.locations = state.locations[:seat] + (tuple(mine),) + state.locations[seat + 1:]
    if len(state.court) < state.cfg.setup.court_size:
        set_court(state, [state.cfg.lords[x].id for x in state.court])
    state._legal = None


def set_open_locations(state, loc_ids):
    """The face-up Locations are exactly these (the others go back to the stack's bottom)."""
    want = [LOC(state, x) for x in loc_ids]
    back = [x for x in state.loc_open if x not in want]
    for x in want:
        if x not in state.loc_open:
            _take_location_card(state, x)
    state.loc_deck = tuple(back) + tuple(x for x in state.loc_deck if x not in want)
    state.loc_open = tuple(want)
    state._legal = None


def stack_locations(state, loc_ids):
    """These Locations on top of the stack, the first one drawn first."""
    locs = [LOC(state, x) for x in loc_ids]
    for x in locs:
        _take_location_card(state, x)
    state.loc_deck = state.loc_deck + tuple(reversed(locs))
    state._legal = None


def set_tokens(state, seat, values):
    """Seat holds Monster tokens of exactly these values (the old ones go back to the pool)."""
    cfg = state.cfg
    pool = list(state.token_pool) + list(state.tokens[seat])
    mine = []
    for v in values:
        t = next(t for t in pool if cfg.token_values[t] == v)
        pool.remove(t)
        mine.append(t)
    state.token_pool = tuple(pool)
    state.tokens = state.tokens[:seat] + (tuple(mine),) + state.tokens[seat + 1:]
    state._legal = None


def set_keys(state, seat, n):
    """Seat holds n key tokens, from (or back to) the pile."""
    diff = n - state.keys[seat]
    state.key_supply -= diff
    state.keys = state.keys[:seat] + (n,) + state.keys[seat + 1:]
    state._legal = None


def set_council(state, specs_by_race):
    """The Council stacks hold these Allies: {race: [values]} (other stacks emptied to the deck)."""
    old = [c for st in state.council for c in st]
    state.council = ((),) * len(RACES)
    state.deck = tuple(old) + state.deck
    council = [()] * len(RACES)
    for race, values in specs_by_race.items():
        council[RACES.index(race)] = tuple(pull(state, [(race, v) for v in values]))
    state.council = tuple(council)
    state._legal = None


def hand_kinds(state, seat):
    """Seat's hand as sorted (race, value) pairs."""
    cfg = state.cfg
    return sorted((RACES[cfg.card_race[c]], cfg.card_value[c]) for c in state.hands[seat])


def card_kinds(state, cards):
    cfg = state.cfg
    return sorted(("monster", 0) if cfg.card_race[c] < 0 else (RACES[cfg.card_race[c]], cfg.card_value[c])
                  for c in cards)


def lord_ids(state, lords):
    return [state.cfg.lords[x].id for x in lords]


def check_conserved(state):
    """Every component is in exactly one place: 71 cards, 35 Lords, 20 Locations, 20 tokens,
    10 keys, 50 pearls (with the default content)."""
    cfg = state.cfg
    cards = list(state.deck) + list(state.discard) + list(state.track)
    cards += [c for st in state.council for c in st]
    cards += [c for h in state.hands for c in h] + [c for a in state.affiliated for c in a]
    assert sorted(cards) == list(range(cfg.n_cards))
    lords = list(state.court) + list(state.lord_deck) + list(state.lord_discard)
    lords += [x for f in state.free for x in f]
    lords += [x for locs in state.locations for _, under in locs for x in under]
    assert sorted(lords) == list(range(len(cfg.lords)))
    locs = list(state.loc_deck) + list(state.loc_open) + list(state.loc_out) + list(state.drawn)
    locs += [x for mine in state.locations for x, _ in mine]
    assert sorted(locs) == list(range(len(cfg.locations)))
    tokens = list(state.token_pool) + [t for ts in state.tokens for t in ts]
    assert sorted(tokens) == list(range(len(cfg.token_values)))
    assert state.key_supply + sum(state.keys) == cfg.setup.keys
    assert state.treasury + sum(state.pearls) == cfg.setup.pearls
    assert min(state.pearls) >= 0 and state.treasury >= 0


__all__ += ["LOC", "set_locations", "set_open_locations", "stack_locations", "set_tokens", "set_keys",
            "set_council", "hand_kinds", "card_kinds", "lord_ids", "check_conserved"]
