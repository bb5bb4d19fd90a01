"""Observations come from the seat's view alone: re-dealing what the seat cannot see
(`determinize`) never changes them, for every game and seat."""
from __future__ import annotations

import numpy as np
import pytest

import cardboard
from cardboard.engine import Rng, game_class
from cardboard.interop.core import game_declaration, move_encoding
from cardboard.interop.observe import Observer

GAMES = cardboard.list_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observation_does_not_leak_what_the_seat_cannot_see(game_id):
    cls = game_class(game_id)
    observer = Observer(cls, move_encoding(cls), game_declaration(cls))
    checked = 0
    for n, options in cls.setups[:2]:
        state = cls(n, 3, dict(options)).new_initial_state()
        rng = Rng(3)
        step = 0
        while not state.is_terminal() and step < 240:
            if step % 20 == 0:
                for seat in range(n):
                    mine = observer.observe(state.view(seat), seat, ())
                    assert mine.shape == (observer.size,) and mine.dtype == np.float32
                    for seed in (1, 2):
                        other = state.determinize(seat, seed)
                        again = observer.observe(other.view(seat), seat, ())
                        assert np.array_equal(mine, again), f"{game_id}: seat {seat}'s observation changed on a re-deal"
                        checked += 1
            state.apply(state.sample_action(rng))
            step += 1
    assert checked >= 4


def test_the_observation_tells_seats_and_pending_choices_apart():
    cls = game_class(GAMES[0])
    observer = Observer(cls, move_encoding(cls), game_declaration(cls))
    state = cls(cls.setups[0][0], 1).new_initial_state()
    a = observer.observe(state.view(0), 0, ())
    b = observer.observe(state.view(0), 0, (1,))
    assert not np.array_equal(a, b) and b[observer.view_size + observer.seats + 1] == 1.0
