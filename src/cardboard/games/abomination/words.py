"""Abomination in words: move labels for people (terminal, web table, logs)."""
from __future__ import annotations

ROMAN = ("", "I", "II", "III", "IV")   # the rulebook's stages ("Stage III or IV animal material")
ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
SUBS = ("muscle", "organ", "blood")


def _space_name(cfg, space_id: str, whose: str = "your") -> str:
    if space_id in ("study", "generator"):
        return f"{whose} lab's {space_id.capitalize()}"
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
            text += (f", bumping the {ORDINAL[a['bump']]} meeple there (its owner is paid the cost on the "
                     "Bribe & Bump track)")
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
        return f"Choose seat {a['seat']} as the target"
    if k == "choose":
        return cfg.entries[a["entry"]].choices[a["choice"]].text
    if k == "pay":
        return f"Pay {a['francs']} franc{'s' if a['francs'] != 1 else ''}"
    if k in ("resolve", "take"):
        what = "its attribute option" if a["take"] == "option" else "its materials"
        verb = "Resolve" if k == "resolve" else "Take"
        return f"{verb} {_cadaver_name(cfg, a['card'])} for {what}"
    if k == "draw_card":   # a face-up card is named by the state (named_labels); by the slot alone, its place
        fam = a.get("family") or "the"
        src = f"the top card of the {fam} deck" if a["source"] == "deck" \
            else f"the {ORDINAL[a['slot']]} face-up {fam} card"
        text = f"Take {src}"
        if a.get("discard") is not None:
            cards = cfg.research if a.get("family") == "research" else cfg.humanity
            text += f" (discarding {cards[a['discard']].name} first)"
        return text
    if k == "hire":   # the name is the state's (HireAction); by the slot alone, its place in the row
        return f"Hire the {ORDINAL[a['slot']]} face-up scoundrel"
    if k == "buy":
        return f"Buy {'an ice block' if a['item'] == 'ice' else 'a Leyden jar' if a['item'] == 'jar' else 'animal cubes'}"
    if k == "sell_bone":
        if not a["francs"]:
            return "Sell no bone"
        return f"Sell bone for {a['francs']} franc{'s' if a['francs'] != 1 else ''}"
    if k in ("restore", "keep_fresh", "preserve"):
        article = "an" if a["material"][0] in "aeiou" else "a"
        cube = f"{article} {a['material']} cube at stage {ROMAN[a['stage']]}"
        if k == "restore":
            return f"Make {cube} one stage fresher"
        if k == "keep_fresh":
            return f"Keep {cube} fresh through the next decomposition"
        return f"Preserve {cube}"
    if k == "mark":
        return f"Mark the {_part_name(cfg, a['slot'])}"
    if k == "discard_cube":
        article = "an" if a["material"][0] in "aeiou" else "a"
        return f"Discard {article} {a['material']} cube from stage {ROMAN[a['stage']]} ({cfg.content.lab.stage_limit} at most)"
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


FAMILY_ROW = {"scoundrel": 0, "scoundrels": 0, "research": 1, "humanity": 2}


def named_labels(state, moves) -> dict:
    """Labels that name the face-up card a move takes by its slot, {index in moves: label}: "Hire the
    scoundrel Igor", "Take Vigil from the face-up humanity row (discarding Alms first)". Where two
    copies lie face up, the label says which one."""
    cfg = state.cfg
    out = {}
    for k, a in enumerate(moves):
        if a.kind == "hire":
            row, specs = state.rows[0], cfg.scoundrels
        elif a.kind == "draw_card" and a["source"] == "row":
            row, specs = state.rows[FAMILY_ROW[a["family"]]], getattr(cfg, a["family"])
        else:
            continue
        names = [specs[c].name if c >= 0 else None for c in row]
        slot = a["slot"]
        name = names[slot]
        if names.count(name) > 1:
            name += f" ({ORDINAL[slot]} in the row)"
        if a.kind == "hire":
            out[k] = f"Hire the scoundrel {name}"
            continue
        text = f"Take {name} from the face-up {a['family']} row"
        if a.get("discard") is not None:
            text += f" (discarding {specs[a['discard']].name} first)"
        out[k] = text
    return out


# ---------------------------------------------------------------- the log in words
PART_STATES = ("gone", "muscle side", "skin side", "alive")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _card_name(cfg, card_id: str) -> str:
    for family in (cfg.research, cfg.humanity, cfg.scoundrels):
        for spec in family:
            if spec.id == card_id:
                return spec.name
    return card_id


def _roll_text(roll) -> str:
    return ", ".join(f"{colour} {face}" for colour, face in roll)


def _entry_line(cfg, e) -> str:
    """One log event (round and phase stripped) in words; "seat N" is put in names by the table."""
    k = e[0]
    s = f"seat {e[1]}" if len(e) > 1 and isinstance(e[1], int) else ""
    if k == "event":
        side = getattr(next(x for x in cfg.events if x.id == e[1]), e[2])
        return f"Event: {side.name}: {side.text}"
    if k == "encounter":
        return f"Encounter read: {next(x.name for x in cfg.encounters if x.id == e[1])}"
    if k == "hold_encounter":
        return f"{s} (First Player) holds an encounter face down"
    if k == "target":
        return f"the target is {s}"
    if k == "captain":
        return f"the Captain moves to space {e[1]}"
    if k == "pass":
        return f"{s} passes"
    if k == "place":
        return f"{s} places {'an assistant' if e[3] == 'assistant' else 'a scientist'} at {_space_name(cfg, e[2], 'their')}"
    if k == "bump":
        return f"{s} bumps seat {e[2]}'s meeple, paying {_count(e[3], 'franc')}"
    if k == "stay":
        return f"{s} leaves the bumped meeple on the track"
    if k == "unpaid":
        return (f"{s} cannot pay the {_count(e[3], 'franc')} that {_space_name(cfg, e[2], 'the')} costs after "
                f"the encounter: the meeple goes back")
    if k == "blocked":
        return f"{s} sends seat {e[2]}'s meeple back with {_card_name(cfg, e[3])}"
    if k == "pay_police":
        return f"{s} pays off a police marker"
    if k == "dial":
        return f"{s}: {e[2].capitalize()} {'+' if e[3] > 0 else ''}{e[3]}"
    if k == "decline":
        return f"{s} declines"
    if k == "draw_cadavers":
        return f"{s} draws {_count(e[3], 'cadaver')} from the {e[2].replace('_', ' ').title()}"
    if k == "cadaver":
        what = "its attribute option" if e[3] == "option" else "its materials"
        return f"{s} resolves {_cadaver_name(cfg, e[2])} for {what}"
    if k == "draw_card":
        return f"{s} takes a {e[2]} card from the {'deck' if e[3] == 'deck' else 'face-up row'}"
    if k == "play":
        return f"{s} plays {_card_name(cfg, e[2])}"
    if k == "cancel":
        return f"{s} cancels the encounter with {_card_name(cfg, e[2])}"
    if k == "hire":
        return f"{s} hires {_card_name(cfg, e[2])}"
    if k == "buy":
        item = {"ice": "an ice block", "jar": "a Leyden jar"}.get(e[2], "animal cubes")
        return f"{s} buys {item} for {_count(e[3], 'franc')}"
    if k == "overflow":
        return (f"{s} discards {_count(e[4], e[2] + ' cube')} from stage {ROMAN[e[3]]} "
                f"({cfg.content.lab.stage_limit} at most)")
    if k == "sell":
        return f"{s} sells {_count(e[3], 'preserved cube')}"
    if k == "entry":
        return f"{s} reads story entry {e[2]}, {cfg.entries[e[2]].title}"
    if k == "choice":
        return f"{s} chooses: {cfg.entries[e[2]].choices[e[3]].text}" if e[2] in cfg.entries else f"{s} chooses"
    if k == "build":
        return (f"{s} {'starts' if e[3] == 'start' else 'completes'} the {e[2]} with stage {ROMAN[e[4]]} "
                f"materials (+{_count(e[5], 'VP')})")
    if k == "throw":
        return f"{s} throws the switch with {_count(e[2], 'jar')}: {_roll_text(e[3])}"
    if k == "research_dice":
        return f"{s} plays {_card_name(cfg, e[2])} on the dice: {_roll_text(e[3])}"
    if k == "reroll":
        return f"{s} rerolls: {_roll_text(e[2])}"
    if k == "damage":
        return f"{s}: a damage marker on the {e[2]}"
    if k == "alive":
        return f"{s}: the {e[2]} comes alive"
    if k == "repair":
        return f"{s}: the {e[2]} is repaired"
    if k == "downgrade":
        return f"{s}: the {e[2]} is downgraded ({PART_STATES[e[3]]})"
    if k == "objective":
        name = next(x.name for x in cfg.objectives if x.id == e[1])
        return f"Objective {name} claimed by " + ", ".join(f"seat {x}" for x in e[2])
    if k == "game_over":
        return "the Captain reaches the skull: the game is over" if e[1] == "captain" \
            else "a monster is alive: the game is over"
    return " ".join(str(x) for x in e)


def log_lines(state, seat, most: int = 40) -> list[str]:
    """The last `most` lines of the log in words as `seat` may read it: during a lab phase, what
    the other players did in their labs this phase is left out until it ends [AM-H-1]. Read from
    the newest entry back, so a view costs the same late in the game as early."""
    cfg = state.cfg
    hide_lab = state.phase == "lab"
    lines = []
    node = state.log
    while node is not None and len(lines) < most:
        node, entry = node
        rnd, phase, e = entry[0], entry[1], entry[2:]
        if hide_lab and phase == "lab" and rnd == state.round and not (len(e) > 1 and e[1] == seat
                                                                         and isinstance(e[1], int)):
            continue
        lines.append(f"Round {rnd}, {phase}: {_entry_line(cfg, e)}")
    lines.reverse()
    return lines
