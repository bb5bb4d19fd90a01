"""The lab's measures of a finished Aberration game (features.py)."""
from cardboard.agents import make_agent
from cardboard.engine import game_class, load_game


def play(players, seed, scenario, agent="heuristic"):
    game = load_game("aberration", players=players, seed=seed, options={"scenario": scenario})
    state = game.new_initial_state()
    bots = [make_agent(agent, seed=s, game_id="aberration") for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


def test_scenario_heroes_result_and_cause_of_defeat():
    causes = set()
    for seed in range(3):
        for agent in ("heuristic", "random"):
            state = play(2, seed, "long_night", agent)
            feats = game_class("aberration").features(state)
            assert len(feats) == 2
            for seat, doc in enumerate(feats):
                assert doc["scenario"] == "long_night"
                assert doc["hero"] == state.cfg.heroes[state.heroes[seat].hero].id
                assert doc["class"] == state.cfg.classes[state.heroes[seat].cls].id
                assert doc["rounds"] == state.round
                assert doc["win"] == (state.result == "win")
                assert (doc["cause"] == "") == (state.result == "win")
                assert doc["aberration_cards"] == len(state.heroes[seat].cards)
            causes.add(feats[0]["cause"])
    assert "fear" in causes  # the random team loses to Fear
    assert causes <= {"", "fear", "fourth_card", "beast_deck"}
