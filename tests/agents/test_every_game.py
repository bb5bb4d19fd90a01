"""Every agent plays every registered game: a game added to the registry is covered here with no
change to the agents or to this file."""
from __future__ import annotations

import pytest

import cardboard
from cardboard.agents import make_agent
from cardboard.engine import game_class

GAMES = cardboard.list_games()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
def test_agent_plays_a_whole_game_legally(game_id, name):
    cls = game_class(game_id)
    players = max(cls.min_players, 2) if cls.max_players >= 2 else cls.min_players
    state = cardboard.load_game(game_id, players=players, seed=7).new_initial_state()
    agents = [make_agent(name, seed=s, game_id=game_id) for s in range(players)]
    moves = 0
    while not state.is_terminal():
        seat = state.current_player
        before = state.view(seat)
        action = agents[seat].choose(state)
        assert action in state.legal_actions()
        assert state.view(seat) == before, "choosing a move changed the state"
        state.apply(action)
        moves += 1
        assert moves < 20000
    assert len(state.scores()) == players
    if cls.cooperative:   # the team wins or loses as one
        assert state.winners() in ([], list(range(players)))
    else:
        assert state.winners()


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_level_on_a_tiny_budget_plays_legal_moves(game_id):
    cls = game_class(game_id)
    players = max(cls.min_players, 2) if cls.max_players >= 2 else cls.min_players
    state = cardboard.load_game(game_id, players=players, seed=8).new_initial_state()
    agent = make_agent("hard:0.05", seed=1, game_id=game_id)
    rnd = make_agent("random", seed=2)
    for step in range(24):
        if state.is_terminal():
            break
        action = (agent if step % 3 == 0 else rnd).choose(state)
        assert action in state.legal_actions()
        state.apply(action)
