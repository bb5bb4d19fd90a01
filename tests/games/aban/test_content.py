"""Components as data (AB-C-1, AB-D-21)."""
import pytest

import cardboard
from cardboard.games.aban.content import DEFAULT_CONTENT, load_content, parse_content

from .helpers import make


def test_default_content_loads_and_matches_rulebook():
    c = load_content()
    assert {p.face for p in c.plants} == {2, 3, 4, 5, 6}
    assert [len(c.plants_of_face(f)) for f in range(2, 7)] == [3, 3, 3, 3, 3]
    assert dict(c.setup.tokens) == {2: 5, 3: 4, 4: 3, 5: 3}
    assert dict(c.setup.shovels) == {2: 2, 3: 3, 4: 3, 5: 4}
    assert c.setup.fertilizer == 3
    assert {s.id for s in c.super_plants} == {"colemo", "machonero", "don_maceta", "rabamimo"}
    # the box: 15 fertilizer, 15 Espino/Rocky and 20 shovel tokens are enough for 5 players
    assert 5 * c.setup.fertilizer <= 15 and 5 * c.setup.tokens[5] <= 15 and 5 * c.setup.shovels[5] <= 20


def test_malformed_content_is_rejected_clearly(tmp_path):
    text = DEFAULT_CONTENT.read_text()
    with pytest.raises(cardboard.ConfigError, match="not valid TOML"):
        parse_content("[[plants]\nid=", "bad.toml")
    with pytest.raises(cardboard.ConfigError, match="shape"):
        parse_content(text.replace('shape = "XXX"', 'shape = "X?X"'), "bad.toml")
    with pytest.raises(cardboard.ConfigError, match="face"):
        parse_content(text.replace("face = 6", "face = 9"), "bad.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("vp = 9", 'vp = "nine"', 1))
    with pytest.raises(cardboard.ConfigError, match="bad.toml.*vp"):
        make(2, content=str(bad))
    with pytest.raises(cardboard.ConfigError, match="cannot read"):
        make(2, content=str(tmp_path / "missing.toml"))


def test_custom_content_file_is_used(tmp_path):
    text = DEFAULT_CONTENT.read_text().replace(
        'id = "apizza"\nname = "Apizza"\nface = 2\nscoring = "each"\nvp = 2',
        'id = "apizza"\nname = "Apizza"\nface = 2\nscoring = "each"\nvp = 5')
    custom = tmp_path / "printed.toml"
    custom.write_text(text)
    game, s = make(2, content=str(custom), boards={2: "apizza"})
    from .helpers import points
    assert points(game, "22..", 2) == 10
    s.apply(s.legal_actions()[0])
    assert game.state_from_json(s.to_json())._dump() == s._dump()


def test_bad_options_name_the_problem():
    with pytest.raises(cardboard.ConfigError, match="option 'token_side'"):
        make(2, token_side="both")
    with pytest.raises(cardboard.ConfigError, match="option 'colour'"):
        make(2, colour="red")
    with pytest.raises(cardboard.ConfigError, match="1 to 5 players"):
        make(6)
