"""A re-deal (`determinize`) is a sound game from any seat's point of view: the moves it lists
are its own (not a list kept from the real game), each of them applies, and the seat's own real
move is among them. The undo check (server/bots.py `reveals`) re-deals for a human seat and
plays the move that followed, a bot's as often as its own; a search does the same."""
import random

import pytest

import cardboard
from cardboard.engine import IllegalAction


def _at(seed: int, players: int, moves: int):
    """A random game's state after `moves` moves, its legal moves listed (as a server has them)."""
    state = cardboard.load_game("abomination", players=players, seed=seed).new_initial_state()
    rnd = random.Random(seed)
    while len(state) < moves:
        state.apply(rnd.choice(state.legal_actions()))
    state.legal_actions()
    return state


def test_a_redeal_lists_the_moves_of_its_own_hands():
    """Seed 0, 2 players, move 63 (as found): seat 1 may play Surgical Atlas in its lab. Seat 0's
    re-deal gives seat 1 other research cards, yet listed "Play Surgical Atlas" (the real game's
    list, kept by the clone), and playing it raised ValueError in _discard_card."""
    state = _at(0, 2, 63)
    assert state.current_player == 1
    play = next(a for a in state.legal_actions() if a.kind == "play")
    assert "Surgical Atlas" in str(play)
    redeals = 0
    for seed in range(16):
        world = state.determinize(0, seed)
        fresh = world.clone()
        fresh._legal = None
        assert world.legal_actions() == fresh.legal_actions()
        if play.args not in [a.args for a in world.legal_actions()]:
            redeals += 1
            with pytest.raises(IllegalAction):
                world.apply(play)
    assert redeals > 0   # some re-deals do not give seat 1 the card it played


@pytest.mark.parametrize("players", [2, 4])
def test_every_redeal_plays_the_seats_own_move_and_every_listed_move(players):
    """For a few seeds, at every decision of a random game (the first 120 moves), each seat's
    re-deal: the deciding seat's real move is listed in its own re-deal, and every move a re-deal
    lists applies without error (the real next move, and one other at random)."""
    for seed in range(3):
        state = cardboard.load_game("abomination", players=players, seed=seed).new_initial_state()
        rnd = random.Random(seed)
        while not state.is_terminal() and len(state) < 120:
            legal = state.legal_actions()
            move = rnd.choice(legal)
            for seat in range(players):
                world = state.determinize(seat, rnd.randrange(1 << 30))
                listed = world.legal_actions()
                if seat == state.current_player:
                    assert move in listed, f"seed {seed} move {len(state)}: {move} not in seat {seat}'s re-deal"
                for m in {move, rnd.choice(listed)}:
                    if m in listed:
                        world.clone().apply(m)   # raises nothing
            state.apply(move)
