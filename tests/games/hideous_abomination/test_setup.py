"""Setup (HA-S-*, HA-C-1)."""
import pytest

import cardboard

from .helpers import make


def test_setup_cards_buffet_torsos_hands():
    game, s = make(3, seed=4)
    v = s.view(None)
    assert [c["id"] for c in v["grand_prizes"]] == ["done", "showy", "runt"]
    assert v["awards_revealed"] == [] and v["awards_left"] == 21
    assert [p["size"] for p in v["buffet"]] == [1, 1, 1] and all(p["top"] for p in v["buffet"])
    assert [x["hand_size"] for x in v["seats"]] == [3, 3, 3]
    torsos = [x["abomination"] for x in v["seats"]]
    assert all(len(a) == 1 and a[0]["at"] == [0, 0] and a[0]["tile"]["torso"] for a in torsos)
    assert len({a[0]["tile"]["id"] for a in torsos}) == 3  # each a different torso
    assert v["deck_size"] == 190 - 3 - 9 and v["bolt_supply"] == 30
    # every body part is somewhere: deck + buffet + hands
    parts = len(s.deck) + sum(len(p) for p in s.buffet) + sum(len(h) for h in s.hands)
    assert parts == 190
    # the shuffle is the seed's
    assert make(3, seed=4)[1]._dump() == s._dump()
    assert make(3, seed=5)[1]._dump() != s._dump()


def test_first_player_option():
    _, s = make(3, first_player=2)
    assert s.current_player == 2 and s.view(None)["turn_player"] == 2
    with pytest.raises(cardboard.ConfigError, match="first_player"):
        make(3, first_player=3)
    with pytest.raises(cardboard.ConfigError, match="2 to 5 players"):
        make(6)


def test_user_tiles_join_the_deck(tmp_path):
    extra = tmp_path / "mine.toml"
    extra.write_text('[[tiles]]\nid = "my-01"\ntype = "head"\ncolour = "red"\ntexture = "fur"\n'
                     'sides = "N"\nattributes = { eyes = 3 }\n')
    game, s = make(2, extra_tiles=str(extra))
    assert "my-01" in game.cfg.index
    parts = len(s.deck) + sum(len(p) for p in s.buffet) + sum(len(h) for h in s.hands)
    assert parts == 191
