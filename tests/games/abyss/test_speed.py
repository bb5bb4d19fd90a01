"""The fast paths of issue #27 answer as the plain rules do: a hand's summary (values by race,
what its richest races reach, the races present, each race's sum) against a plain count, and
the moves listed through the phase table against each phase's own listing, on every position
of seeded random games at 2 and 4 players."""
import cardboard
from cardboard.engine import Rng
from cardboard.games.abyss.content import RACES
from cardboard.games.abyss.rules import CHOICES


def _positions(players, games, seed):
    rng = Rng(seed)
    for _ in range(games):
        state = cardboard.load_game("abyss", players=players, seed=rng.next64()).new_initial_state()
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def plain_hand(state, seat):
    cfg = state.cfg
    by_race = tuple(tuple(sorted((cfg.card_value[c] for c in state.hands[seat] if cfg.card_race[c] == r),
                                 reverse=True)) for r in range(len(RACES)))
    totals = tuple(sum(values) for values in by_race)
    present = tuple(r for r in range(len(RACES)) if by_race[r])
    richest = sorted((totals[r] for r in present), reverse=True)
    reach = tuple(sum(richest[:n]) for n in range(len(present) + 1))
    return by_race, reach, present, totals


def test_a_hands_summary_is_the_plain_count():
    checked = 0
    for players, seed in ((2, 11), (4, 12)):
        for state in _positions(players, 4, seed):
            for seat in range(players):
                state.cfg.by_race_cache.clear()  # worked out afresh, then read from the cache
                assert state._hand(seat) == plain_hand(state, seat)
                assert state._hand(seat) == plain_hand(state, seat)
                checked += 1
    assert checked > 1000


def test_the_phase_table_lists_each_phases_own_moves():
    phases = set()
    for players, seed in ((2, 21), (4, 22)):
        for state in _positions(players, 4, seed):
            phase = state.phase
            assert state._legal_actions() == getattr(state, "_choices_" + phase)()
            phases.add(phase)
    assert {"turn", "offer", "ally"} <= phases
    assert set(CHOICES) == {name[len("_choices_"):] for name in dir(type(state)) if name.startswith("_choices_")}


def test_games_of_one_content_share_its_tables_and_keep_their_own_seats():
    """The config's content tables are worked out once per content file and option (a bulk run
    sets up thousands of games); what belongs to one game (its players, their order, its first
    player) and an attribute a test rewrites stay the game's own."""
    a = cardboard.load_game("abyss", players=2, seed=1).cfg
    b = cardboard.load_game("abyss", players=4, seed=2, options={"first_player": 3}).cfg
    c = cardboard.load_game("abyss", players=2, seed=3, options={"ambassador_keys": "none"}).cfg
    assert a.cost is b.cost and a.by_race_cache is b.by_race_cache and a.lord_index is b.lord_index
    assert (a.players, a.others, a.first_player) == (2, ((1,), (0,)), None)
    assert (b.players, b.others[3], b.first_player) == (4, (0, 1, 2), 3)
    amb = [i for i, g in enumerate(a.guild) if g == "ambassador"]
    assert amb and all(a.printed_keys[i] == 3 for i in amb) and all(c.printed_keys[i] == 0 for i in amb)
    assert c.cost == a.cost and c.by_race_cache is not a.by_race_cache
    a.cost = tuple(1 for _ in a.cost)  # a test's own prices
    assert b.cost != a.cost and cardboard.load_game("abyss", players=2, seed=4).cfg.cost == b.cost
