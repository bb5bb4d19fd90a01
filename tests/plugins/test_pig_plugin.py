"""A game from outside cardboard: Pig, in its own package (tests/plugins/pig), declares the
`cardboard.games` entry point and nothing else. With no change to cardboard it is listed,
plays in the terminal, `sim` and `arena`, gets a web table, and its rules index is covered.
The shared per-game tests (tests/engine/test_properties.py) parametrize over it like any game."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import cardboard
from cardboard import Action, ConfigError, IllegalAction
from cardboard.agents import make_agent
from cardboard.agents.arena import arena
from cardboard.cli import main
from cardboard.engine import Rng, game_class
from cardboard.play import renderer, run_play
from cardboard.rules_index import check
from cardboard.sim import simulate

from tests.server.conftest import client, join, new_table, recv_state, settings  # noqa: F401  (fixtures)

CARDBOARD = Path(cardboard.__file__).parent


def pig(players=2, seed=0, **options):
    return cardboard.load_game("pig", players=players, seed=seed, options=options)


def rolled_to(state, faces):
    """Make the next rolls give `faces` (the state's RNG replaced by one that returns them)."""
    class Loaded(Rng):
        def __init__(self, queue):
            super().__init__(0)
            self.queue = list(queue)

        def die(self, sides=6):
            return self.queue.pop(0)

        def copy(self):
            return Loaded(self.queue)

    state.rng = Loaded(faces)
    return state


# ---------------------------------------------------------------- discovered, not listed
def test_the_plugin_is_found_through_its_entry_point_alone():
    assert "pig" in cardboard.list_games()
    cls = game_class("pig")
    assert cls.__module__ == "pig_game.game"
    assert not cls.folder().is_relative_to(CARDBOARD)  # nothing of it lives inside cardboard
    assert cls.heuristic().__name__ == "PigHeuristic" and cls.web_folder() is None
    assert cls.rules_index().is_file()


def test_its_rules_index_is_covered():
    rules = check("pig")
    assert [r.id for r in rules] == [f"PG-{i}" for i in range(1, 7)]
    assert all(r.covered for r in rules), [r.missing for r in rules if r.missing]


def test_bad_options_are_named():
    with pytest.raises(ConfigError, match="option 'target'"):
        pig(target=0)
    with pytest.raises(ConfigError, match="Pig is for 2 to 4 players, not 5"):
        pig(players=5)


# ---------------------------------------------------------------- its rules
def test_a_new_game_starts_at_zero():
    state = pig(players=3).new_initial_state()
    assert state.scores() == [0, 0, 0] and state.current_player == 0 and state.view(1)["turn_total"] == 0


def test_a_roll_adds_its_face():
    state = rolled_to(pig().new_initial_state(), [4, 5])
    state.apply_json({"kind": "roll"})
    state.apply_json({"kind": "roll"})
    assert state.turn_total == 9 and state.current_player == 0


def test_a_one_loses_the_turn_total():
    state = rolled_to(pig().new_initial_state(), [6, 1])
    state.apply_json({"kind": "roll"})
    state.apply_json({"kind": "roll"})
    assert state.turn_total == 0 and state.scores() == [0, 0] and state.current_player == 1


def test_holding_banks_the_turn():
    state = rolled_to(pig().new_initial_state(), [3, 6])
    state.apply_json({"kind": "roll"})
    state.apply_json({"kind": "roll"})
    state.apply_json({"kind": "hold"})
    assert state.scores() == [9, 0] and state.current_player == 1 and state.turn_total == 0


def test_no_hold_before_a_roll():
    state = pig().new_initial_state()
    with pytest.raises(IllegalAction, match=r"\[PG-4\] roll at least once before you hold"):
        state.apply(Action("hold"))
    with pytest.raises(IllegalAction, match="hold"):
        state.apply_json({"kind": "hold"})
    assert len(state) == 0 and state.legal_actions() == [Action("roll")]


def test_reaching_the_target_wins_at_once():
    state = rolled_to(pig(target=10).new_initial_state(), [6, 5])
    state.apply_json({"kind": "roll"})
    state.apply_json({"kind": "roll"})  # 11 >= 10: banked and won without a hold
    assert state.is_terminal() and state.winners() == [0] and state.scores() == [11, 0]


# ---------------------------------------------------------------- every front end takes it
def test_it_plays_in_the_terminal_with_its_own_drawing():
    assert renderer("pig") is game_class("pig").terminal_renderer()
    out = Console(file=io.StringIO(), width=100)
    assert run_play(pig(seed=4), humans=1, bot="heuristic", console=out, input_fn=lambda prompt: "1",
                    bot_delay=0) == 0
    text = out.file.getvalue()
    assert "Pig: first to 50" in text and "Winner: seat" in text


def test_sim_and_arena_play_it_and_the_heuristic_beats_random():
    # holding at 20 wins 78.5% of 400 games against random moves (74.2-82.3%); random alone, 50%
    report = simulate("pig", ["random", "heuristic"], games=100, seed=2)
    assert report["results"]["heuristic"]["win_rate"] > 0.65
    result = arena("pig", ["mcts", "random"], games=4, seed=1)
    assert [result["results"][a]["seats"] for a in ("mcts", "random")] == [4, 4] and len(result["played"]) == 4
    assert main(["arena", "pig", "--agents", "heuristic,greedy", "--games", "2"]) == 0
    assert main(["sim", "pig", "--agents", "hard:0.05,easy", "--games", "2", "--players", "3"]) == 0


def test_every_bot_level_plays_it():
    for level in ("random", "greedy", "heuristic", "mcts", "search", "easy", "medium", "hard:0.05"):
        agent = make_agent(level, seed=1, game_id="pig")
        state = pig(seed=3).new_initial_state()
        assert agent.choose(state) in state.legal_actions()


def test_it_gets_a_web_table_drawn_by_the_generic_view(client):  # noqa: F811  (the fixture)
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["pig"]["name"] == "Pig" and "target" in json.dumps(games["pig"]["options"])
    assert client.get("/games/pig/pig.js").status_code == 404  # no drawing of its own: the tree view
    t = new_table(client, game="pig", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "medium"}])
    a = join(client, t["id"], "Ana")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={a['token']}") as ws:
        m = recv_state(ws)
        assert m["view"]["target"] == 50 and [x["move"] for x in m["legal"]] == [{"kind": "roll"}]
        for _ in range(200):
            if "result" in m:
                break
            if m["legal"]:
                ws.send_json({"type": "move", "move": m["legal"][0]["move"], "n": m["n"]})
            m = recv_state(ws)
        assert "result" in m and set(m["result"]["winners"]) <= {0, 1}
