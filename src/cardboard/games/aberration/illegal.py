"""Why a move is illegal, naming the rule (messages only; the rules live in the phase modules)."""
from __future__ import annotations

ASKED = {
    "predraw": ("spend Experience before drawing, or draw [AR-H-12, AR-H-3]", {"upgrade", "unlock", "attune", "draw"}),
    "turn": ("take an action, play an Item, spend Experience or end the turn [AR-H-2, AR-H-13]",
             {"use", "wield", "item", "exploit", "attune", "upgrade", "unlock", "secure", "redraw", "end"}),
    "support": ("play an Act or Alter Item for the current player, or pass [AR-IT-14]", {"exploit", "pass"}),
    "walk": ("step to an adjacent space or stop [AR-I-6]", {"step", "stop"}),
    "target": ("choose the attack's target [AR-K-1, AR-K-3, AR-K-4]", {"target"}),
    "place": ("choose the space [AR-K-11]", {"place"}),
    "assign": ("assign a villager to a free spot, or stop [AR-K-10]", {"assign", "stop"}),
    "pick_hero": ("choose the hero", {"pick"}),
    "pick_shadow": ("choose the shadow to reveal", {"reveal"}),
    "pick_monster": ("choose the monster [AR-K-13]", {"monster"}),
    "pick_board": ("choose the board", {"board"}),
    "keep": ("choose the Item to keep", {"keep"}),
    "shove": ("choose the monster and where it goes", {"shove"}),
    "foresee": ("put the Great Beast cards back in an order", {"arrange"}),
    "fortify": ("pay toward a Vantage Point, or stop [AR-M-8]", {"secure", "stop"}),
    "one_of": ("choose one of the options", {"choose"}),
    "reroll": ("reroll with a Lucky Item or power, or pass [AR-IT-12]", {"reroll", "pass"}),
    "smite": ("add 1 damage with a Smite Item, or pass [AR-IT-13]", {"smite", "pass"}),
    "block": ("prevent 1 damage with a Block Item, or take it [AR-IT-11]", {"block", "take"}),
    "victim": ("choose which hero the monster attacks [AR-G-6]", {"victim"}),
}


def explain_illegal(state, kind: str, args: dict) -> str | None:
    ask = state.ask
    if ask is None:
        return None
    task, kinds = ASKED.get(ask[0], (ask[0], set()))
    if kind not in kinds:
        return f"now seat {ask[1]} must {task}"
    seat = ask[1]
    h = state.heroes[seat]
    cfg = state.cfg
    if kind in ("use", "wield"):
        name = args.get("action")
        act = cfg.actions.get(name) if isinstance(name, str) else None
        if kind == "use" and act is None:
            return f"no action '{name}' [AR-CB-1]"
        if act is not None and act.locked and act.section not in h.locks:
            return f"{act.name} is an advanced action, still locked: unlock it with 1 Experience [AR-CB-8]"
        if act is not None and act.mode != "action":
            return f"{act.name} is an {act.mode.upper()} action: it costs no chips and is not taken [AR-CB-9]"
        return ("pay with chips of the action's colour (a Hero chip pays any colour; an Aberration chip only "
                "grey actions) from your hand, and the action must have something to do [AR-H-5, AR-H-6, AR-A-9, "
                "AR-A-10]")
    if kind in ("upgrade", "unlock", "attune"):
        return "not enough Experience, or nothing to raise, unlock or attune [AR-H-12, AR-A-6, AR-CB-7, AR-IT-4]"
    if kind == "secure":
        return ("pay a chip the Vantage Point still needs (a Hero chip pays any colour, an Aberration chip none) "
                "from one of its entry spaces or through Fortify [AR-M-8]")
    if kind == "step":
        return "a step goes to an adjacent space without Influence [AR-I-6]"
    if kind == "target":
        return ("the target must be a monster or shadow in range: melee your space, ranged up to its "
                "distance, Sight your board [AR-K-1, AR-K-3, AR-K-4, AR-K-7]")
    if kind == "end":
        return "you may hold only one chip of your hand [AR-H-7]"
    if kind == "item":
        return "play a single-use Item you hold, when it has something to do [AR-H-10, AR-IT-2]"
    if kind == "exploit":
        return "an Act or Alter exploit from an Item you hold [AR-IT-9, AR-IT-10]"
    return f"that is not one of the moves now: {task}"
