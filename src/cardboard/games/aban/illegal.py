"""Words for people: why a move is illegal (naming the rule), and the game log."""
from __future__ import annotations

from cardboard.engine.data import cons_to_list

from . import garden as G


def _square(at):
    if (isinstance(at, (list, tuple)) and len(at) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in at)
            and G.in_field(*at)):
        return G.idx(*at)
    return None


def _where(at) -> str:
    return G.words(*at) if _square(at) is not None else f"the square {at!r}"


def _and(numbers) -> str:
    """1, 2 and 5: dice as a reader lists them."""
    words = [str(x) for x in numbers]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


KINDS = frozenset(("food", "plant", "espino", "rocky", "shovel", "pot", "radish", "pass", "colemo", "machonero"))


def explain_illegal(state, kind, args: dict) -> str | None:
    """The rule a move breaks in `state`, in a sentence; None if no specific reason is known.
    The engine has checked the move's shape when its kind is legal now; a kind that Aban! does
    not have gets no reason here (the engine names the kinds legal now)."""
    if kind not in KINDS:
        return None
    cfg = state.cfg
    me = state.seat
    supers = cfg.supers
    if state.phase == "food":
        if kind != "food":
            return "first each player, in turn, chooses the chayote's food number [AB-S-9]"
        number = args.get("number")
        if number not in cfg.food_faces:
            faces = "2 to 6 in the solo mode [AB-SO-3]" if cfg.solo else "1 to 6 [AB-S-9]"
            return f"the food number must be {faces}"
        if number in state.food:
            return f"another player already feeds the chayote on {number}s: numbers do not repeat [AB-S-9]"
        return None
    if kind == "food":
        return "the food numbers were chosen at set-up [AB-S-9]"
    if kind == "colemo":
        if "colemo" not in supers:
            return "Colemo is not among this game's super plants [AB-X-1]"
        if state.used & 1:
            return "Colemo is used at most once per turn [AB-X-3]"
        if state.fert[me] < 1:
            return "Colemo costs a fertilizer token and you have none [AB-X-3]"
        change = args.get("change")
        if change not in cfg.colemo_deltas:
            return f"this game's Colemo changes a die by {_and(f'{d:+d}' for d in cfg.colemo_deltas)} only [AB-X-2]"
        die = args.get("die")
        if die not in state.dice:
            return f"no die showing {die!r} is available to change [AB-X-3]"
        return "a die stays between 1 and 6 [AB-D-9]"
    if kind == "machonero":
        if "machonero" not in supers:
            return "Machonero is not among this game's super plants [AB-X-1]"
        if state.fert[me] < 1:
            return "Machonero costs a fertilizer token and you have none [AB-X-6]"
        return "Machonero re-rolls one to three of the available dice [AB-X-6]"
    die = args.get("die")
    if die not in state.dice:
        return f"no die showing {die!r} is left to take: the dice are {_and(state.dice) or 'all taken'} [AB-P-3]"
    at = args.get("at")
    i = _square(at)
    garden = state.gardens[me]
    if kind == "plant":
        if die not in cfg.boards:
            return "a die showing 1 takes the Espino/Rocky board, not a plant [AB-P-7]"
        if i is None or garden[i] != G.EMPTY:
            return f"{_where(at)} is not an empty square of your garden [AB-P-2]"
    if kind in ("espino", "rocky"):
        if cfg.solo:
            return "the solo mode has no Espino/Rocky board [AB-SO-3]"
        if kind != cfg.token_side:
            return f"this game plays the {cfg.token_side} side of the tokens [AB-S-7]"
        if die != 1:
            return f"{'Espinos' if kind == 'espino' else 'Rockys'} are placed with a die showing 1 [AB-P-7]"
        if state.tokens[me] < 1:
            return "you have no Espino/Rocky tokens left [AB-T-2]"
        seat = args.get("seat")
        if seat == me:
            return "tokens go on an opponent's garden, never your own [AB-T-1] [AB-T-3]"
        if not isinstance(seat, int) or not 0 <= seat < cfg.players:
            return f"there is no seat {seat!r} [AB-T-1]"
        target = state.gardens[seat][i] if i is not None else G.NO_POT
        if kind == "espino" and target != G.EMPTY:
            return f"an Espino goes on an empty square, and seat {seat}'s {_where(at)} is not one [AB-T-1]"
        if kind == "rocky" and target == G.NO_POT:
            return f"a Rocky goes on a square of an opponent's sheet, and seat {seat}'s sheet has no square {_where(at)} [AB-T-3]"
    if kind == "shovel":
        if state.shovels[me] < 1:
            return "you have no shovel tokens left [AB-P-4]"
        if len(state.shovel_marks[me]) >= cfg.content.setup.shovel_spaces:
            return "every shovel space on your sheet is used [AB-P-4]"
        if i is None or not (garden[i] == G.ESPINO or garden[i] >= G.ROCKY):
            extra = " (Ko'bachan's digs cannot be shovelled [AB-SO-7])" if i is not None and garden[i] == G.DIG else ""
            return f"a shovel removes an Espino or a Rocky from your own garden, and {_where(at)} has none{extra} [AB-P-4]"
    if kind in ("pot", "radish"):
        power = "don_maceta" if kind == "pot" else "rabamimo"
        name = "Don maceta" if kind == "pot" else "Rabamimo"
        rule = "[AB-X-7]" if kind == "pot" else "[AB-X-8]"
        if power not in supers:
            return f"{name} is not among this game's super plants [AB-X-1]"
        if state.fert[me] < 1:
            return f"{name} costs a fertilizer token and you have none {rule}"
        if die not in cfg.boards:
            return f"{name} takes a die of 2 to 6 {rule}"
        if kind == "pot" and (i is None or i not in G.pot_sites(garden, state.pots[me])):
            return f"an extra pot goes off the sheet, next to a square of your garden; {_where(at)} is not such a place [AB-D-11]"
        if kind == "radish" and (i is None or garden[i] != G.EMPTY):
            return f"{_where(at)} is not an empty square of your garden [AB-X-8]"
    if kind == "pass":
        if cfg.solo:
            return "in the solo mode you plant with a die whenever one can be planted [AB-D-15]"
        return f"the {die} can still be used, so it cannot be taken for nothing [AB-P-8]"
    return None


def log_lines(log, cfg, most: int = 60) -> list[str]:
    """The newest `most` events of the log in words (all public)."""
    events = cons_to_list(log, most)
    you = (lambda s: "you") if cfg.solo else (lambda s: f"seat {s}")
    lines = []
    for e in events:
        k = e[0]
        if k == "food":
            lines.append(f"{you(e[1])} will feed the chayote on {e[2]}s")
        elif k == "roll":
            who = "you roll" if cfg.solo else f"seat {e[2]} rolls"
            lines.append(f"{'turn' if cfg.solo else 'round'} {e[1]}: {who} {', '.join(map(str, e[3]))}")
        elif k == "move":
            lines.append(f"{you(e[1])}: {e[2].label()}")
        elif k == "colemo":
            lines.append(f"{you(e[1])}: Colemo turns a {e[2]} into a {e[3]}")
        elif k == "machonero":
            lines.append(f"{you(e[1])}: Machonero re-rolls {_and(e[2])} into {_and(e[3])}")
        elif k == "feed":
            lines.append(f"the left-over {e[2]} feeds {'your' if cfg.solo else f'seat {e[1]}'}'s chayote".replace("your's", "your"))
        elif k == "last_round":
            lines.append("a garden is full: this is the last round")
        elif k == "ko":
            lines.append(f"a 1 was rolled: Ko'bachan moves to step {e[1]}")
        elif k == "dig":
            lines.append(f"Ko'bachan digs square {e[1]} ({G.label(e[2])})")
        elif k == "nodig":
            lines.append("Ko'bachan finds no empty square to dig")
        elif k == "over":
            lines.append("the game is over")
    return lines
