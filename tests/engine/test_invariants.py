"""engine/invariants.py: the helper games' invariants count their components with."""
from cardboard.engine.invariants import each_in_one_place


def test_components_each_in_one_place_pass():
    assert each_in_one_place("cards", 4, {"deck": (0, 2), "hand": [3], "discard": (1,)}) == []


def test_a_missing_a_doubled_and_an_unknown_component_are_named_with_the_places():
    # four counted, as many as the game has, yet 1 and 3 are missing
    assert each_in_one_place("cards", 4, {"deck": (0, 2), "hand": [2, 7]}) == [
        "cards: 1 in two places (#2)", "cards: unknown components [7]"]
    assert each_in_one_place("cards", 4, {"deck": (0,)}) == ["cards: 1 counted (deck 1), 4 in the game"]
    assert each_in_one_place("cards", 4, {"deck": (0,)}, exact=False) == []
    assert each_in_one_place("cards", 1, {"deck": (0,), "box": (0,)}, exact=False) == [
        "cards: 2 counted (deck 1, box 1), 1 in the game", "cards: 1 in two places (#0)"]
