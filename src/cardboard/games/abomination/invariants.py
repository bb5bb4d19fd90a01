"""Abomination's invariants, for the fuzzer and tests (never in the hot path): every card and
meeple of the content in exactly one place, the shared supplies never over-drawn, no negative
francs, dials, tracks and hands within their bounds (`AbominationState._invariants`). Each
problem is one line naming the invariant and its numbers."""
from __future__ import annotations

from collections import Counter

from cardboard.engine.invariants import each_in_one_place

_SUPPLIES = ("jars", "ice", "police", "alive", "damage")


def invariants(s) -> list[str]:
    cfg = s.cfg
    setup = cfg.setup
    content = cfg.content
    n = cfg.players
    out: list[str] = []
    ps = s.players
    seats = range(n)
    # cadavers [AM-S-1, AM-S-2, AM-K-1]: the decks, face up at their location, drawn; Leopold
    # the Vast is kept apart until revealed (and goes back to the side)
    places = {f"deck {cfg.decks[d]}": deck for d, deck in enumerate(s.decks)}
    places.update({f"display {cfg.decks[d]}": shown for d, shown in enumerate(s.display)})
    places["drawn"] = s.drawn
    counted = Counter(x for items in places.values() for x in items)
    if counted[cfg.leopold] == 0:
        places["apart"] = (cfg.leopold,)
    out += each_in_one_place("cadavers", len(cfg.cadavers), places)
    for d, deck in enumerate(s.decks):
        if any(cfg.cadaver_deck[c] != d for c in deck + s.display[d]):
            out.append(f"the {cfg.decks[d]} deck holds another deck's cadavers")
    # the three rows [AM-S-3]: face-up slots, the decks, the hands
    for r, (family, specs) in enumerate((("scoundrels", cfg.scoundrels), ("research", cfg.research),
                                         ("humanity", cfg.humanity))):
        places = {"row": [c for c in s.rows[r] if c >= 0], "deck": s.row_decks[r]}
        if r == 1:
            places.update({f"seat {p}'s hand": ps[p].research for p in seats})
        elif r == 2:
            places.update({f"seat {p}'s hand": ps[p].humanity_cards for p in seats})
        out += each_in_one_place(f"{family} cards", len(specs), places)
    # events and encounters: the deck, the card in play, held encounters (the others left the game)
    n_events = len(cfg.events)
    places = {"event deck": s.event_deck, "in play": (s.event[0],) if s.event is not None else ()}
    places.update({f"seat {p}'s held": [n_events + e for e in ps[p].held] for p in seats})
    out += each_in_one_place("event cards", n_events + len(cfg.encounters), places, exact=False)
    # the shared supplies: the box's count less what is in play, never below 0 [AM-D-13]
    for what in (*_SUPPLIES, *cfg.tokens, *cfg.cube_total):
        left = s.supply_left(what)
        if left < 0:
            out.append(f"{what} supply: {left} left (more in play than the box holds)")
    limits = setup.hand_limits
    for p, pl in enumerate(ps):
        who = f"seat {p}"
        if pl.francs < 0:
            out.append(f"{who}'s francs are negative: {pl.francs}")
        for attribute, dial in cfg.dial.items():
            v = getattr(pl, attribute)
            if not dial.min <= v <= dial.max:
                out.append(f"{who}'s {attribute} at {v}, outside {dial.min}..{dial.max}")
        # hands [AM-K-3]: a card past the limit needs a discard first
        if len(pl.research) > limits["research"]:
            out.append(f"{who} holds {len(pl.research)} research cards, the limit is {limits['research']}")
        if len(pl.humanity_cards) > limits["humanity"]:
            out.append(f"{who} holds {len(pl.humanity_cards)} humanity cards, the limit is {limits['humanity']}")
        # meeples: on the character card, on the board, on the bump track or in the lab
        for scientist, owned, free, top in ((True, pl.scientists, pl.free_sci, setup.max_scientists),
                                            (False, pl.assistants, pl.free_asst, setup.max_assistants)):
            kind = "scientists" if scientist else "assistants"
            code = 2 if scientist else 1
            placed = (sum(1 for occ in s.spaces for q, sci in occ if q == p and sci == scientist)
                      + sum(1 for q, sci in s.bump if q == p and sci == scientist)
                      + (pl.study == code) + (pl.generator == code))
            if free < 0 or free + placed != owned:
                out.append(f"{who}'s {kind}: {free} on the card + {placed} placed, {owned} owned")
            if not 0 <= owned <= top:
                out.append(f"{who}'s {kind}: {owned} owned, outside 0..{top}")
        if pl.scientists < 1:
            out.append(f"{who} has no scientist")
        # the lab
        lab = content.lab
        if any(v < 0 for v in pl.track) or pl.bone < 0 or any(v < 0 for v in pl.preserved):
            out.append(f"{who} has a negative count of material cubes")
        if sum(pl.preserved) > lab.preservation_limit:
            out.append(f"{who}'s preservation space: {sum(pl.preserved)} cubes, {lab.preservation_limit} at most")
        if pl.charged < 0 or pl.empty < 0 or pl.jars() > lab.jar_slots:
            out.append(f"{who}'s Leyden jars: {pl.charged} charged + {pl.empty} empty, {lab.jar_slots} slots")
        if pl.ice not in (0, 1, 2):
            out.append(f"{who}'s ice block at {pl.ice}, not 0, 1 or 2")
        if pl.police < 0:
            out.append(f"{who}'s police markers: {pl.police}")
        if any(v < 0 for v in pl.skip) or any(a < b for a, b in zip(pl.track, pl.skip)):
            out.append(f"{who}: more cubes skip decomposition than the stage holds")
        if any(d not in (0, 1) for d in pl.damage):
            out.append(f"{who}'s damage markers {list(pl.damage)}: 0 or 1 a slot")
    # the story and the round
    if not 1 <= s.captain <= setup.story_track:
        out.append(f"the Captain at {s.captain}, outside 1..{setup.story_track}")
    if not 1 <= s.round <= setup.rounds + 1:
        out.append(f"round {s.round}, outside 1..{setup.rounds}")
    return out
