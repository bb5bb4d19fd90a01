"""How the research adapters (cardboard.interop) number Aban!'s moves: a die's use is chosen as its
kind and die, then the square (`at`, every square of the 12 x 12 field the garden can grow into);
an Espino names the target seat with its die; the Machonero's dice are chosen one by one."""
from cardboard.interop.spec import each, step

from .garden import OFF, W

DICE = range(1, 7)
SQUARES = [[r, c] for r in range(-OFF, W - OFF) for c in range(-OFF, W - OFF)]

ENCODING = {"moves": {
    "food": {"number": DICE},
    "pass": {"die": DICE},
    "plant": {"die": DICE, "at": step(SQUARES)},
    "pot": {"die": DICE, "at": step(SQUARES)},
    "radish": {"die": DICE, "at": step(SQUARES)},
    "shovel": {"die": DICE, "at": step(SQUARES)},
    "espino": {"die": DICE, "seat": range(5), "at": step(SQUARES)},
    "rocky": {"die": DICE, "seat": range(5), "at": step(SQUARES)},
    "colemo": {"die": DICE, "change": [-1, 1]},
    "machonero": {"dice": each(DICE)},
}}


# ---------------------------------------------------------------- observation (from view(seat) alone)
from cardboard.interop.features import Layout, index_of  # noqa: E402

from .content import load_content  # noqa: E402

_content = load_content()
PLANTS = [p.id for p in _content.plants]
SUPERS = [p.id for p in _content.super_plants]
COLEMO_VARIANTS = sorted(_content.colemo_variants)
SIDES = sorted(_content.token_boards)
PHASES = ["food", "turn", "over"]
BOARDS = range(2, 7)                       # a plant board is the die number that plants it
CHANNELS = ["pot", "plant on board 2", "plant on board 3", "plant on board 4", "plant on board 5",
            "plant on board 6", "espino", "radish", "dig", "rockys (count)"]
SQ = W * W
SEATS_MAX = 5

_P = index_of(PLANTS)
_S = index_of(SUPERS)
_PHASE = index_of(PHASES)
L = Layout(max_players=SEATS_MAX)
O_PHASE = L.one_hot("phase", PHASES, "the phase")
O_ROUND = L.field("round", 1, "the round number")
O_LAST = L.field("last_round", 1, "1 once a garden is full (this is the last round)")
O_TURN = L.field("to_move", SEATS_MAX, "one-hot of the seat to move, counted from the observer (0 = the observer)")
O_START = L.field("start_player", SEATS_MAX, "one-hot of the start player, counted from the observer")
O_SEATED = L.field("seated", SEATS_MAX, "1 for each seat at the table, counted from the observer")
O_DICE = L.field("dice", 6, "the dice still to use this turn: how many show 1, 2, ... 6")
O_SIDE = L.one_hot("token_side", SIDES + [None], "the token board's side (none when playing alone)")
O_BOARDS = L.field("boards", 5 * len(PLANTS),
                   f"which plant is on each plant board 2..6: one-hot over {len(PLANTS)} plants "
                   f"[{', '.join(PLANTS)}], board by board")
O_SUPERS = L.field("super_plants", len(SUPERS), f"1 for each super plant in play [{', '.join(SUPERS)}]")
O_VARIANT = L.one_hot("colemo_variant", COLEMO_VARIANTS + [None], "the Colemo variant (none without Colemo)")
O_COLEMO = L.field("colemo_used", 1, "1 if Colemo has been used this turn")
O_KO = L.field("kobachan", 2, "alone: Ko'bachan's step on his track, and the track's length (else 0)")
L.per_seat("food", 5, "the number the seat feeds its chayote with: one-hot of 2..6 (zero before it is chosen)")
L.per_seat("stock", 4, "feeds (boxes filled), tokens left, shovels left, fertilizer left")
L.per_seat("shovel_marks", 6, "the shovel spaces marked: how many with each die face 1..6")
L.per_seat("score", 10, "the score so far: plants on boards 2..6 (5), chayote, tokens, radishes, "
                        "Rocky grants, total")
L.per_seat("garden", len(CHANNELS) * SQ,
           f"the garden, channel by channel, each a {W} x {W} plane of squares (row -{OFF}..{W - OFF - 1} "
           f"then column -{OFF}..{W - OFF - 1}, the first pot at 0, 0): {'; '.join(CHANNELS)}")
_SCORE = ["chayote", "tokens", "radishes", "rocky_grants", "total"]


def observe(view: dict, seat, out) -> None:
    """Aban!'s features (see observation_fields), written into `out` (zeroed) from the view alone."""
    n = view["players"]
    out[O_PHASE + _PHASE[view["phase"]]] = 1
    out[O_ROUND] = view["round"]
    out[O_LAST] = 1 if view["last_round"] else 0
    me = seat or 0
    cur = view["current_player"]
    if cur is not None:
        out[O_TURN + (cur - me) % n] = 1
    out[O_START + (view["start_player"] - me) % n] = 1
    for k in range(n):
        out[O_SEATED + k] = 1
    for d in view["dice"]:
        out[O_DICE + d - 1] += 1
    side = view["token_side"]
    out[O_SIDE + (SIDES.index(side) if side in SIDES else len(SIDES))] = 1
    board_of = {}
    for number, board in view["boards"].items():
        f = int(number)
        board_of[board["id"]] = f
        i = _P.get(board["id"])
        if i is not None:
            out[O_BOARDS + (f - 2) * len(PLANTS) + i] = 1
    for sp in view["super_plants"]:
        i = _S.get(sp["id"])
        if i is not None:
            out[O_SUPERS + i] = 1
    v = view["colemo_variant"]
    out[O_VARIANT + (COLEMO_VARIANTS.index(v) if v in COLEMO_VARIANTS else len(COLEMO_VARIANTS))] = 1
    out[O_COLEMO] = 1 if view["powers_used"].get("colemo") else 0
    ko = view.get("kobachan")
    if ko:
        out[O_KO] = ko["step"]
        out[O_KO + 1] = ko["track_length"]
    seats = view["seats"]
    stride = len(CHANNELS) * SQ
    for s, base in L.seats("food", seat, n):
        food = seats[s]["food"]
        if food:
            out[base + food - 2] = 1
    for s, base in L.seats("stock", seat, n):
        p = seats[s]
        out[base] = p["feeds"]
        out[base + 1] = p["tokens"]
        out[base + 2] = p["shovels"]
        out[base + 3] = p["fertilizer"]
    for s, base in L.seats("shovel_marks", seat, n):
        for d in seats[s]["shovel_marks"]:
            out[base + d - 1] += 1
    for s, base in L.seats("score", seat, n):
        score = seats[s]["score"]
        for plant, vp in score["plants"].items():
            f = board_of.get(plant)
            if f is not None:
                out[base + f - 2] = vp
        for j, key in enumerate(_SCORE):
            out[base + 5 + j] = score.get(key, 0)
    for s, base in L.seats("garden", seat, n):
        for square in seats[s]["garden"]:
            r, c = square["at"]
            i = base + (r + OFF) * W + (c + OFF)
            out[i] = 1
            plant = square["plant"]
            if plant is not None:
                out[i + board_of[plant] * SQ - SQ] = 1   # channel 1..5: board 2..6
            token = square["token"]
            if token == "rocky":
                out[i + 9 * SQ] = square["rockys"]
                if square.get("radish"):
                    out[i + 7 * SQ] = 1
            elif token == "espino":
                out[i + 6 * SQ] = 1
            elif token == "radish":
                out[i + 7 * SQ] = 1
            elif token == "dig":
                out[i + 8 * SQ] = 1


ENCODING["information"] = "perfect"   # nothing is hidden but the future rolls (sampled chance)
L.order("Plants", PLANTS)
ENCODING["observe"] = observe
ENCODING["observation_legend"] = L.legend
ENCODING["observation_size"] = L.size
ENCODING["observation_fields"] = L.fields
