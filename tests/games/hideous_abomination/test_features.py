"""The lab's measures of a finished Hideous Abomination game (features.py)."""
from cardboard.agents import make_agent
from cardboard.engine import game_class, load_game
from cardboard.engine.data import cons_to_list
from cardboard.games.hideous_abomination.scoring import final_scores


def finished(players=3, seed=4):
    game = load_game("hideous-abomination", players=players, seed=seed)
    state = game.new_initial_state()
    bots = [make_agent("heuristic", seed=s, game_id="hideous-abomination") for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


def test_awards_prizes_and_steals_match_the_game():
    steals_seen = 0
    for seed in range(4):
        state = finished(3, seed)
        feats = game_class("hideous-abomination").features(state)
        scores = final_scores(state)
        steals = [e for e in cons_to_list(state.log) if e[0] == "steal"]
        steals_seen += len(steals)
        assert sum(doc["steals"] for doc in feats) == sum(doc["stolen_from"] for doc in feats) == len(steals)
        for seat, doc in enumerate(feats):
            cards = {k.split(".", 1)[1] for k, v in doc.items() if k.startswith(("award.", "prize.")) and v}
            assert cards == set(scores[seat]["cards"])
            assert doc["awards"] + doc["grand_prizes"] == len(cards)
            assert doc["prize_points"] + doc["consistency"] == state.scores()[seat]
            assert doc["awards_drawn"] == len(state.awards)
        assert sum(doc["finished"] for doc in feats) == (1 if state.done_by is not None else 0)
    assert steals_seen > 0
