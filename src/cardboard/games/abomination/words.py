"""Abomination in words: move labels for people (terminal, web table, logs)."""
from __future__ import annotations

ROMAN = ("", "I", "II", "III", "IV")
SUBS = ("muscle", "organ", "blood")


def _space_name(cfg, space_id: str) -> str:
    if space_id in ("study", "generator"):
        return f"your lab's {space_id.capitalize()}"
    i = cfg.space_index[space_id]
    loc = next(x for x in cfg.content.locations if x.id == cfg.space_loc[i])
    return f"{loc.name}: {cfg.spaces[i].name}"


def _cadaver_name(cfg, card_id: str) -> str:
    return next(c.name for c in cfg.cadavers if c.id == card_id)


def _part_name(cfg, slot: int) -> str:
    """A part of the operating table; parts with a twin (two arms, two legs) say which one."""
    part = cfg.slot_part[slot]
    twins = [i for i, p in enumerate(cfg.slot_part) if p == part]
    if len(twins) > 1:
        return f"{('left', 'right', 'third', 'fourth')[twins.index(slot)]} {part}"
    return part


def _dice(a) -> str:
    faces = a.get("faces")
    if not faces:
        n = len(a["dice"])
        return f"{n} di{'ce' if n > 1 else 'e'}"
    return "the " + " and the ".join(faces)


def action_label(cfg, a) -> str:
    k = a.kind
    if k == "place":
        article = "an" if a["meeple"][0] in "aeiou" else "a"
        text = f"Place {article} {a['meeple']} at {_space_name(cfg, a['space'])}"
        if a.get("bump") is not None:
            text += f", bumping meeple {a['bump'] + 1} there (its owner is paid the bump track's cost)"
        return text
    if k == "pass":
        return "Pass"
    if k == "pay_police":
        return f"Pay {cfg.content.police.pay_off} francs to return a police marker"
    if k == "play":
        cards = cfg.research if a["family"] == "research" else cfg.humanity
        return f"Play {cards[a['card']].name}: {cards[a['card']].text}"
    if k == "stay":
        return "Leave the bumped meeple on the track"
    if k in ("let_be", "hear", "decline", "done", "done_buying", "accept", "no_switch"):
        return {"let_be": "Let it be", "hear": "Hear the encounter", "decline": "Decline",
                "done": "Done", "done_buying": "Done buying", "accept": "Accept the roll",
                "no_switch": "Do not throw the switch"}[k]
    if k == "block":
        return f"Play {cfg.humanity[a['card']].name}: send the meeple back"
    if k == "cancel":
        return f"Play {cfg.humanity[a['card']].name}: cancel the encounter"
    if k == "target":
        return f"Target seat {a['seat']}"
    if k == "choose":
        return cfg.entries[a["entry"]].choices[a["choice"]].text
    if k == "pay":
        return f"Pay {a['francs']} franc{'s' if a['francs'] != 1 else ''}"
    if k in ("resolve", "take"):
        what = "its attribute option" if a["take"] == "option" else "its materials"
        verb = "Resolve" if k == "resolve" else "Take"
        return f"{verb} {_cadaver_name(cfg, a['card'])} for {what}"
    if k == "draw_card":
        src = "the deck's top card" if a["source"] == "deck" else f"face-up card {a['slot'] + 1}"
        text = f"Take {src}"
        if a.get("discard") is not None:
            cards = cfg.research if a.get("family") == "research" else cfg.humanity
            text += f" (discarding {cards[a['discard']].name} first)"
        return text
    if k == "hire":
        return f"Hire scoundrel {a['slot'] + 1}"
    if k == "buy":
        return f"Buy {'an ice block' if a['item'] == 'ice' else 'a Leyden jar' if a['item'] == 'jar' else 'animal cubes'}"
    if k == "sell_bone":
        if not a["francs"]:
            return "Sell no bone"
        return f"Sell bone for {a['francs']} franc{'s' if a['francs'] != 1 else ''}"
    if k in ("restore", "keep_fresh", "preserve"):
        verb = {"restore": "Make fresher", "keep_fresh": "Keep fresh", "preserve": "Preserve"}[k]
        return f"{verb}: a {a['material']} cube at stage {ROMAN[a['stage']]}"
    if k == "mark":
        return f"Mark the {_part_name(cfg, a['slot'])}"
    if k == "build":
        part = _part_name(cfg, a["slot"])
        subs = [f"{n} animal for {m}" for n, m in zip(a["animal"], SUBS) if n]
        text = f"{'Start' if a['side'] == 'start' else 'Complete'} the {part} with stage {ROMAN[a['stage']]} materials"
        return text + (f" ({', '.join(subs)})" if subs else "")
    if k == "throw":
        return f"Throw the switch with {a['jars']} jar{'s' if a['jars'] != 1 else ''}"
    if k == "research_dice":
        name = cfg.research[a["card"]].name
        if a.get("dice") is not None:
            return f"Play {name} to reroll {_dice(a)}"
        return f"Play {name} to turn a bolt into a blank"
    if k == "reroll":
        return f"Use your reroll on {_dice(a)}"
    return k
