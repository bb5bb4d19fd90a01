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
    "pick_hero": ("choose the hero the action helps [AR-CB-1]", {"pick"}),
    "pick_shadow": ("choose the shadow to reveal [AR-SH-4, AR-VL-5]", {"reveal"}),
    "pick_monster": ("choose the monster [AR-K-13]", {"monster"}),
    "pick_board": ("choose the board [AR-M-3]", {"board"}),
    "keep": ("choose the Item to keep [AR-VL-5]", {"keep"}),
    "shove": ("choose the monster and where it goes [AR-I-6]", {"shove"}),
    "foresee": ("put the Great Beast cards back in an order [AR-VL-5]", {"arrange"}),
    "fortify": ("pay toward a Vantage Point, or stop [AR-M-8]", {"secure", "stop"}),
    "one_of": ("choose one of the options [AR-CB-1]", {"choose"}),
    "reroll": ("reroll with a Lucky Item or power, or pass [AR-IT-12]", {"reroll", "pass"}),
    "smite": ("add 1 damage with a Smite Item, or pass [AR-IT-13]", {"smite", "pass"}),
    "block": ("prevent 1 damage with a Block Item, or take it [AR-IT-11]", {"block", "take"}),
    "victim": ("choose which hero the monster attacks [AR-G-6]", {"victim"}),
}


# the moves that name a map space, and the argument that does (always the space's id: "VC", "1.r3")
SPACE_ARGS = {"step": ("to",), "target": ("space",), "place": ("space",), "shove": ("to",)}


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
    for key in SPACE_ARGS.get(kind, ()):
        name = args.get(key)
        if not isinstance(name, str) or name not in cfg.index:
            return (f"'{key}' names a space by its id, as the map does ('VC', or tile.space like "
                    f"'{cfg.names[1]}'), not {name!r} [AR-M-1]")
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
    if kind == "place":
        return "choose one of the spaces offered: never on Fire, Influence or another trap [AR-K-11, AR-I-5]"
    if kind == "shove":
        return ("move a non-Flying monster in reach to an adjacent space, never into the Village Center or "
                "Influence [AR-I-6]")
    if kind == "end":
        return "you may hold only one chip of your hand [AR-H-7]"
    if kind == "item":
        return "play a single-use Item you hold, when it has something to do [AR-H-10, AR-IT-2]"
    if kind == "exploit":
        return "an Act or Alter exploit from an Item you hold [AR-IT-9, AR-IT-10]"
    return f"that is not one of the moves now: {task}"
