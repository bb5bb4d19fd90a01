"""The lab's measures of a finished Aban! game (features.py)."""
from cardboard.agents import make_agent
from cardboard.engine import game_class, load_game
from cardboard.games.aban.garden import RADISH


def finished(players, seed, **options):
    game = load_game("aban", players=players, seed=seed, options=options)
    state = game.new_initial_state()
    bots = [make_agent("heuristic", seed=s, game_id="aban") for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


def test_boards_in_play_and_their_points_match_the_score():
    state = finished(3, 2, expansion=True)
    feats = game_class("aban").features(state)
    in_play = set(state.cfg.boards.values())
    for seat, doc in enumerate(feats):
        assert {k[3:] for k, v in doc.items() if k.startswith("in.") and v} == in_play
        assert {k[6:] for k in doc if k.startswith("board.")} == in_play  # only boards in play
        assert {k[6:] for k, v in doc.items() if k.startswith("super.") and v} == set(state.cfg.supers)
        plants = sum(doc[f"board.{p}"] for p in in_play)
        assert plants + doc["chayote"] + doc["token_points"] + doc["radish_points"] == state.scores()[seat]


def test_the_patterns_scored_add_up_to_each_pattern_boards_points():
    checked = 0
    for seed in range(6):
        state = finished(2, seed)
        content = state.cfg.content
        for seat, doc in enumerate(game_class("aban").features(state)):
            if any(v == RADISH for v in state.gardens[seat]):
                continue  # radishes are shared between boards: the packing is per board
            for face, pid in state.cfg.boards.items():
                plant = content.plant(pid)
                if plant.scoring != "patterns":
                    continue
                vp = {p.name: p.vp for p in plant.patterns}
                names = {k.split(".", 2)[2]: v for k, v in doc.items() if k.startswith(f"pattern.{pid}.")}
                from cardboard.games.aban.features import _slug
                by_slug = {_slug(n): v for n, v in vp.items()}
                pattern_points = sum(by_slug[s] * count for s, count in names.items())
                grown = sum(1 for v in state.gardens[seat] if v == face)
                in_patterns = sum(len(p.cells()) * names[_slug(p.name)] for p in plant.patterns)
                assert pattern_points + plant.leftover_vp * (grown - in_patterns) == doc[f"board.{pid}"]
                checked += 1
    assert checked >= 4
