"""Undo never lets a player peek (issue #24, finding 7): over random games of every registered
game, with seat 0 the one person, no move that the server's check lets be undone showed seat 0
anything new, as judged by a stronger oracle (64 re-deals of what seat 0 cannot see, with their
own seeds, each compared with what the real move showed)."""
from __future__ import annotations

import random

import pytest

import cardboard
from cardboard.engine import game_class
from cardboard.engine.rng import derive_seed
from cardboard.server.bots import reveals

# moves played per game (a few seconds each: Abomination's re-deals are the slowest)
MOVES = {"abomination": 56, "aberration": 50, "hideous-abomination": 50, "abyss": 70}


def showed_something(before, after, move, seat: int, samples: int = 64) -> bool:
    """The oracle: some re-deal of the position before, with the move played, gives the seat a
    view other than the one the real move gave it (no look at the RNG: a re-deal reseeds it)."""
    real = after.view(seat)
    for i in range(samples):
        world = before.determinize(seat, derive_seed("oracle", before.game.seed, len(before), i))
        try:
            world.apply_json(move)
        except Exception:
            return True
        if world.view(seat) != real:
            return True
    return False


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_7_no_undoable_move_showed_anything(game_id):
    cls = game_class(game_id)
    players = 1 if cls.min_players == 1 else 2
    peeks, undoable = [], 0
    for seed in (0,):
        state = cardboard.load_game(game_id, players=players, seed=seed).new_initial_state()
        rnd = random.Random(seed)
        for _ in range(MOVES.get(game_id, 120)):
            if state.is_terminal():
                break
            action = rnd.choice(state.legal_actions())
            after = state.clone()
            after.apply(action)
            move = action.to_json()
            if not reveals(state, after, move, 0):
                undoable += 1
                if showed_something(state, after, move, 0):
                    peeks.append((seed, len(state), str(action)))
            state = after
    assert not peeks, f"{game_id}: undoable moves that showed something: {peeks}"
    assert undoable >= 1


def test_7_a_move_that_drew_chance_is_never_undoable():
    """The server's case: a move whose outcome came from the RNG (a chip drawn from the bag, a roll)
    is refused even if every re-deal showed the same, since undoing restores the RNG and the same
    move would draw the same again."""
    found = 0
    for game_id in cardboard.list_games():
        cls = game_class(game_id)
        state = cardboard.load_game(game_id, players=cls.min_players, seed=3).new_initial_state()
        rnd = random.Random(3)
        for _ in range(60):
            if state.is_terminal():
                break
            action = rnd.choice(state.legal_actions())
            after = state.clone()
            after.apply(action)
            if after.rng.state != state.rng.state:
                found += 1
                assert reveals(state, after, action.to_json(), 0, samples=0)
            state = after
    assert found >= 3
