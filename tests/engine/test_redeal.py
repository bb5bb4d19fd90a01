"""A re-deal lists its own moves: the engine makes every game's `determinize` forget the list a
clone carries over from the real state (a re-dealt hand holds other cards, so other moves)."""
import cardboard


def test_a_games_own_redeal_that_keeps_the_clones_move_list_lists_its_own_moves():
    state = cardboard.load_game("pig", players=2, seed=1).new_initial_state()

    class Careless(type(state)):  # a game whose re-deal forgets nothing: the clone keeps the list
        __slots__ = ()

        def determinize(self, seat, seed):
            return self.clone()

    state.__class__ = Careless
    state.legal_actions()
    assert state._legal is not None
    redeal = state.determinize(0, 7)
    assert type(redeal) is Careless
    assert redeal._legal is None
    assert redeal.legal_actions() == state.legal_actions()


def test_the_engine_wraps_a_games_redeal_once():
    state = cardboard.load_game("pig", players=2, seed=1).new_initial_state()

    class Once(type(state)):
        __slots__ = ()

        def determinize(self, seat, seed):
            return self.clone()

    class Again(Once):
        __slots__ = ()

    assert Again.determinize is Once.determinize
    assert Once.determinize.__wrapped__.__name__ == "determinize"
