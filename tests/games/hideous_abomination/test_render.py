"""The terminal drawing of Hideous Abomination views (built by hand: it reads the view dict only)."""
from __future__ import annotations

import io
import re

from rich.console import Console

from cardboard.games.hideous_abomination.render import Abomination, render_view, tile_block

WIDTH = 100


# ---------------------------------------------------------------- views by hand
def tile(id, type, colour, sides, **attrs):
    return {"id": id, "type": type, "colour": colour, "texture": "patchwork" if colour == "wild" else "fur",
            "sides": sides, "attributes": attrs, "torso": type == "torso"}


def placed(r, c, t, loose, rotation=0, bolted=False):
    return {"at": [r, c], "tile": t, "rotation": rotation, "loose": loose, "bolted": bolted}


GRAND = [{"id": "done", "name": "Done!", "kind": "grand_prize", "vp": 3, "text": "Complete the abomination"},
         {"id": "showy", "name": "Showy", "kind": "grand_prize", "vp": 3, "text": "Most colours"},
         {"id": "runt", "name": "Runt", "kind": "grand_prize", "vp": 3, "text": "Fewest tiles"}]
AWARDS = [{"id": "all_seeing", "name": "All-Seeing", "kind": "award", "vp": 2, "text": "Most eyes (count the icons)"},
          {"id": "hydra", "name": "Hydra", "kind": "award", "vp": 2, "text": "Most head tiles"},
          {"id": "frayed", "name": "Frayed", "kind": "award", "vp": 2, "text": "Most open loose ends"}]
HAND_0 = [tile("ora-02", "head", "orange", "N", eyes=1, teeth=5, noses=1, horns=3),
          tile("tea-20", "nexus", "teal", "NESW", eyes=2, tentacles=4)]
HAND_1 = [tile("gre-13", "arm", "green", "NS", eyes=1, ears=1)]


def monster():
    """Torso (0,0); head above it; a bolted arm to its west; a wild leg below it (bolted to the torso);
    a nexus to its east; a hand at (2,2) left disconnected by a steal."""
    return [placed(0, 0, tile("torso-1", "torso", "red", "NESW"), "NESW"),
            placed(-1, 0, tile("red-01", "head", "red", "N", eyes=2, teeth=4, ears=2), "S", rotation=2),
            placed(0, -1, tile("blu-11", "arm", "blue", "NS"), "EW", rotation=1, bolted=True),
            placed(1, 0, tile("wld-09", "leg", "wild", "NS", noses=1, tentacles=1), "NS", bolted=True),
            placed(0, 1, tile("gre-19", "nexus", "green", "NEW", eyes=1, teeth=3), "NSW", rotation=3),
            placed(2, 2, tile("pur-03", "hand", "purple", "N", digits=5), "W", rotation=3)]


def seat(n, abomination, hand=None, bolts=(), **changes):
    s = {"seat": n, "hand_size": len(hand) if hand is not None else 3, "pending_bolts": 0,
         "bolts_placed": len(bolts), "open_loose_ends": 4, "complete": False, "abomination": abomination,
         "bolts": [[list(a), list(b)] for a, b in bolts],
         "score": {"consistency": 1, "dominant": None, "cards": [], "prizes": 0, "total": 1}}
    s.update(changes)
    if hand is not None:
        s["hand"] = hand
    return s


def lone_torso(n, colour="teal"):
    return [placed(0, 0, tile(f"torso-{n + 1}", "torso", colour, "NESW"), "NESW")]


def two_players(viewer=0, **changes):
    seats = [seat(0, monster(), hand=HAND_0 if viewer == 0 else None, bolts=[((0, 0), (0, -1)), ((1, 0), (0, 0))],
                  open_loose_ends=6, score={"consistency": 3, "dominant": "red", "cards": ["showy", "hydra"],
                                            "prizes": 5, "total": 8}),
             seat(1, lone_torso(1), hand=HAND_1 if viewer == 1 else None, hand_size=1)]
    view = {"game": "hideous-abomination", "viewer": viewer, "players": 2, "variant": "standard", "phase": "play",
            "current_player": 0, "turn_player": 0, "turn": 5, "die": "go_mad", "action": "award",
            "awards_revealed": AWARDS[:2], "awards_left": 19, "grand_prizes": GRAND, "threshold": 2,
            "deck_size": 141, "bolt_supply": 28, "dig": None, "seats": seats,
            "buffet": [{"size": 4, "top": tile("pin-07", "tail", "pink", "N", spikes=2)},
                       {"size": 1, "top": tile("wld-12", "nexus", "wild", "NESW", eyes=2, teeth=2, ears=1)},
                       {"size": 0, "top": None}],
            "log": [f"event {i}" for i in range(12)]}
    view.update(changes)
    return view


def block_8x8(seed_colour=0):
    """64 tiles from (-3,-4) to (4,3): every inner side loose (so all contacts match), and the
    outer sides of the first and last rows loose too."""
    colours = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "wild"]
    types = ["head", "arm", "hand", "leg", "foot", "tail", "wing", "nexus", "crotch"]
    cells = []
    for i, (r, c) in enumerate((r, c) for r in range(-3, 5) for c in range(-4, 4)):
        loose = "".join(side for side, inside in (("N", r > -3 or c % 2), ("E", c < 3), ("S", r < 4 or c % 2 == 0),
                                                  ("W", c > -4)) if inside)
        kind = "torso" if (r, c) == (0, 0) else types[i % len(types)]
        cells.append(placed(r, c, tile(f"t{i}", kind, colours[(i + seed_colour) % len(colours)], loose), loose))
    return cells


def five_players(**changes):
    seats = [seat(n, block_8x8(n) if n in (1, 3) else lone_torso(n)) for n in range(5)]
    view = {"game": "hideous-abomination", "viewer": None, "players": 5, "variant": "standard", "phase": "bolt",
            "current_player": 3, "turn_player": 1, "turn": 9, "die": "steal", "action": "steal",
            "awards_revealed": AWARDS, "awards_left": 18, "grand_prizes": GRAND, "threshold": 5, "deck_size": 120,
            "bolt_supply": 20, "dig": None, "seats": seats,
            "buffet": [{"size": 2, "top": tile("yel-05", "foot", "yellow", "N", digits=3, noses=1)}] * 3,
            "log": ["seat 1 stole blu-11 from seat 3"]}
    view.update(changes)
    return view


# ---------------------------------------------------------------- reading the drawing back
def draw(view, width=WIDTH) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(render_view(view))
    return console.file.getvalue()


def grids(text: str) -> list[dict[tuple[int, int], list[str]]]:
    """Every abomination grid in the drawing, in reading order: {(row, col): [top, middle, bottom]}.

    A grid starts at a "r\\c" header whose column labels are centred over 7-wide cells; each
    row's label stands left of the row's middle line.
    """
    lines = text.splitlines()
    found = []
    for y, line in enumerate(lines):
        for m in re.finditer(r"r\\c ", line):
            x = m.start()
            head = line[x + 4:]
            cols = []
            while len(head) >= 7 and re.fullmatch(r" *-?\d+ *", head[:7]):
                cols.append(int(head[:7]))
                head = head[7:]
            cells = {}
            for i in range(y + 1, len(lines)):
                label = lines[i][x:x + 3]
                if label.strip() and not re.fullmatch(r" *-?\d+", label):
                    break
                if label.strip():
                    # a blank last line is trimmed: what follows the grid then is not its bottom line
                    below = lines[i + 1] if i + 1 < len(lines) and not lines[i + 1][x:x + 3].strip() else ""
                    for k, col in enumerate(cols):
                        left = x + 4 + 7 * k
                        cells[(int(label), col)] = [row[left:left + 7].ljust(7) for row in (lines[i - 1], lines[i], below)]
            found.append(cells)
    return found


def test_tiles_sit_at_the_row_and_col_of_the_move_labels():
    grid = grids(draw(two_players()))[0]
    rows = sorted({r for r, _ in grid})
    cols = sorted({c for _, c in grid})
    assert rows == [-1, 0, 1, 2]  # the bounding box, negative coordinates included
    assert cols == [-2, -1, 0, 1, 2]  # grown by one to the west: the arm's loose end faces (0, -2)
    where = {cell: block[1][2:5] for cell, block in grid.items() if block[1][2:5].isalpha()}
    assert where == {(-1, 0): "hea", (0, -1): "arm", (0, 0): "tor", (0, 1): "nex", (1, 0): "leg", (2, 2): "han"}
    # the 2-letter colour code sits top-left of each tile (colour is never hue alone)
    assert grid[(-1, 0)][0][:2] == "re" and grid[(0, -1)][0][:2] == "bl" and grid[(2, 2)][0][:2] == "pu"
    assert grid[(1, 0)][0][:2] == "wi"


def test_column_labels_stand_over_the_type_letters():
    text = draw(two_players())
    header = next(line for line in text.splitlines() if "r\\c" in line)
    x = header.index("r\\c") + 4
    labels = [header[x + 7 * k:x + 7 * k + 7] for k in range(5)]
    assert [label.strip() for label in labels] == ["-2", "-1", "0", "1", "2"]
    for label in labels:  # within the middle 3 columns, where "tor" and "hea" stand
        assert label[:2] == "  " and label[5:] == "  ", label


def test_connectors_only_on_loose_sides():
    grid = grids(draw(two_players()))[0]

    def sides(cell):
        top, mid, bottom = grid[cell]
        return {"N": top[3], "E": mid[6], "S": bottom[3], "W": mid[0]}

    assert sides((-1, 0)) == {"N": " ", "E": " ", "S": "│", "W": " "}  # a head turned to face down
    assert sides((2, 2)) == {"N": " ", "E": " ", "S": " ", "W": "─"}  # the hand, loose to the west only
    assert sides((0, 1)) == {"N": "│", "E": " ", "S": "│", "W": "─"}  # a tee, closed to the east
    assert sides((0, -1))["W"] == "─" and sides((0, -1))["N"] == " "


def test_bolts_sit_on_their_seams():
    grid = grids(draw(two_players()))[0]
    assert grid[(0, -1)][1][6] == "⊕"  # arm | torso: on the arm's east edge
    assert grid[(0, 0)][2][3] == "⊕"  # torso over leg, given as [[1, 0], [0, 0]]: on the torso's south edge
    assert grid[(0, 0)][1][6] == "─"  # the torso | nexus seam has no bolt
    assert sum(line.count("⊕") for block in grid.values() for line in block) == 2


def test_free_cells_by_a_loose_end_get_a_dot_and_others_stay_blank():
    grid = grids(draw(two_players()))[0]
    for cell in [(-1, 1), (0, -2), (1, 1), (2, 0), (2, 1)]:
        assert grid[cell][1][3] == "·", cell
    for cell in [(-1, -1), (-1, 2), (1, 2), (2, -1)]:
        assert "".join(grid[cell]).strip() == "", cell


def test_seat_summary_under_the_grid():
    text = draw(two_players())
    assert "open loose ends 6" in text
    assert "bolts 2 placed" in text
    assert "disconnected: (2, 2)" in text  # the hand is joined to nothing
    assert "8 VP" in text and "consistency 3 (red)" in text and "won: Showy, Hydra" in text
    assert "▶ seat 0 (you) to play a tile" in text


def test_a_wild_tile_is_a_block_of_its_own_colour():
    top, mid, _ = tile_block(tile("wld-09", "leg", "wild", "NS"))
    abbr = [span for span in mid.spans if mid.plain[span.start:span.end] == "leg"]
    assert abbr and "on " in str(abbr[0].style)  # a background, so it reads on dark and light themes
    red_mid = tile_block(tile("red-02", "leg", "red", "NS"))[1]
    assert all("on " not in str(s.style) for s in red_mid.spans)


def test_the_hand_is_drawn_only_in_its_owners_view():
    mine = draw(two_players(viewer=0))
    assert "your hand: 2 tiles" in mine
    assert "ora-02" in mine and "tea-20" in mine and "gre-13" not in mine
    assert "eyes 1" in mine and "horns 3" in mine and "loose N E S W" in mine
    theirs = draw(two_players(viewer=1))
    assert "your hand: 1 tile" in theirs and "gre-13" in theirs and "ora-02" not in theirs
    spectator = draw(two_players(viewer=None))
    assert "your hand" not in spectator and "ora-02" not in spectator and "gre-13" not in spectator
    assert "(spectating)" in spectator
    assert "hand 2" in mine and "hand 1" in mine  # hand sizes are public
    handless = two_players(viewer=0)
    del handless["seats"][0]["hand"]
    assert "your hand" not in draw(handless)


def test_buffet_sizes_and_tops():
    text = draw(two_players())
    # numbered 1-3 as the move labels number them ("Draw the top of pile 1")
    assert "pile 1 · 4 tiles" in text and "pile 2 · 1 tile" in text and "pile 3 · 0 tiles" in text
    assert "pile 0" not in text
    assert "pin-07" in text and "wld-12" in text and "empty" in text
    assert "spikes 2" in text


def test_awards_prizes_and_the_threshold():
    text = draw(two_players())
    for name in ["Done!", "Showy", "Runt", "All-Seeing", "Hydra"]:
        assert name in text
    assert "Frayed" not in text  # not revealed
    assert "Most eyes (count the icons)" in text and "3 VP" in text and "2 VP" in text
    assert "19 Awards left in the deck" in text
    assert "Awards 2 / need more than 2 to finish" in text
    done = draw(two_players(awards_revealed=AWARDS))
    assert "Awards 3 / more than 2: completing an abomination ends the game" in done


def test_status_names_the_turn_the_die_and_the_supplies():
    text = draw(two_players())
    assert "turn 5" in text and "Go Mad! → Award" in text
    assert "deck 141" in text and "bolts in supply 28" in text
    first = draw(two_players(die=None, action="draw", phase="draw", turn=1))
    assert "first turn: Draw (no roll)" in first
    bolting = draw(five_players())
    assert "seat 1's turn; seat 3 to place bolts" in bolting and "die: Steal" in bolting


def test_only_the_last_8_log_lines():
    text = draw(two_players())
    assert "event 11" in text and "event 4" in text
    assert "event 3" not in text


def test_the_digger_sees_the_pile_and_the_others_its_size():
    dug = [tile("blu-04", "hand", "blue", "N", digits=3, spikes=1), tile("ora-15", "leg", "orange", "NS")]
    mine = draw(two_players(phase="dig", die="dig", action="dig", dig={"pile": 1, "tiles": dug}))
    assert "seat 0 (you) digging through pile 2: 2 tiles" in mine  # the view's pile index is 0-based
    assert "blu-04" in mine and "ora-15" in mine
    theirs = draw(two_players(viewer=1, phase="dig", die="dig", action="dig", dig={"pile": 1, "size": 2}))
    assert "seat 0 is digging through pile 2 (2 tiles)" in theirs
    assert "blu-04" not in theirs


def test_game_over_names_the_winners():
    view = two_players(phase="over", current_player=None, winners=[1], ended_by="completion")
    view["seats"][1]["score"] = {"consistency": 1, "dominant": "teal", "cards": ["done", "runt"], "prizes": 6,
                                 "total": 9}
    text = draw(view)
    assert "game over after 5 turns (an abomination is complete)" in text and "winner: seat 1 (9 VP)" in text
    assert "★ seat 1 wins" in text
    assert "final scores: seat 0 (you) 8 VP, seat 1 9 VP" in text
    assert "won by seat 1" in text and "now:" not in text
    assert "to play a tile" not in text


def test_five_players_fit_100_columns():
    text = draw(five_players())
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    found = grids(text)
    assert len(found) == 5
    big = found[1]
    assert {c for _, c in big} >= set(range(-4, 4)) and {r for r, _ in big} >= set(range(-3, 5))
    assert big[(0, 0)][1][2:5] == "tor" and big[(-3, -4)][1][2:5] == "hea"
    # two small seats share a row: line of the torso row holds two grids side by side
    assert any(line.count("r\\c") >= 2 for line in text.splitlines())


def test_a_grid_too_wide_splits_into_column_bands():
    grid = Abomination.from_seat(seat(0, block_8x8()))
    text = grid.text(max_width=40)
    assert max(len(line) for line in text.plain.splitlines()) <= 40
    assert text.plain.count("r\\c") == 2
    assert text.plain.count("tor") == 1 and text.plain.count("hea") == grid.text().plain.count("hea")
    narrow = draw(five_players(), width=60)
    assert max(len(line) for line in narrow.splitlines()) <= 60


def test_every_view_fits_100_columns():
    views = [two_players(), two_players(viewer=None), two_players(viewer=1), five_players(),
             two_players(phase="over", current_player=None, winners=[0, 1])]
    for view in views:
        assert max(len(line) for line in draw(view).splitlines()) <= WIDTH


def test_kids_variants_show_no_scores():
    text = draw(two_players(variant="ages_6_7", awards_revealed=[], grand_prizes=[], awards_left=0, threshold=-1))
    assert "first to complete an abomination wins" in text
    assert " VP" not in text and "Awards left" not in text
    little = draw(two_players(variant="ages_4_5", awards_revealed=[], grand_prizes=[], awards_left=0, threshold=-1,
                              buffet=[], die=None, action="draw", phase="draw"))
    assert "no die" in little and "first turn" not in little and "pile 1" not in little


def test_a_victim_placing_bolts_is_named_in_full():
    text = draw(two_players(viewer=1, phase="bolt", current_player=1, turn_player=0, die="steal", action="steal"))
    assert "▶ seat 1 (you) to place bolts" in text  # the narrow panel widens for its title
    assert "▷ seat 0's turn" in text
    assert "seat 0's turn; seat 1 (you) to place bolts" in text
