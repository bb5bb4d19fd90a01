"""The lab's measures of a finished Abyss game (features.py)."""
from cardboard.agents import make_agent
from cardboard.engine import game_class, load_game
from cardboard.games.abyss.scoring import breakdown


def finished(players=3, seed=5):
    game = load_game("abyss", players=players, seed=seed)
    state = game.new_initial_state()
    bots = [make_agent("greedy", seed=s, game_id="abyss") for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


def test_every_lord_is_a_feature_and_the_held_ones_match_the_seats_lords():
    state = finished()
    feats = game_class("abyss").features(state)
    ids = [lord.id for lord in state.cfg.lords]
    for seat, doc in enumerate(feats):
        held = {state.cfg.lords[x].id for x in state.lords_owned(seat)}
        assert {k for k in doc if k.startswith("lord.")} == {f"lord.{i}" for i in ids}
        assert {i for i in ids if doc[f"lord.{i}"]} == held
        assert doc["lords"] == len(held)
        assert doc["allies"] == len(state.affiliated[seat])
        assert doc["locations"] == len(state.locations[seat]) == sum(v for k, v in doc.items() if k.startswith("location."))
    # a Lord has one owner at most; the Influence by source adds up to the score
    for lord in ids:
        assert sum(doc[f"lord.{lord}"] for doc in feats) <= 1
    for seat, doc in enumerate(feats):
        total = doc["ip_lords"] + doc["ip_locations"] + doc["ip_allies"] + doc["ip_tokens"]
        assert total == breakdown(state)[seat]["total"] == state.scores()[seat]
