"""Cons lists: how states keep logs and histories, shared by clones in O(1)."""
from hypothesis import given
from hypothesis import strategies as st

from cardboard.engine.data import cons_to_list


def cons(items):
    node = None
    for x in items:
        node = (node, x)
    return node


@given(st.lists(st.integers(), max_size=30), st.one_of(st.none(), st.integers(0, 40)))
def test_cons_to_list_gives_the_newest_items_oldest_first(items, most):
    want = items if most is None else items[len(items) - min(most, len(items)):]
    assert cons_to_list(cons(items), most) == want


def test_views_carry_only_the_newest_log_lines():
    """A long game's view shows the newest 60 lines, ending with the last thing that happened."""
    import cardboard
    from cardboard.agents import RandomAgent

    longest = 0
    for game_id in ("abyss", "hideous-abomination", "aban"):
        s = cardboard.load_game(game_id, 2, seed=3).new_initial_state()
        bot = RandomAgent(1)
        while not s.is_terminal():
            s.apply(bot.choose(s))
        log = s.view(0)["log"]
        events = len(cons_to_list(s.log))
        longest = max(longest, events)
        assert len(log) == min(60, events), game_id
        assert "over" in log[-1], (game_id, log[-1])
    assert longest > 60
