"""Why a move is illegal, naming the rule (messages only; the rules live in rules.py)."""
from __future__ import annotations

from . import slab as S

PHASE_TASK = {
    "choose": "choose what Go Mad! does [HA-R-8]",
    "draw": "draw a tile [HA-R-2]",
    "dig": "choose a buffet pile to dig through [HA-R-3]",
    "dig_take": "take two tiles from the pile being dug [HA-R-3]",
    "dig_top": "choose the next tile that goes back on the pile, from the top down [HA-D-10]",
    "steal": "steal a tile [HA-R-7]",
    "play": "play a tile [HA-P-1]",
    "discard": "discard down to the hand size [HA-DC-1]",
    "bolt": "place the bolts received [HA-B-1]",
}
PHASE_KINDS = {"choose": {"choose"}, "draw": {"draw"}, "dig": {"dig"}, "dig_take": {"dig_take"},
               "dig_top": {"dig_top"}, "steal": {"steal"}, "play": {"play", "forfeit"},
               "discard": {"discard"}, "bolt": {"bolt"}}


def _cell(at):
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(type(x) is int for x in at):
        return tuple(at)
    return None


def _in_hand(state, tid) -> bool:
    index = state.cfg.index
    return isinstance(tid, str) and tid in index and index[tid] in state.hands[state.player]


def explain_illegal(state, kind, args: dict) -> str | None:
    phase = state.phase
    if kind not in PHASE_KINDS.get(phase, ()):
        return f"now seat {state.decider} must {PHASE_TASK.get(phase, phase)}"
    cfg = state.cfg
    me = state.player
    if kind == "choose":
        if args.get("action") == "steal":
            return "there is no tile anyone may steal, so Go Mad! cannot choose Steal [HA-D-18]"
        return "Go Mad! chooses one of draw, dig, award or steal [HA-R-8]"
    if kind == "draw":
        src = args.get("source")
        if src == "deck":
            return "the deck is empty: a blind draw is impossible [HA-D-12]"
        return f"draw from a buffet pile that has tiles (1 to {len(state.buffet)}) or from the deck [HA-R-2]"
    if kind == "dig":
        return "dig through a buffet pile that has tiles [HA-R-3]"
    if kind == "dig_take":
        return f"take {cfg.dig_takes} different tiles of the pile being dug [HA-R-3]"
    if kind == "dig_top":
        return "the tile put back next must be one of the dug tiles not yet put back [HA-D-10]"
    if kind == "discard":
        tid = args.get("tile")
        if not _in_hand(state, tid):
            return f"{tid!r} is not in your hand [HA-DC-1]"
        return f"discard onto one of the {len(state.buffet)} buffet piles [HA-DC-1]"
    if kind == "bolt":
        return "a bolt goes on a seam where two tiles meet loose end to loose end, securing an unbolted body part [HA-B-2] [HA-B-3]"
    if kind == "forfeit":
        return "a tile can still be played, so the play cannot be forfeited [HA-P-4]"
    if kind == "steal":
        seat, cell = args.get("seat"), _cell(args.get("at"))
        if seat == me:
            return "you may not steal your own tiles [HA-R-7]"
        if type(seat) is not int or not 0 <= seat < cfg.players or cell not in state.slabs[seat]:
            spot = S.where(cell) if cell else repr(args.get("at"))
            return f"there is no tile of seat {seat!r} {spot} to steal [HA-R-7]"
        t = state.slabs[seat][cell][0]
        if cfg.torso[t]:
            return "torsos cannot be stolen [HA-R-7]"
        if cell in state._bolted(seat):
            return "a bolted tile cannot be stolen [HA-R-7]"
        if S.loose_after_removal(state.slabs[seat], cell) == 0:
            return "taking it would leave that abomination complete [HA-D-11]"
        return None
    if kind == "play":
        tid, seat, cell, rot = args.get("tile"), args.get("seat"), _cell(args.get("at")), args.get("rotation")
        if not _in_hand(state, tid):
            return f"{tid!r} is not in your hand [HA-P-1]"
        if type(seat) is not int or not 0 <= seat < cfg.players or cell is None or type(rot) is not int or rot not in (0, 1, 2, 3):
            return "a play names a seat, a cell (row, col) and a rotation 0-3 [HA-P-1]"
        if seat != me and cfg.variant == "ages_4_5":
            return "in the game for ages 4-5 you play only on your own abomination [HA-V-2]"
        slab = state.slabs[seat]
        mask = cfg.masks[cfg.index[tid]][rot]
        cells = S.open_cells(slab)
        if cell not in cells or not S.fits(mask, cells[cell]):
            return "every loose end must be matched: the tile must face a loose end and agree with each neighbour [HA-P-2]"
        return ("that play would complete an abomination while the Awards revealed are not more "
                "than the players [HA-P-3]")
    return None
