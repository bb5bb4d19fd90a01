"""Plant boards: every pattern and example of the rulebook (AB-E-2, AB-PL-*, AB-D-2/3/7/13/14)."""
import pytest

from .helpers import make, points


def game_with(**boards):
    faces = {"apizza": 2, "ajochechon": 2, "romanis": 2, "chichaforo": 3, "tomatillo": 3,
             "ranongo": 3, "fuebas": 4, "elotoche": 4, "costelon": 4, "sadahoria": 5,
             "brocool": 5, "coliflow": 5, "paperdida": 6, "cebolluga": 6, "champisopa": 6}
    return make(2, boards={faces[p]: p for p in boards}, **boards.pop("_opts", {}))[0]


def test_brocool_three_adjacent_score_5():
    g = game_with(brocool=1)
    assert points(g, "555.\n....\n....\n....", 5) == 5
    assert points(g, "55..\n5...\n....\n....", 5) == 5


def test_brocool_four_adjacent_score_10():
    g = game_with(brocool=1)
    assert points(g, "5555\n....\n....\n....", 5) == 10
    assert points(g, "55..\n55..\n....\n....", 5) == 10


def test_brocool_alone_scores_nothing():
    g = game_with(brocool=1)
    assert points(g, "5.5.\n.5.5\n5.5.\n....", 5) == 0
    assert points(g, "5...\n.5..\n....\n....", 5) == 0  # diagonal is not adjacent


def test_best_assignment_is_taken():
    # A 2x2 of Coliflow can be two pairs (10) or one block (12): the player gets 12.
    g = game_with(coliflow=1)
    assert points(g, "55..\n55..\n....\n....", 5) == 12
    # Six in a 2x3: block + pair (17) beats three pairs (15).
    assert points(g, "555.\n555.\n....\n....", 5) == 17
    # Tomatillo: a column of 4 plus a diagonal sharing a plant: 12 + 0 vs 9 + 9.
    t = game_with(tomatillo=1)
    assert points(t, "3...\n33..\n3.3.\n3...", 3) == 18


def test_adjacency_is_orthogonal():
    g = game_with(sadahoria=1)
    assert points(g, "5...\n.5..\n....\n....", 5) == -6
    assert points(g, "55..\n....\n....\n....", 5) == 6


def test_apizza():
    g = game_with(apizza=1)
    assert points(g, "2.2.\n....\n..22\n....", 2) == 8
    assert points(g, "....\n....\n....\n....", 2) == 0


def test_ajochechon():
    g = game_with(ajochechon=1)
    assert points(g, "2...\n2...\n....\n....", 2) == 0  # vertical neighbours
    assert points(g, "2...\n.2..\n....\n....", 2) == 0  # diagonal neighbours
    assert points(g, "22..\n....\n....\n....", 2) == 6  # horizontal is allowed, read literally
    assert points(g, "2.2.\n....\n2.2.\n....", 2) == 12
    h = make(2, boards={2: "ajochechon"}, horizontal_lines=True)[0]
    assert points(h, "22..\n....\n....\n....", 2) == 0


def test_romanis_majority():
    from .helpers import set_garden

    def scores(counts):
        game, s = make(len(counts), boards={2: "romanis"})
        for seat, n in enumerate(counts):
            row = "2" * n + "." * (16 - n)
            set_garden(s, seat, "\n".join(row[i:i + 4] for i in range(0, 16, 4)))
        return [b["plants"]["romanis"] for b in s.score_breakdown()]

    assert scores([3, 2]) == [9, 4]
    assert scores([3, 3]) == [9, 9]  # tied for most: both 3 each [AB-D-7]
    assert scores([5, 4, 3, 2, 1]) == [15, 8, 3, 2, 1]
    assert scores([4, 4, 1]) == [12, 12, 1]  # tie for first; next is third
    assert scores([2, 0]) == [6, 0]


def test_chichaforo_vertical_plus_diagonal_18():
    g = game_with(chichaforo=1)
    # the rulebook example: a vertical and a diagonal, 9 each
    assert points(g, "3..3\n3.3.\n33..\n....", 3) == 18
    assert points(g, "3...\n3...\n3...\n....", 3) == 9
    assert points(g, "3...\n.3..\n..3.\n....", 3) == 9
    assert points(g, "..3.\n.3..\n3...\n....", 3) == 9


def test_chichaforo_horizontal_only_by_option():
    g = game_with(chichaforo=1)
    assert points(g, "333.\n....\n....\n....", 3) == 0
    h = make(2, boards={3: "chichaforo"}, horizontal_lines=True)[0]
    assert points(h, "333.\n....\n....\n....", 3) == 9


def test_tomatillo():
    g = game_with(tomatillo=1)
    assert points(g, "3...\n3...\n3...\n....", 3) == 9
    assert points(g, "3...\n3...\n3...\n3...", 3) == 12  # the fourth adds 3
    assert points(g, "3...\n.3..\n..3.\n...3", 3) == 9  # only the vertical line takes a fourth
    assert points(g, "333.\n....\n....\n....", 3) == 0


def test_ranongo_every_l_and_j():
    g = game_with(ranongo=1)
    shapes = ["3...\n3...\n33..\n....", ".3..\n.3..\n33..\n....", "333.\n3...\n....\n....",
              "333.\n..3.\n....\n....", "33..\n3...\n3...\n....", "33..\n.3..\n.3..\n....",
              "3...\n333.\n....\n....", "..3.\n333.\n....\n...."]
    for shape in shapes:
        assert points(g, shape, 3) == 8, shape
    assert points(g, "3333\n....\n....\n....", 3) == 0
    assert points(g, "33..\n33..\n....\n....", 3) == 0
    assert points(g, ".3..\n333.\n....\n....", 3) == 0  # a T is not an L


def test_fuebas_chains():
    g = game_with(fuebas=1)
    assert points(g, "4...\n....\n....\n....", 4) == 1
    assert points(g, "44..\n....\n....\n....", 4) == 4
    assert points(g, "444.\n..4.\n....\n...4", 4) == 10 + 1
    assert points(g, "4...\n.4..\n....\n....", 4) == 2  # diagonal does not chain


def test_elotoche_columns():
    g = game_with(elotoche=1)
    assert points(g, "4...\n....\n....\n....", 4) == 1
    assert points(g, "4...\n4...\n4...\n....", 4) == 9
    assert points(g, "44..\n....\n....\n....", 4) == 2  # side by side is not the pattern


def test_costelon():
    g = game_with(costelon=1)
    assert points(g, "44..\n44..\n....\n....", 4) == 12
    assert points(g, "44.4\n44..\n....\n4...", 4) == 14
    assert points(g, "444.\n....\n....\n....", 4) == 3


def test_sadahoria():
    g = game_with(sadahoria=1)
    assert points(g, "55..\n....\n....\n....", 5) == 6
    assert points(g, "555.\n....\n....\n....", 5) == 3  # a pair and one unpaired
    assert points(g, "5...\n....\n....\n....", 5) == -3
    assert points(g, "5555\n....\n....\n....", 5) == 12


def test_coliflow():
    g = game_with(coliflow=1)
    assert points(g, "55..\n....\n....\n....", 5) == 5
    assert points(g, "55..\n55..\n....\n....", 5) == 12
    assert points(g, "5555\n....\n....\n....", 5) == 10


def test_paperdida_triangles():
    g = game_with(paperdida=1)
    for shape in ["6.6.\n.6..\n....\n....", ".6..\n6.6.\n....\n....",
                  "6...\n.6..\n6...\n....", ".6..\n6...\n.6..\n...."]:
        assert points(g, shape, 6) == 9, shape
    assert points(g, "666.\n....\n....\n....", 6) == 0
    assert points(g, "6.6.\n.6..\n6.6.\n....", 6) == 9  # five plants: one triangle only


def test_cebolluga():
    g = game_with(cebolluga=1)
    for shape in ["6...\n66..\n....\n....", "66..\n6...\n....\n....", "66..\n.6..\n....\n....",
                  ".6..\n66..\n....\n...."]:
        assert points(g, shape, 6) == 8, shape
    assert points(g, "666.\n....\n....\n....", 6) == 0
    assert points(g, "66..\n66..\n....\n....", 6) == 8


def test_champisopa():
    g = game_with(champisopa=1)
    assert points(g, "666.\n....\n....\n....", 6) == 7
    assert points(g, "6...\n6...\n6...\n....", 6) == 7
    assert points(g, "6...\n.6..\n..6.\n....", 6) == 0
    assert points(g, "666.\n666.\n....\n....", 6) == 14


@pytest.mark.parametrize("plant", ["brocool", "coliflow", "sadahoria"])
def test_pair_scoring_ignores_other_faces(plant):
    g = game_with(**{plant: 1})
    assert points(g, "54..\n4...\n....\n....", 5) == (-3 if plant == "sadahoria" else 0)
