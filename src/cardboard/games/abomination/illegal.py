"""Why a move is illegal, naming the rule (messages only; the rules live in the phase modules)."""
from __future__ import annotations

from .words import ROMAN

# What each decision asks for, with the rule behind it.
ASKED = {
    "turn": ("place a meeple, pay off police or play a city-turn card [AM-Y-1]",
             {"place", "pass", "pay_police", "play"}),
    "replace": ("place the bumped meeple again or leave it on the track [AM-X-1]", {"place", "stay"}),
    "block": ("answer the placement with a humanity card or let it be [AM-K-5]", {"block", "let_be"}),
    "vigil": ("hear the encounter or cancel it with a humanity card [AM-K-6]", {"hear", "cancel"}),
    "target": ("choose the target of the card [AM-E-6]", {"target"}),
    "entry": ("choose one of the story entry's choices [AM-E-9]", {"choose"}),
    "may_pay": ("pay the francs or decline [AM-Y-5]", {"pay", "decline"}),
    "cadavers": ("resolve a drawn cadaver or stop [AM-K-2]", {"resolve", "done"}),
    "take_cadaver": ("take a face-up cadaver and resolve it [AM-K-2]", {"take"}),
    "card": ("take a card from the row or the deck, or decline [AM-K-3]", {"draw_card", "decline"}),
    "hire": ("hire a face-up scoundrel or decline [AM-K-7]", {"hire", "decline"}),
    "market": ("buy at the Market or stop [AM-K-7]", {"buy", "done_buying"}),
    "sell_bone": ("say how much bone to sell [AM-K-7]", {"sell_bone"}),
    "restore": ("choose a cube to make fresher, or stop [AM-K-4]", {"restore", "done"}),
    "skip": ("choose a cube to keep fresh, or stop [AM-D-12]", {"keep_fresh", "done"}),
    "marker": ("choose the part that takes the marker [AM-L-6]", {"mark"}),
    "build": ("build a part, play a lab card, or finish building [AM-L-3]", {"build", "play", "done"}),
    "switch": ("throw the switch with 1-3 charged jars, or not [AM-L-5]", {"throw", "no_switch"}),
    "dice": ("accept the roll or mitigate it [AM-L-5]", {"accept", "research_dice", "reroll"}),
    "preserve": ("preserve a muscle or organ cube, or finish [AM-L-8]", {"preserve", "done"}),
    "overflow": ("discard a cube from a decomposition space holding more than 15 [AM-G-1]", {"discard_cube"}),
    "reset_cards": ("play a reset card or go on [AM-K-4]", {"play", "done"}),
}


def explain_illegal(state, kind: str, args: dict) -> str | None:
    ask = state.ask
    task, kinds = ASKED.get(ask[0], (ask[0], set()))
    if kind not in kinds:
        return f"now seat {ask[1]} must {task}"
    seat = ask[1]
    if kind == "place":
        return _why_not_place(state, seat, args)
    if kind == "build":
        return _why_not_build(state, seat, args)
    if kind == "throw":
        return ("throw the switch with 1 to 3 of your charged jars, once a lab phase, with a completed "
                "(skin-side) part [AM-L-5]")
    if kind == "mark":
        if ask[2] == "damage":
            return "no second damage on a part while another part has none [AM-L-6]"
        return "that part cannot take this marker [AM-L-7]"
    if kind in ("play", "research_dice", "block", "cancel"):
        family = args.get("family") or ("research" if kind == "research_dice" else "humanity")
        card, hand = args.get("card"), state.hand(seat, family) if family in ("research", "humanity") else ()
        if card in hand:
            first = state._distinct(family, hand)
            specs = getattr(state.cfg, family)
            same = [c for c in first if specs[c].id == specs[card].id]
            if same and same[0] != card:
                return f"two copies of a card are one choice: it is offered as card {same[0]} [AM-D-6]"
        return "you hold no such card, or it is not its window [AM-K-4]"
    if kind == "draw_card":
        return "take a face-up card or the deck's top; with 3 in hand, discard one of yours first [AM-K-3]"
    if kind in ("resolve", "take"):
        return "choose a cadaver shown to you whose cost you can pay, for its option or its materials [AM-K-2]"
    if kind in ("preserve", "restore", "keep_fresh"):
        return _why_not_cube(state, seat, kind, args)
    if kind == "hire":
        return _why_not_hire(state, seat, args)
    if kind == "buy":
        return _why_not_buy(state, seat, args)
    if kind == "discard_cube":
        return (f"a cube is discarded from stage {ROMAN[ask[2]]}, the space past "
                f"{state.cfg.content.lab.stage_limit}, of a material on it [AM-G-1]")
    if kind == "pass":
        return "you can place a meeple, so you must [AM-Y-2]"
    return f"that is not one of the moves now: {task}"


def _why_not_place(state, seat: int, args: dict) -> str:
    cfg = state.cfg
    p = state.players[seat]
    meeple = args.get("meeple")
    if meeple not in ("scientist", "assistant"):
        return "the meeple is 'scientist' or 'assistant' [AM-Y-1]"
    again = state.ask[0] == "replace"   # Prisha places the meeple just bumped, not one from her card
    if again and (meeple == "scientist") != state.ask[2]:
        return f"the meeple bumped is {'a scientist' if state.ask[2] else 'an assistant'}: place that one [AM-X-1]"
    if not again and ((meeple == "scientist" and not p.free_sci) or (meeple == "assistant" and not p.free_asst)):
        return f"you have no {meeple} left on your character card [AM-Y-2]"
    space = args.get("space")
    if not isinstance(space, str):
        return f"a space is named by its id, not {space!r} [AM-Y-5]"
    if space in ("study", "generator"):
        return "your lab's space already holds a meeple [AM-Y-5]"
    if space not in cfg.space_index:
        return f"there is no space '{space}' [AM-Y-5]"
    i = cfg.space_index[space]
    loc = cfg.space_loc[i]
    if cfg.loc_index[loc] in state.closed:
        return "a police marker closes that location this round [AM-K-7]"
    if meeple == "assistant" and state.scientists_only(i):
        return "only a scientist may be placed there [AM-Y-3]"
    for c in cfg.spaces[i].requires:
        if not state.holds(seat, c, loc):
            return f"that space needs {c.kind.replace('_', ' ')} {c.amount if c.amount is not None else ''}".rstrip() \
                + " [AM-Y-3]"
    cost = state.space_cost(i)
    if p.francs < cost:
        return f"that space costs {cost} francs and you have {p.francs} [AM-Y-3]"
    occ = state.spaces[i]
    if len(occ) < cfg.slots[i]:
        return "that space is free: place there without bumping [AM-Y-4]"
    bump = args.get("bump")
    bump_cost = state.bump_cost(again)
    if bump_cost is None:   # the same test as the legal moves; the message tells the two causes apart
        if any(r.kind == "no_bumping" for r in state.rules):
            return "that space is full and no meeple may be bumped this round [AM-E-2]"
        return "that space is full and the Bribe & Bump track is full: no meeple can be bumped [AM-Y-4]"
    if bump is None:
        if all(o[0] == seat for o in occ):
            return "that space is full of your own meeples, and you cannot bump your own [AM-D-2]"
        return "that space is taken: name the meeple to bump [AM-Y-4]"
    if not isinstance(bump, int) or isinstance(bump, bool) or not 0 <= bump < len(occ):
        return f"there is no meeple {bump!r} on that space to bump [AM-Y-4]"
    if occ[bump][0] == seat:
        return "you cannot bump your own meeple [AM-D-2]"
    need = cost + bump_cost
    return f"placing there and bumping costs {need} francs and you have {p.francs} [AM-Y-4]"


def _why_not_build(state, seat: int, args: dict) -> str:
    cfg = state.cfg
    p = state.players[seat]
    slot, side = args.get("slot"), args.get("side")
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(cfg.slot_part):
        return f"there is no part slot {slot!r} on the operating table [AM-L-1]"
    if side not in ("start", "complete"):
        return "a build is the 'start' (muscle) or 'complete' (skin) side [AM-L-1]"
    state_now = p.parts[slot]
    if side == "start" and state_now:
        return "that slot already holds a part [AM-L-1]"
    if side == "complete" and state_now != 1:
        return "only a built muscle part can be completed with skin [AM-L-1]"
    spec = getattr(cfg.part_spec[cfg.slot_part[slot]], side)
    if spec.expertise > p.expertise + p.lower:
        return f"that part needs Expertise {spec.expertise}; yours is {p.expertise} [AM-L-4]"
    if not any(a.kind == "build" and a["slot"] == slot and a["side"] == side for a in state.legal_actions()):
        return (f"your lab lacks the materials the {cfg.slot_part[slot]} needs, all at one stage or fresher "
                "[AM-L-2]")
    return ("your lab lacks those materials at that stage (animal stands in for blood only at stage I-II, "
            "never for bone) [AM-L-2]")


def _why_not_cube(state, seat: int, kind: str, args: dict) -> str:
    material, stage = args.get("material"), args.get("stage")
    rule = {"preserve": "AM-L-8", "restore": "AM-K-4", "keep_fresh": "AM-D-12"}[kind]
    tracked = ("muscle", "organ", "blood", "animal")
    if material not in tracked or not isinstance(stage, int) or isinstance(stage, bool) or not 1 <= stage <= 4:
        return f"a cube is named by its material ({', '.join(tracked)}) and its stage, 1 to 4 [{rule}]"
    p = state.players[seat]
    here = p.track[tracked.index(material) * 4 + stage - 1]
    if kind == "preserve":
        lab = state.cfg.content.lab
        if material not in lab.preservable:
            return f"only {' and '.join(lab.preservable)} cubes can be preserved [AM-L-8]"
        if sum(p.preserved) >= lab.preservation_limit:
            return f"your preservation space is full ({lab.preservation_limit} cubes at most) [AM-L-8]"
    if not here:
        return f"you have no {material} cube at stage {ROMAN[stage]} [{rule}]"
    if kind == "restore" and stage == 1:
        return "a cube at stage I is as fresh as it gets [AM-K-4]"
    if kind == "keep_fresh":
        return f"every {material} cube at stage {ROMAN[stage]} is already kept fresh [AM-D-12]"
    return f"that cube cannot be chosen now [{rule}]"


def _why_not_hire(state, seat: int, args: dict) -> str:
    slot = args.get("slot")
    row = state.rows[0]
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < len(row) or row[slot] < 0:
        return "no scoundrel lies face up there [AM-K-7]"
    spec = state.cfg.scoundrels[row[slot]]
    p = state.players[seat]
    if p.francs < spec.cost:
        return f"the scoundrel {spec.name} costs {spec.cost} francs and you have {p.francs} [AM-K-7]"
    return f"you do not meet what the scoundrel {spec.name} asks for [AM-K-7]"


def _why_not_buy(state, seat: int, args: dict) -> str:
    item = args.get("item")
    m = state.cfg.content.market
    prices = {"jar": m.jar_price, "ice": m.ice_price, "animal": m.animal_price}
    if item not in prices:
        return "the Market sells a Leyden jar, an ice block or animal cubes [AM-K-7]"
    p = state.players[seat]
    price = state.market_price(prices[item])
    if p.francs < price:
        return f"that costs {price} francs at the Market and you have {p.francs} [AM-K-7]"
    if item == "jar" and p.jars() >= state.cfg.content.lab.jar_slots:
        return f"your lab holds {state.cfg.content.lab.jar_slots} Leyden jars at most [AM-K-7]"
    if item == "ice" and p.ice:
        return "you already have an ice block [AM-K-7]"
    if item == "animal":
        return f"animal cubes: {m.animal_per_visit} at most a visit, or the supply is out [AM-K-7]"
    return "the supply has none left [AM-K-7]"
