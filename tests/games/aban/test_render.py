"""The terminal drawing of Rockys: on a plant, on an empty square or a radish, and piled up."""
from cardboard.games.aban.render import render_garden

from .helpers import make, set_garden
from cardboard.games.aban import garden as G


def test_rocky_piles_are_drawn_with_their_number():
    _, s = make(2, token_side="rocky", boards={5: "brocool"})
    set_garden(s, 1, "d5..\nR...\nw...\n....")
    s.gardens = (s.gardens[0], G.with_cell(s.gardens[1], G.idx(0, 1), 2 * G.ROCKY + 5))
    s.refresh_squares()
    view = s.view(None)
    squares = {tuple(q["at"]): q for q in view["seats"][1]["garden"]}
    assert squares[(0, 1)] == {"at": [0, 1], "plant": "brocool", "token": "rocky", "rockys": 2}
    assert squares[(2, 0)] == {"at": [2, 0], "plant": None, "token": "rocky", "rockys": 1, "radish": True}
    lines = render_garden(view["seats"][1], view).plain.splitlines()
    assert lines[1].split()[1:3] == ["●Br", "2●B"]
    assert lines[2][3:6] == " ● " and lines[3][3:6] == " ●◆"
