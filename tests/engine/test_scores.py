"""Scores are whole numbers where a game's scores are whole (5, not 5.0), in `scores()` and in
`outcome()` alike (a game's own `outcome` included); a fractional score stays a float."""
from __future__ import annotations

import json
import random

import pytest

import cardboard
from cardboard.engine import State, game_class
from cardboard.engine.state import plain_scores

SETUPS = [
    pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{i}")
    for game_id in cardboard.list_games()
    for i, (players, options) in enumerate(game_class(game_id).setups)
]


def same_kind(values) -> bool:
    """Whole values are ints; a list holding a fraction is all floats."""
    if all(type(v) is int for v in values):
        return True
    return all(type(v) is float for v in values) and any(not v.is_integer() for v in values)


@pytest.mark.parametrize("game_id,players,options", SETUPS)
def test_whole_scores_are_ints(game_id, players, options):
    game = cardboard.load_game(game_id, players=players, seed=11, options=options)
    state = game.new_initial_state()
    rnd = random.Random(11)
    seen = 0
    while not state.is_terminal():
        if seen % 7 == 0:
            scores = state.scores()
            assert same_kind(scores), scores
        state.apply(rnd.choice(state.legal_actions()))
        seen += 1
    scores, winners = state.outcome()
    assert same_kind(scores), scores
    assert same_kind(state.scores()), state.scores()
    assert scores == state.scores() and winners == state.winners()
    assert json.loads(json.dumps(scores)) == scores


def test_plain_scores():
    assert plain_scores((5.0, -2.0, 0.0)) == [5, -2, 0] and all(type(v) is int for v in plain_scores((5.0, 1.0)))
    assert plain_scores((5, 3)) == [5, 3]
    fractional = plain_scores((0.5, 1.0))
    assert fractional == [0.5, 1.0] and all(type(v) is float for v in fractional)
    assert plain_scores((float("inf"), 1.0)) == [float("inf"), 1.0]


def test_a_games_own_outcome_is_made_whole_too():
    class Toy(State):
        __slots__ = ()

        def _current_player(self):
            return None

        def _scores(self):
            return (3.0, 7.0)

        def outcome(self):
            return [3.0, 7.0], [1]

    toy = Toy.__new__(Toy)
    scores, winners = toy.outcome()
    assert scores == [3, 7] and all(type(v) is int for v in scores) and winners == [1]
    assert [type(v) for v in toy.scores()] == [int, int]
