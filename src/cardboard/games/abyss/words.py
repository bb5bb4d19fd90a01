"""Abyss in words: card names, move labels and the game log (what everyone may read)."""
from __future__ import annotations

from cardboard.engine.data import cons_to_list

from .content import RACES


def count(n: int, noun: str) -> str:
    """'1 pearl', '2 pearls'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def card_name(cfg, card: int) -> str:
    race = cfg.card_race[card]
    return "a Monster" if race < 0 else f"{RACES[race].capitalize()} {cfg.card_value[card]}"


def lord_name(cfg, lord: int | str) -> str:
    if isinstance(lord, str):
        lord = cfg.lord_index[lord]
    return cfg.lords[lord].name


def loc_name(cfg, loc: int | str) -> str:
    if isinstance(loc, str):
        loc = cfg.loc_index[loc]
    return cfg.locations[loc].name


def ally_text(ally) -> str:
    race, value = ally
    return f"{race.capitalize()} {value}"


def gains_text(gains) -> str:
    words = {"pearl": "pearl", "token": "Monster token", "key": "key"}
    parts = []
    for g in ("key", "pearl", "token"):
        k = list(gains).count(g)
        if k:
            parts.append(f"{k} {words[g]}{'s' if k > 1 else ''}")
    return " + ".join(parts)


def action_label(cfg, a) -> str:
    k = a.kind
    if k == "plot":
        return "Plot at Court: 1 pearl brings a new Lord"
    if k == "explore":
        return "Explore the Depths"
    if k == "request":
        return "Request Support: take the " + " and ".join(r.capitalize() for r in a["races"]) + " stack" + (
            "s" if len(a["races"]) > 1 else "")
    if k == "recruit":
        pay = " + ".join(ally_text(x) for x in a["pay"])
        pearls = f" + {a['pearls']} pearl{'s' if a['pearls'] != 1 else ''}" if a["pearls"] else ""
        return f"Recruit {lord_name(cfg, a['lord'])} with {pay}{pearls}, affiliating {ally_text(a['affiliate'])}"
    if k == "buy":
        return "Buy the Ally"
    if k == "decline":
        return "Decline the Ally"
    if k == "take":
        return "Take the Ally (ends your turn)"
    if k == "explore_on":
        return "Keep exploring"
    if k == "fight":
        return "Fight the Monster"
    if k == "reward":
        return f"Reward: {gains_text(a['gains'])}"
    if k == "use_keys":
        lords = ", ".join(lord_name(cfg, x) for x in a["lords"])
        parts = ([lords] if lords else []) + ([f"{a['tokens']} key token{'s' if a['tokens'] != 1 else ''}"]
                                               if a["tokens"] else [])
        return "Use the keys of " + " and ".join(parts)
    if k == "location":
        return f"Control {loc_name(cfg, a['location'])}"
    if k == "draw":
        return f"Draw {a['n']} Location{'s' if a['n'] > 1 else ''} and keep one"
    if k == "keep":
        return f"Keep {loc_name(cfg, a['location'])}"
    if k == "keep_smokers":
        return "Keep Black Smokers"
    if k == "smokers_swap":
        return f"Swap Black Smokers for {loc_name(cfg, a['location'])}"
    if k == "discard":
        return f"Discard {ally_text(a['ally'])}"
    if k == "assassinate":
        return f"Assassinate {lord_name(cfg, a['lord'])}"
    if k == "hunt":
        return f"Steal a Monster token from seat {a['seat']}"
    if k == "take_stack":
        return f"Take the {a['race'].capitalize()} stack"
    if k == "swap_location":
        return f"Swap {loc_name(cfg, a['give'])} for {loc_name(cfg, a['take'])}"
    if k == "corrupt":
        return f"Recruit {lord_name(cfg, a['lord'])} for pearls"
    if k == "betray":
        return f"Discard {lord_name(cfg, a['give'])} for {lord_name(cfg, a['take'])} of the Court"
    if k == "scheme":
        return f"Discard {lord_name(cfg, a['give'])} for the Lord deck's top"
    if k == "sell":
        return f"{lord_name(cfg, a['lord'])}: sell {ally_text(a['ally'])} for pearls"
    if k == "oracle":
        return f"{lord_name(cfg, a['lord'])}: discard the {a['race'].capitalize()} stack"
    if k == "opportunist":
        return f"{lord_name(cfg, a['lord'])}: replace {lord_name(cfg, a['court'])} from the deck"
    if k == "skip":
        return "Skip the power"
    if k == "end_turn":
        return "End the turn"
    if k == "pass":
        return "Pass: no action is possible"
    return a.kind


def log_lines(state, most: int = 60) -> list[str]:
    """The newest `most` events of the log in words. Events never hold what some seat may not see
    (stack contents, token values)."""
    cfg = state.cfg
    lines = []
    for e in cons_to_list(state.log, most):
        k = e[0]
        s = f"seat {e[1]}" if len(e) > 1 and isinstance(e[1], int) else ""
        if k == "turn":
            lines.append(f"{s}'s turn")
        elif k == "income":
            lines.append(f"{s} gains {count(e[3], 'pearl')} from {lord_name(cfg, e[2])}")
        elif k == "plot":
            lines.append(f"{s} plots at Court: {lord_name(cfg, e[2])} arrives")
        elif k == "explore":
            lines.append(f"{s} explores the depths")
        elif k == "reveal":
            lines.append(f"{s} reveals {card_name(cfg, e[2])} on space {e[3]}")
        elif k == "reshuffle":
            lines.append(f"the discard pile ({count(e[1], 'card')}) is shuffled into a new deck")
        elif k == "buy":
            lines.append(f"{s} buys {card_name(cfg, e[2])} for {count(e[3], 'pearl')} from seat {e[4]}")
        elif k == "forced_take":
            lines.append(f"{s} must take {card_name(cfg, e[2])} from the last space (+{count(e[3], 'pearl')})")
        elif k == "take":
            lines.append(f"{s} takes {card_name(cfg, e[2])}")
        elif k == "threat":
            lines.append(f"the Threat rises to {e[1]}")
        elif k == "fight":
            lines.append(f"{s} fights the Monster (Threat space {e[2]}{', forced' if e[3] else ''})")
        elif k == "reward":
            lines.append(f"{s} takes {gains_text(e[2])}")
        elif k == "to_council":
            lines.append(f"the Allies left go to the Council: {', '.join(RACES[r] for r in e[2])}")
        elif k == "stack":
            lines.append(f"{s} takes the {RACES[e[2]]} stack ({count(e[3], 'card')})")
        elif k == "recruit":
            pay = " + ".join(f"{r} {v}" for r, v in e[3])
            lines.append(f"{s} recruits {lord_name(cfg, e[2])} with {pay}"
                         + (f" and {count(e[4], 'pearl')}" if e[4] else "") + f", affiliating {card_name(cfg, e[5])}")
        elif k == "refill":
            lines.append(f"the Court is refilled ({count(len(e[3]), 'Lord')}); {s} gains {count(e[2], 'pearl')}")
        elif k == "end_triggered":
            why = "a 7th Lord" if e[2] == "seventh_lord" else "the Court cannot be refilled"
            lines.append(f"the end is near ({why}): the others take one last turn")
        elif k == "final_affiliation":
            lines.append(f"{s} affiliates " + (", ".join(card_name(cfg, c) for c in e[2]) or "nothing"))
        elif k == "over":
            lines.append("the game is over")
        elif k == "pass":
            lines.append(f"{s} can do nothing and passes")
        elif k == "extra_turn":
            lines.append(f"{s} takes an extra turn")
        elif k == "power_pearls":
            lines.append(f"{s} gains {count(e[3], 'pearl')} from {lord_name(cfg, e[2])}")
        elif k == "lose_pearls":
            lines.append(f"{s} returns {count(e[3], 'pearl')} ({lord_name(cfg, e[2])})")
        elif k == "discard":
            lines.append(f"{s} discards {card_name(cfg, e[2])}")
        elif k == "assassinate":
            lines.append(f"{s} assassinates seat {e[2]}'s {lord_name(cfg, e[3])}")
        elif k == "hunt":
            lines.append(f"{s} steals a Monster token from seat {e[2]}")
        elif k == "power_extra":
            lines.append(f"{s} will take another turn ({lord_name(cfg, e[2])})")
        elif k == "illusion":
            lines.append(f"{s} swaps {loc_name(cfg, e[2])} for {loc_name(cfg, e[3])}")
        elif k == "skip":
            lines.append(f"{s} does not use the power")
        elif k == "corrupt":
            lines.append(f"{s} corrupts {lord_name(cfg, e[2])} for {count(e[3], 'pearl')}")
        elif k == "betray":
            lines.append(f"{s} discards {lord_name(cfg, e[2])} and takes {lord_name(cfg, e[3])} from the Court")
        elif k == "scheme":
            lines.append(f"{s} discards {lord_name(cfg, e[2])} and takes {lord_name(cfg, e[3])}")
        elif k == "sell":
            lines.append(f"{s} sells {card_name(cfg, e[2])} for {count(e[3], 'pearl')}")
        elif k == "oracle":
            lines.append(f"{s} discards the {RACES[e[2]]} stack ({count(e[3], 'card')})")
        elif k == "opportunist":
            lines.append(f"{s} replaces {lord_name(cfg, e[2])} with {lord_name(cfg, e[3])}")
        elif k == "draw_locations":
            lines.append(f"{s} draws {count(e[2], 'Location')}")
        elif k == "control":
            used = ", ".join(lord_name(cfg, x) for x in e[3])
            lines.append(f"{s} controls {loc_name(cfg, e[2])}" + (f" with {used}" if used else "")
                         + (f" and {count(e[4], 'key token')}" if e[4] else ""))
        elif k == "smokers":
            lines.append(f"{s} swaps Black Smokers for {loc_name(cfg, e[2])}")
    return lines
