"""Aberration's invariants, for the fuzzer and tests (never in the hot path): every card, chip
and token of the content in its places, no negative supplies, tracks within their bounds
(`AberrationState._invariants`). Each problem is one line naming the invariant and its numbers."""
from __future__ import annotations

from collections import Counter

from cardboard.engine.invariants import each_in_one_place

from .game import COLOURS


def invariants(s) -> list[str]:
    cfg = s.cfg
    c = cfg.content
    comp = c.components
    rules = cfg.rules
    board = c.ability_board
    sc = cfg.scenario
    out: list[str] = []
    heroes = s.heroes
    # cards: Items [AR-S-18], Aberration cards [AR-S-10], shadow tokens [AR-S-7, AR-S-8]
    places = {"deck": s.item_deck, "discard": s.item_discard}
    for seat, h in enumerate(heroes):
        places[f"seat {seat}'s hand"] = h.items
        places[f"seat {seat}'s attuned"] = h.attuned
    out += each_in_one_place("Items", len(cfg.items), places)
    places = {"deck": s.ab_deck}
    places.update({f"seat {seat}": h.cards for seat, h in enumerate(heroes)})
    out += each_in_one_place("Aberration cards", len(cfg.aberrations), places)
    places = {"stacks": s.stack, "revealed": s.shadow_discard, "map": [t for _, _, t in s.shadows]}
    out += each_in_one_place("shadow tokens", len(cfg.shadow_pool), places)
    # chips [AR-PS-3, AR-A-6, AR-H-3]: each hero's colours are its levels' chips and its starting
    # ones; H and X chips are the hero's or in the supply
    h_total, x_total = s.h_supply, s.x_supply
    for seat, h in enumerate(heroes):
        # a chip Altered for one action ("B>R", [AR-IT-15]) is still its own chip (the first letter)
        chips = Counter(c[0] for c in h.bag + h.hand + h.discard + ((h.held,) if h.held else ()))
        start = Counter(cfg.heroes[h.hero].start_chips)
        for k, colour in enumerate(COLOURS):
            want = h.stats[k] * board.chips_per_level + start[colour]
            if chips[colour] != want:
                out.append(f"seat {seat}'s {colour} chips: {chips[colour]} counted, {want} for level {h.stats[k]}")
        odd = set(chips) - set(COLOURS) - {"H", "X"}
        if odd:
            out.append(f"seat {seat} holds unknown chips {sorted(odd)}")
        if h.held not in ("", *COLOURS, "H", "X"):   # one chip, as drawn [AR-H-7]
            out.append(f"seat {seat}'s Held Action holds {h.held!r}, not one chip")
        h_total += chips["H"]
        x_total += chips["X"]
    if s.h_supply < 0 or s.x_supply < 0:
        out.append(f"chip supply negative: H {s.h_supply}, X {s.x_supply}")
    # the supplies are "8 / 20" besides the heroes' starting chips (each hero's 1 H, Mara's X:
    # design §1 and §2.2, the code's reading: `h_supply`, `x_supply` start at the full supply)
    h_game = comp.hero_chips + sum(cfg.heroes[h.hero].start_chips.count("H") for h in heroes)
    if h_total != h_game:
        out.append(f"H chips: {h_total} counted, {h_game} in the game")
    x_game = comp.aberration_chips + sum(cfg.heroes[h.hero].start_chips.count("X") for h in heroes)
    if x_total != x_game:
        out.append(f"Aberration chips: {x_total} counted, {x_game} in the game")
    # each hero's numbers [AR-A-6, AR-CB-5, AR-W-11]
    for seat, h in enumerate(heroes):
        who = f"seat {seat}"
        if any(not 1 <= v <= board.max_level for v in h.stats):
            out.append(f"{who}'s levels {list(h.stats)}: outside 1..{board.max_level}")
        if h.xp < 0:
            out.append(f"{who}'s Experience is negative: {h.xp}")
        if not 0 <= h.plague <= rules.plague_cap:
            out.append(f"{who}'s Plague: {h.plague}, outside 0..{rules.plague_cap}")
        top = s.track_top(seat)
        if not 0 <= h.track < max(top, 1):
            out.append(f"{who}'s Aberration track at {h.track}, outside 0..{top - 1}")
        if len(h.cards) >= rules.aberration_cards_lose and s.result != "loss":
            out.append(f"{who} holds {len(h.cards)} Aberration cards and the game goes on")
        if h.traps < 0:
            out.append(f"{who}'s traps in hand: {h.traps}")
        if not 0 <= h.space < len(cfg.names):
            out.append(f"{who} stands on space {h.space}, not on the map")
    # villagers [AR-S-21]: on the map, in the pool, on spots; those killed leave the game
    if s.villagers[0] or any(v < 0 for v in s.villagers) or s.pool < 0:
        out.append(f"villagers negative or on the Village Center's map space: pool {s.pool}, "
                   f"map {[v for v in s.villagers if v < 0][:3]}, space 0 {s.villagers[0]}")
    villagers = sum(s.villagers) + s.pool + len(s.manned)
    if villagers > comp.villagers:
        out.append(f"villagers: {villagers} counted, {comp.villagers} in the game")
    # tokens on the map within the box
    frozen = sum(1 for m in s.monsters if m[4])
    if frozen > comp.freeze_tokens:
        out.append(f"freeze tokens: {frozen} on monsters, {comp.freeze_tokens} in the game")
    if len(s.influence) > comp.influence_tokens:
        out.append(f"Influence: {len(s.influence)} on the map, {comp.influence_tokens} in the game")
    if any(not 0 <= p <= rules.parasite_cap for p in s.parasite):
        out.append(f"Thornlamm tokens {list(s.parasite)}: outside 0..{rules.parasite_cap}")
    if any(m[3] < 0 for m in s.monsters):
        out.append("a monster has negative damage")
    levels = c.slots.levels
    if any(not 1 <= v <= levels for v in s.levels):
        out.append(f"enemy levels {list(s.levels)}: outside 1..{levels}")
    if any(v not in (0, 1, 2) for v in s.vp_state):
        out.append(f"Vantage Points {list(s.vp_state)}: a state other than standing, secured, corrupted")
    # the tracks [AR-W-3, AR-W-6]
    if not 0 <= s.fear <= sc.fear_track:
        out.append(f"Fear at {s.fear}, outside 0..{sc.fear_track}")
    survival = sc.survival_track
    if not 0 <= s.survival <= survival:
        out.append(f"Survival at {s.survival}, outside 0..{survival}")
    return out
