"""The lab's measures of a finished Abomination game (features.py)."""
from cardboard.agents import make_agent
from cardboard.engine import game_class, load_game
from cardboard.games.abomination.game import ALIVE


def test_objectives_claimed_and_creature_parts_match_the_game():
    game = load_game("abomination", players=3, seed=2)
    state = game.new_initial_state()
    bots = [make_agent("heuristic", seed=s, game_id="abomination") for s in range(3)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    feats = game_class("abomination").features(state)
    cfg = state.cfg
    in_play = {cfg.objectives[o].id for o in state.objectives}
    vp = cfg.content.scoring.objective_vp
    for seat, doc in enumerate(feats):
        assert {k.split(".", 1)[1] for k in doc if k.startswith("objective.")} == in_play
        claimed = {cfg.objectives[o].id for k, o in enumerate(state.objectives) if seat in state.claimed[k]}
        assert {k.split(".", 1)[1] for k, v in doc.items() if k.startswith("objective.") and v} == claimed
        assert doc["vp_objectives"] == vp * len(claimed) == vp * doc["objectives"]
        assert doc["parts_alive"] == state.players[seat].count_parts(ALIVE)
        assert sum(v for k, v in doc.items() if k.startswith("alive.")) == doc["parts_alive"]
        assert sum(v for k, v in doc.items() if k.startswith("vp_")) == state.scores()[seat]
        assert doc["character"] == cfg.characters[state.players[seat].character].id
