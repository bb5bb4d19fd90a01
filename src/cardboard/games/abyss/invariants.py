"""Abyss's invariants, for the fuzzer and tests (never in the hot path): every component of the
content in exactly one place, no negative pearls or keys, tracks within their bounds
(`AbyssState._invariants`). Each problem is one line naming the invariant and its numbers."""
from __future__ import annotations

from collections import Counter


def _places(out: list, what: str, total: int, places: dict) -> None:
    """Each of `total` components (0..total-1) in exactly one of `places` (name -> items)."""
    counted = Counter()
    where: dict = {}
    for name, items in places.items():
        for x in items:
            counted[x] += 1
            where.setdefault(x, []).append(name)
    n = sum(counted.values())
    if n != total:
        out.append(f"{what}: {n} counted, {total} in the game")
    twice = sorted(x for x, k in counted.items() if k > 1)
    if twice:
        out.append(f"{what}: {len(twice)} in two places (#{twice[0]} in {', '.join(where[twice[0]])})")
    strange = sorted(x for x in counted if not (isinstance(x, int) and 0 <= x < total))
    if strange:
        out.append(f"{what}: {strange[:3]} are not components of the game")


def invariants(s) -> list[str]:
    cfg = s.cfg
    setup = cfg.setup
    n = cfg.players
    out: list[str] = []
    seats = range(n)
    # Allies and Monsters: the deck, the discard, the track, the Council, hands, affiliated [AY-S-2]
    places = {"deck": s.deck, "discard": s.discard, "track": s.track}
    places.update({f"council {r}": st for r, st in enumerate(s.council)})
    places.update({f"seat {p}'s hand": s.hands[p] for p in seats})
    places.update({f"seat {p}'s affiliated": s.affiliated[p] for p in seats})
    _places(out, "Exploration cards (Allies and Monsters)", cfg.n_cards, places)
    for r, st in enumerate(s.council):
        if any(cfg.card_race[c] != r for c in st):
            out.append(f"council stack {r} holds Allies of another race")
    if any(cfg.card_race[c] < 0 for p in seats for c in s.hands[p] + s.affiliated[p]):
        out.append("a Monster is in a hand or affiliated")
    for p in seats:   # the seen Allies of a hand are cards of that hand [AY-D-20]
        missing = Counter(s.seen[p]) - Counter(s.hands[p])
        if missing:
            out.append(f"seat {p}: {sum(missing.values())} seen Allies not in the hand")
    # Lords: the Court, the deck, the discard, each seat's free Lords and those under its Locations [AY-S-1]
    places = {"court": s.court, "lord deck": s.lord_deck, "lord discard": s.lord_discard}
    places.update({f"seat {p}'s free Lords": s.free[p] for p in seats})
    places.update({f"seat {p}'s Locations": [lord for _, lords in s.locations[p] for lord in lords] for p in seats})
    _places(out, "Lords", len(cfg.lords), places)
    if len(s.court) > setup.court_size:
        out.append(f"court: {len(s.court)} Lords, {setup.court_size} spaces")
    if not s.disabled <= {lord for p in seats for lord in s.free[p]}:
        out.append(f"assassinated Lords {sorted(s.disabled)} are not all free Lords")
    # Locations: the stack, face up, drawn, out of the game, controlled [AY-S-3]
    places = {"location deck": s.loc_deck, "open": s.loc_open, "drawn": s.drawn, "out": s.loc_out}
    places.update({f"seat {p}'s Locations": [loc for loc, _ in s.locations[p]] for p in seats})
    _places(out, "Locations", len(cfg.locations), places)
    # Monster tokens: the face-down pool or a seat [AY-S-4]
    places = {"token pool": s.token_pool}
    places.update({f"seat {p}'s tokens": s.tokens[p] for p in seats})
    _places(out, "Monster tokens", len(cfg.token_values), places)
    # pearls [AY-S-5, AY-D-1] and keys [AY-D-6]: conserved, never negative
    if s.treasury < 0 or any(v < 0 for v in s.pearls):
        out.append(f"pearls negative: treasury {s.treasury}, seats {list(s.pearls)}")
    held = s.treasury + sum(s.pearls)
    if held != setup.pearls:
        out.append(f"pearls: {held} counted (treasury {s.treasury} + seats {list(s.pearls)}), {setup.pearls} in the game")
    if s.key_supply < 0 or any(v < 0 for v in s.keys):
        out.append(f"keys negative: pile {s.key_supply}, seats {list(s.keys)}")
    keys = s.key_supply + sum(s.keys)
    if keys != setup.keys:
        out.append(f"keys: {keys} counted (pile {s.key_supply} + seats {list(s.keys)}), {setup.keys} in the game")
    # the end [AY-E-1, AY-E-3]: a seventh Lord triggers it; at the end every hand is affiliated or discarded
    for p in seats:
        owned = len(s.lords_owned(p))
        if owned >= setup.lords_to_end and s.final is None:
            out.append(f"seat {p} owns {owned} Lords ({setup.lords_to_end} end the game) and the end is not triggered")
    if s.phase == "over" and any(s.hands):
        out.append(f"the game is over with {sum(map(len, s.hands))} Allies still in hand")
    # the tracks
    if not 1 <= s.threat <= len(cfg.threat):
        out.append(f"Threat at {s.threat}, outside 1..{len(cfg.threat)}")
    if len(s.track) > setup.track_size:
        out.append(f"Exploration track: {len(s.track)} cards, {setup.track_size} spaces")
    costs = setup.purchase_costs
    if not 0 <= s.bought <= len(costs):
        out.append(f"Allies bought this turn: {s.bought}, outside 0..{len(costs)}")
    return out
