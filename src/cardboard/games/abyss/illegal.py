"""Why a move is illegal, naming the rule (messages only; the rules live in rules.py and friends)."""
from __future__ import annotations

from .content import RACES
from .words import count

PHASE_TASK = {
    "turn": "plot at Court, take an action or use a Lord's power [AY-T-2]",
    "offer": "buy the revealed Ally or decline it [AY-X-2]",
    "ally": "take the Ally or keep exploring [AY-X-5]",
    "monster": "fight the Monster or keep exploring [AY-X-8]",
    "reward": "choose the Threat reward [AY-X-13]",
    "keys": "choose the keys that control a Location [AY-L-5]",
    "where": "take a face-up Location or draw 1 to 4 [AY-L-2]",
    "keep": "keep one of the Locations drawn [AY-L-3]",
    "smokers": "keep Black Smokers or swap it [AY-L-6]",
    "discard": "discard an Ally [AY-P-2] [AY-P-5]",
    "assassinate": "choose the Lord the Assassin strikes [AY-P-4]",
    "hunt": "choose whom the Hunter robs [AY-P-7]",
    "take_stack": "choose the Council stack the Apprentice takes [AY-P-16]",
    "illusion": "swap a Location or skip [AY-P-19]",
    "corrupt": "recruit a second Lord or skip [AY-P-22]",
    "betray": "discard a Lord for a Court Lord or skip [AY-P-23]",
    "scheme": "discard a Lord for the deck's top or skip [AY-P-26]",
}
PHASE_KINDS = {
    "turn": {"plot", "explore", "request", "recruit", "sell", "oracle", "opportunist", "end_turn", "pass"},
    "offer": {"buy", "decline"}, "ally": {"take", "explore_on"}, "monster": {"fight", "explore_on"},
    "reward": {"reward"}, "keys": {"use_keys"}, "where": {"location", "draw"}, "keep": {"keep"},
    "smokers": {"keep_smokers", "smokers_swap"}, "discard": {"discard"}, "assassinate": {"assassinate"},
    "hunt": {"hunt"}, "take_stack": {"take_stack"}, "illusion": {"swap_location", "skip"},
    "corrupt": {"corrupt", "skip"}, "betray": {"betray", "skip"}, "scheme": {"scheme", "skip"},
}
MAIN = {"plot", "explore", "request", "recruit", "pass"}


def _lord(state, lid):
    return state.cfg.lord_index.get(lid) if isinstance(lid, str) else None


def explain_illegal(state, kind, args: dict) -> str | None:
    phase = state.phase
    if kind not in PHASE_KINDS.get(phase, ()):
        return f"now seat {state.decider} must {PHASE_TASK.get(phase, phase)}"
    cfg = state.cfg
    me = state.player
    if kind in MAIN and state.acted:
        return "you have already taken your action this turn [AY-T-2]"
    if kind == "plot":
        if state.pearls[me] < 1:
            return "plotting costs 1 pearl [AY-T-1]"
        return "the Court is full or the Lord deck is empty: no plotting [AY-T-1]"
    if kind == "explore":
        return "the Exploration deck and its discard pile are both empty [AY-D-4]"
    if kind == "request":
        return "take one non-empty Council stack (two with the Alchemist) [AY-Q-1] [AY-P-18]"
    if kind == "pass":
        return "an action is possible, so you must take one [AY-D-2]"
    if kind == "end_turn":
        return "take your action before ending the turn [AY-T-2]"
    if kind == "recruit":
        lord = _lord(state, args.get("lord"))
        if lord is None or lord not in state.court:
            return f"{args.get('lord')!r} is not a Lord at Court [AY-R-1]"
        need = cfg.n_races[lord]
        pay = args.get("pay")
        try:
            races = {RACES.index(r) for r, _ in pay}
            total = sum(v for _, v in pay)
        except (TypeError, ValueError):
            return "pay with a list of [race, value] Allies from your hand [AY-R-4]"
        if len(races) != need:
            chose = f"you chose {count(len(races), 'race')}" if races else "you chose no Allies"
            return f"{cfg.lords[lord].name} needs Allies of exactly {count(need, 'race')}; {chose} [AY-R-2]"
        req = cfg.req_race[lord]
        if req >= 0 and req not in races and not state._active(me, "any_races"):
            return f"{cfg.lords[lord].name} needs at least one {RACES[req]} Ally [AY-R-3]"
        cost = state.cost_for(me, lord)
        if total + state.pearls[me] < cost:
            return f"Allies worth {total} and {count(state.pearls[me], 'pearl')} cannot pay {cost} [AY-R-5]"
        return ("the Allies must be in your hand, pearls only cover missing points, no spare Ally may be "
                "added and the lowest Ally is affiliated [AY-R-4] [AY-R-5] [AY-R-7] [AY-D-3]")
    if kind in ("sell", "oracle", "opportunist"):
        return "that Lord's power is not yours to use now, or was used this turn [AY-P-0] [AY-D-7]"
    if kind == "use_keys":
        return "use exactly enough keys: 3, from your tokens and free Lords, no Lord to spare [AY-L-5]"
    if kind in ("location", "draw", "keep", "smokers_swap"):
        return "name a face-up Location, draw 1 to 4 from the stack, or keep one drawn [AY-L-2] [AY-L-3]"
    if kind == "discard":
        return "discard an Ally you hold [AY-P-2]"
    if kind == "reward":
        return "choose one of the options of the Threat space [AY-X-13]"
    if kind == "hunt":
        return "steal from an opponent who has Monster tokens and no Shaman shield [AY-P-7] [AY-P-14]"
    if kind == "assassinate":
        return "strike a free, not yet assassinated Lord of the opponent being targeted [AY-P-4]"
    if kind == "take_stack":
        return "take a Council stack that has cards [AY-P-16]"
    if kind in ("swap_location", "betray", "scheme", "corrupt"):
        return f"that swap is not among the choices the power offers now: {PHASE_TASK[phase]}"
    return f"the arguments match no legal move: {PHASE_TASK.get(phase, phase)}"
