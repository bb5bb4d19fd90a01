"""Campaign files: cells, derived seeds (paired across variants), seating, content variants."""
from __future__ import annotations

import tomllib

import pytest

from cardboard.engine import ConfigError
from cardboard.lab import load_campaign
from cardboard.lab.campaign import BASE, ContentPatch, cell_options, game_seed, seating
from cardboard.lab.content import apply_patch, materialise

from .helpers import campaign


def test_cells_are_players_by_grid_by_variant_and_seeds_pair_the_variants():
    c = campaign(grid={"first_player": [0, 1]}, variants=[{"name": "v", "options": {}},
                                                          {"name": "u", "paired": False}])
    cells = c.cells()
    assert len(cells) == 2 * 2 * 3
    by = {(x.players, x.point["first_player"], x.variant): x for x in cells}
    base, v, u = by[(3, 1, BASE)], by[(3, 1, "v")], by[(3, 1, "u")]
    assert game_seed(c, base, 4) == game_seed(c, v, 4)          # paired: the same deal
    assert game_seed(c, base, 4) != game_seed(c, u, 4)          # unpaired: its own deals
    assert game_seed(c, base, 4) != game_seed(c, base, 5) != game_seed(c, by[(2, 1, BASE)], 4)
    assert cell_options(c, base) == {"first_player": 1}
    # the same campaign read again gives the same seeds (derive_seed, not hash())
    assert game_seed(campaign(grid={"first_player": [0, 1]}), by[(3, 1, BASE)], 4) == game_seed(c, base, 4)


def test_seating_rotates_every_agent_through_every_seat():
    c = campaign(agents=["random", "greedy"])
    seen = {tuple(seating(c, 2, k)) for k in range(4)}
    assert seen == {("random", "greedy"), ("greedy", "random")}
    assert seating(campaign(agents=["greedy"]), 3, 7) == ["greedy"] * 3
    assert seating(campaign(agents=["random", "greedy"], seating="fixed"), 3, 1) == ["random", "greedy", "random"]


@pytest.mark.parametrize("fields, message", [
    ({"players": [9]}, "is for 2 to 4 players, not 9"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"games": 0}, "games"),
    ({"variants": [{"name": "base"}]}, "'base' is the campaign's own set-up"),
    ({"variants": [{"name": "a"}, {"name": "a"}]}, "two variants have the same name"),
    ({"grid": {"first_player": []}}, "grid 'first_player' lists no values"),
    ({"surprise": 1}, "surprise"),
    ({"variants": [{"name": "a", "focus": {"seat": 0, "feature": "x"}}]}, "exactly one of seat or feature"),
])
def test_a_bad_campaign_is_refused_with_its_problem_named(fields, message):
    with pytest.raises(ConfigError, match=message):
        campaign(**fields)


def test_a_campaign_file_reads_and_names_its_own_errors(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text('name = "x"\ngame = "abyss"\nplayers = [2]\ngames = 3\nagents = ["random"]\n'
                 '[options]\ncontent = "./lords.toml"\n')
    c = load_campaign(f)
    assert c.options["content"] == str(tmp_path / "lords.toml")  # "./" is beside the campaign
    f.write_text("name = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_campaign(f)
    with pytest.raises(ConfigError, match="cannot read the campaign"):
        load_campaign(tmp_path / "missing.toml")


def test_a_content_patch_changes_a_copy_and_leaves_a_component_out():
    cls = campaign().game_class()
    patch = ContentPatch(set={"lords.jailer.cost": 9, "setup.start_pearls": 2}, remove=["lords.miller"])
    doc = tomllib.loads((cls.folder() / "content.toml").read_text())
    new = apply_patch(doc, patch)
    jailer = next(x for x in new["lords"] if x["id"] == "jailer")
    assert jailer["cost"] == 9 and new["setup"]["start_pearls"] == 2
    assert not any(x["id"] == "miller" for x in new["lords"]) and len(new["lords"]) == len(doc["lords"]) - 1
    assert next(x for x in doc["lords"] if x["id"] == "jailer")["cost"] != 9  # the original is untouched
    path = materialise(cls, patch)
    game = cls(3, 1, {"content": path})
    assert game.cfg.cost[game.cfg.lord_index["jailer"]] == 9 and "miller" not in game.cfg.lord_index
    assert materialise(cls, patch) == path  # made once, named by its content


@pytest.mark.parametrize("patch, message", [
    ({"set": {"lords.nobody.cost": 1}}, "no item with id 'nobody'"),
    ({"set": {"lords.jailer.kost": 1}}, "no 'kost' to change"),
    ({"set": {"setup.keys.x": 1}}, "below a plain value"),
    ({"remove": ["lords.99"]}, "index 99 is outside"),
    ({"set": {"": 1}}, "not a dotted path"),
])
def test_a_bad_content_path_is_named(patch, message):
    cls = campaign().game_class()
    doc = tomllib.loads((cls.folder() / "content.toml").read_text())
    with pytest.raises(ConfigError, match=message):
        apply_patch(doc, ContentPatch(**patch))
