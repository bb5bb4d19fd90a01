"""What each seat may see ([AY-H-*]) and a re-deal of what it may not (for search).

Hidden: hands (sizes public, the Allies seen going into them [AY-D-20] and the races of those taken
in a Council stack [AY-D-21]), the Council stacks' contents (sizes public), Monster token values
(each player knows their own), the orders of the decks, the Locations drawn until they are
placed, the discard pile's order and contents. Everything is shown once the game is over.
A re-deal for search keeps every card whose place the seat saw, the log included [AY-D-22].
"""
from __future__ import annotations

from cardboard.engine import Rng

from .content import RACES
from .phases import KEEP, OVER, SMOKERS
from .words import log_lines


def card_json(cfg, card: int) -> dict:
    race = cfg.card_race[card]
    if race < 0:
        return {"monster": True}
    return {"race": RACES[race], "value": cfg.card_value[card]}


def lord_json(cfg, lord: int, disabled: bool = False) -> dict:
    """A Lord as printed; `keys` as the Towers count them [AY-D-11] (an Ambassador's own three)."""
    spec = cfg.lords[lord]
    race = cfg.req_race[lord]
    return {"id": spec.id, "name": spec.name, "guild": spec.guild, "cost": spec.cost, "races": spec.races,
            "required_race": RACES[race] if race >= 0 else "all", "influence": spec.influence,
            "keys": cfg.printed_keys[lord], "power": spec.power.text, "timing": spec.power.timing,
            "power_kind": spec.power.kind, "disabled": disabled}


def location_json(cfg, loc: int) -> dict:
    spec = cfg.locations[loc]
    if spec.special == "mirror":
        text = "the best Location of an opponent, counted on your cards"
    elif spec.special == "smokers":
        text = "0; on taking it you may swap it for any Location of the stack"
    else:
        sign = "+" if spec.per >= 0 else "-"
        text = f"{spec.base} {sign} {abs(spec.per)} x {spec.count.replace('_', ' ').replace(':', ' ')}"
    return {"id": spec.id, "name": spec.name, "formula": text}


def council_races(state, seat: int) -> list[int]:
    """[AY-D-21] per race, how many Allies of `seat`'s hand were not seen going in. Each came in a
    Council stack of its race, taken in sight, and an Ally that leaves a hand is shown, so these
    counts are public: a player who remembers knows them."""
    race = state.cfg.card_race
    seen = list(state.seen[seat])
    counts = [0] * len(RACES)
    for c in state.hands[seat]:
        if c in seen:
            seen.remove(c)
        else:
            counts[race[c]] += 1
    return counts


def view(state, seat) -> dict:
    cfg = state.cfg
    over = state.phase == OVER
    scores = state.score_breakdown()
    seats = []
    for s in range(cfg.players):
        sees = over or seat == s
        b = dict(scores[s])
        if not sees:  # [AY-H-3] token values stay face down
            b["tokens"] = None
            b["total"] = None
            b["visible_total"] = scores[s]["locations"] + scores[s]["lords"] + scores[s]["allies"]
        entry = {
            "seat": s,
            "pearls": state.pearls[s],
            "hand_size": len(state.hands[s]),
            "hand_seen": [card_json(cfg, c) for c in state.seen[s]],  # [AY-D-20] taken in everyone's sight
            "hand_from_council": [{"race": RACES[r], "count": k}            # [AY-D-21] races known, values not
                                  for r, k in enumerate(council_races(state, s)) if k],
            "affiliated": [card_json(cfg, c) for c in state.affiliated[s]],
            "lords": [lord_json(cfg, x, x in state.disabled) for x in state.free[s]],
            "locations": [{"location": location_json(cfg, loc), "lords": [lord_json(cfg, x) for x in under]}
                          for loc, under in state.locations[s]],
            "key_tokens": state.keys[s],
            "keys": state.key_count(s),
            "monster_tokens": len(state.tokens[s]),
            "lords_recruited": len(state.lords_owned(s)),
            "hand_limit": state.hand_limit(s),
            "score": b,
        }
        if sees:
            entry["token_values"] = sorted(cfg.token_values[t] for t in state.tokens[s])
        if seat == s:  # [AY-H-1] your own hand only
            entry["hand"] = [card_json(cfg, c) for c in state.hands[s]]
        seats.append(entry)
    deciding = seat is not None and seat == state.current_player
    doc = {
        "game": "abyss", "viewer": seat, "players": cfg.players, "phase": state.phase,
        "current_player": state.current_player, "turn_player": None if over else state.player,
        "turn": state.turn_no, "action_taken": state.acted, "threat": state.threat, "threat_spaces": len(cfg.threat),
        "price": state.price(), "bought_this_turn": state.bought,
        "buyers": [s for s in range(cfg.players) if state.buyers >> s & 1],
        "track": [card_json(cfg, c) for c in state.track], "track_size": cfg.setup.track_size,
        "deck_size": len(state.deck), "discard_size": len(state.discard),
        "council": [{"race": RACES[r], "size": len(st)} for r, st in enumerate(state.council)],  # [AY-H-2]
        "court": [lord_json(cfg, x) for x in state.court], "court_size": cfg.setup.court_size,
        "lord_deck_size": len(state.lord_deck),
        "lord_discard": [lord_json(cfg, x) for x in state.lord_discard],
        "locations_open": [location_json(cfg, x) for x in state.loc_open],
        "location_deck_size": len(state.loc_deck),
        "drawn": ([location_json(cfg, x) for x in state.drawn] if deciding and state.phase == KEEP
                  else len(state.drawn)),
        "treasury": state.treasury, "key_supply": state.key_supply,
        "token_pool": len(state.token_pool),
        "reward_space": state.reward_space or None,
        "extra_turn": state.extra,
        "last_round": None if state.final is None else {"reason": state.ending, "still_to_play": list(state.final)},
        "seats": seats,
        "log": log_lines(state),
    }
    if deciding and state.phase == SMOKERS:  # [AY-L-6] the searcher sees the stack
        doc["location_deck"] = [location_json(cfg, x) for x in sorted(state.loc_deck)]
    if over:
        doc["winners"] = state.winners()
        doc["ended_by"] = state.ending
    return doc


def dump(state) -> dict:
    """Everything, hidden parts included: for save files and exact comparisons."""
    doc = view(state, None)
    doc["hidden"] = {
        "hands": [list(h) for h in state.hands], "deck": list(state.deck), "discard": list(state.discard),
        "council": [list(st) for st in state.council], "tokens": [list(t) for t in state.tokens],
        "token_pool": list(state.token_pool), "lord_deck": list(state.lord_deck),
        "loc_deck": list(state.loc_deck), "drawn": list(state.drawn), "loc_out": list(state.loc_out),
        "rng": state.rng.state, "decider": state.decider, "todo": [list(t) for t in state.todo],
        "offer": list(state.offer), "control": state.control and [list(state.control[0]), state.control[1]],
        "acted": state.acted, "used": sorted(state.used), "to_discard": state.to_discard,
        "target": state.target, "player": state.player,
    }
    return doc


def determinize(state, seat: int, seed: int):
    """A copy where everything `seat` cannot see is re-dealt at random, consistently with all it
    has seen ([AY-H-4], [AY-D-22]). An Exploration card whose place the table knows stays there: the
    Allies seen going into a hand and not seen leaving it [AY-D-20], every card seen going into the
    discard pile (payments, discards, sales, Monsters) and, after a reshuffle, into the deck. The
    others are unknown, but the race of each is known [AY-D-21, AY-D-22]: a Council stack's by its
    space, a hand's from the stacks it took, an Oracle's discarded stack by its space, and the
    deck's by elimination (every card is counted once). So the re-deal permutes the unknown cards
    of each race among the places of that race; the deck's order is shuffled. The result depends
    only on `seat`'s information and the seed."""
    cfg = state.cfg
    race = cfg.card_race
    blind = state.blind
    new = state.clone()
    rng = Rng(seed)
    # One pool: the unknown cards (marked in `unknown`) and the known cards of the deck (only
    # their order is unknown). Shuffled once; each place of a known race takes the first cards
    # of its race in the pool, the deck takes what is left, in the pool's order.
    pool = []
    unknown = 0
    for st in state.council:
        pool += st
    hand_known = {}
    for s, hand in enumerate(state.hands):
        if s != seat and hand:
            seen = state.seen[s]
            if seen:
                seen = list(seen)
                for c in hand:
                    if c in seen:
                        seen.remove(c)
                    else:
                        pool.append(c)
            else:
                pool += hand
            hand_known[s] = state.seen[s]
    pile_known = []
    pile_counts = None
    for c in state.discard:
        if blind >> c & 1:  # an Oracle's stack: its race only is known
            pool.append(c)
            if pile_counts is None:
                pile_counts = [0] * len(RACES)
            pile_counts[race[c]] += 1
        else:
            pile_known.append(c)
    for c in pool:
        unknown |= 1 << c
    for c in state.deck:
        if blind >> c & 1:  # never seen, or an Oracle's card reshuffled: only its race is known
            unknown |= 1 << c
    pool += state.deck
    pool.sort()
    rng.shuffle(pool)
    of_race = [[] for _ in RACES]
    for c in pool:
        if unknown >> c & 1 and race[c] >= 0:
            of_race[race[c]].append(c)
    dealt = 0

    def deal(r: int, k: int) -> list[int]:
        nonlocal dealt
        cards, of_race[r] = of_race[r][:k], of_race[r][k:]
        for c in cards:
            dealt |= 1 << c
        return cards

    new.council = tuple(tuple(deal(r, len(st))) for r, st in enumerate(state.council))
    if hand_known:
        hands = list(state.hands)
        for s, known in hand_known.items():
            counts = council_races(state, s)
            hands[s] = tuple(sorted(known + tuple(c for r, k in enumerate(counts) if k for c in deal(r, k))))
        new.hands = tuple(hands)
    if pile_counts is not None:
        for r, k in enumerate(pile_counts):
            if k:
                pile_known += deal(r, k)
    pile_known.sort()
    new.discard = tuple(pile_known)  # its order is never read: a reshuffle sorts it first
    new.deck = tuple(c for c in pool if not dealt >> c & 1)
    new.blind = blind | unknown  # the cards dealt are unknown where they land
    # Monster tokens: every one but the seat's own is face down.
    hidden = sorted(list(state.token_pool) + [t for s, ts in enumerate(state.tokens) if s != seat for t in ts])
    rng.shuffle(hidden)
    tokens = list(state.tokens)
    for s, ts in enumerate(tokens):
        if s != seat:
            tokens[s], hidden = tuple(hidden[:len(ts)]), hidden[len(ts):]
    new.tokens = tuple(tokens)
    new.token_pool = tuple(hidden)
    lords = sorted(state.lord_deck)
    rng.shuffle(lords)
    new.lord_deck = tuple(lords)
    sees_drawn = state.phase == KEEP and state.decider == seat
    # The stack's contents follow from what is in sight; only its order is unknown.
    locs = sorted(list(state.loc_deck) + ([] if sees_drawn else list(state.drawn)))
    rng.shuffle(locs)
    if not sees_drawn and state.drawn:
        new.drawn, locs = tuple(locs[:len(state.drawn)]), locs[len(state.drawn):]
    new.loc_deck = tuple(locs)
    new.rng = Rng(rng.next64())
    new._legal = None
    return new
