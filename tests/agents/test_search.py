"""MCTS / information-set MCTS, levels and the arena."""
import json
import random

import pytest

import cardboard
from cardboard.agents import MCTSAgent, make_agent
from cardboard.agents.arena import arena, lineups, wilson
from cardboard.cli import main
from cardboard.engine import ConfigError


def _search_agent(game_id, seed=7, iterations=48, width=4, **kw):
    from cardboard.engine import game_class
    H = game_class(game_id).heuristic()
    return MCTSAgent(seed, iterations=iterations, rollout=H(seed + 1), prior=H(seed + 2), root="halving",
                     width=width, widen=0.5, max_depth=kw.pop("max_depth", 60), **kw)


@pytest.mark.parametrize("agent", ["uct", "search"])
@pytest.mark.parametrize("game_id,players", [("aban", 1), ("aban", 3), ("hideous-abomination", 2),
                                             ("hideous-abomination", 4), ("abyss", 2), ("abyss", 4),
                                             ("abomination", 2), ("abomination", 4)])
def test_mcts_returns_legal_moves_within_its_budget(game_id, players, agent):
    """Plain MCTS spends exactly its iterations; the search agent never more than its budget
    (a round of Sequential Halving runs only when it fits) and at least two."""
    game = cardboard.load_game(game_id, players=players, seed=2)
    state = game.new_initial_state()
    bot = MCTSAgent(1, iterations=12, max_depth=30) if agent == "uct" else _search_agent(game_id, iterations=12, max_depth=20)
    r = random.Random(0)
    for step in range(40):
        if state.is_terminal():
            break
        if step % 4 == 0:
            action = bot.choose(state)
            assert action in state.legal_actions()
            if len(state.legal_actions()) == 1:
                assert bot.last_iterations == 0
            elif agent == "uct":
                assert bot.last_iterations == 12
            else:
                assert 2 <= bot.last_iterations <= 12
        else:
            action = r.choice(state.legal_actions())
        state.apply(action)


def test_mcts_time_budget_is_respected():
    import time
    game = cardboard.load_game("aban", players=2, seed=2)
    state = game.new_initial_state()
    agent = make_agent("mcts:0.2", seed=1, game_id="aban")
    started = time.perf_counter()
    agent.choose(state)
    assert time.perf_counter() - started < 0.2 + 0.15  # one iteration may run past the line
    assert agent.last_iterations > 5


@pytest.mark.parametrize("agent", ["uct", "search", "flat"])
def test_search_is_honest_about_hidden_information(agent):
    """What seat 0 cannot see (the others' hands, the deck order) changes; its decision does not,
    for plain MCTS and for the searching agent alike."""
    game = cardboard.load_game("hideous-abomination", players=3, seed=4)
    state = game.new_initial_state()
    r = random.Random(5)
    while state.current_player != 0 or state.phase not in ("play", "draw") or len(state.legal_actions()) < 2:
        state.apply(r.choice(state.legal_actions()))
    decisions = set()
    for shuffle_seed in range(3):
        other = state.clone()
        pool = list(other.deck) + list(other.hands[1]) + list(other.hands[2])
        random.Random(shuffle_seed).shuffle(pool)
        n1, n2 = len(other.hands[1]), len(other.hands[2])
        other.hands = (other.hands[0], tuple(sorted(pool[:n1])), tuple(sorted(pool[n1:n1 + n2])))
        other.deck = tuple(pool[n1 + n2:])
        other._legal = None
        assert other.view(0) == state.view(0)
        bot = (MCTSAgent(7, iterations=30, max_depth=20) if agent == "uct"
               else _search_agent("hideous-abomination", iterations=24, tree=agent != "flat"))
        decisions.add(repr(bot.choose(other).to_json()))
    assert len(decisions) == 1


def test_search_is_honest_at_abyss():
    """Seat 0's decision survives a re-deal of what it cannot see: the other hands (but for what
    was seen of them), the Council stacks' contents (each within its race), the deck and discard,
    face-down Monster tokens."""
    from ..games.abyss.test_hidden import _perturb

    game = cardboard.load_game("abyss", players=3, seed=4)
    state = game.new_initial_state()
    r = random.Random(5)
    while not (state.current_player == 0 and state.phase == "turn" and len(state.legal_actions()) > 3
               and any(state.council) and any(state.tokens[1:])):
        state.apply(r.choice(state.legal_actions()))
        if state.is_terminal():
            pytest.fail("no suitable position")
    decisions, moved = set(), False
    for shuffle_seed in range(3):
        # the others' unseen Allies (within their races, AY-D-21), the stacks, piles and tokens
        other = _perturb(state, 0, random.Random(shuffle_seed))
        moved |= other.hands[1:] != state.hands[1:] and other.deck != state.deck
        assert other.view(0) == state.view(0)
        plain = MCTSAgent(7, iterations=40, max_depth=40).choose(other.clone())
        flat = _search_agent("abyss", iterations=24, max_depth=10, tree=False, confidence=0.5).choose(other)
        decisions.add((repr(plain.to_json()), repr(flat.to_json())))
    assert moved and len(decisions) == 1  # plain MCTS and the flat search alike


def test_mcts_beats_random_at_aban():
    report = arena("aban", ["mcts:0.05", "random"], games=4, players=2, seed=3)
    assert report["results"]["mcts:0.05"]["win_rate"] >= 0.75


def test_levels_and_names():
    from cardboard.agents import GreedyAgent, RandomAgent
    from cardboard.games.abyss.heuristic import AbyssHeuristic
    assert isinstance(make_agent("random", game_id="abyss"), RandomAgent)
    assert isinstance(make_agent("easy", game_id="abyss"), GreedyAgent)
    assert isinstance(make_agent("medium", game_id="abyss"), AbyssHeuristic)
    hard = make_agent("hard:0.5", seed=1, game_id="abyss")
    assert hard.root == "halving" and hard.seconds == 0.5 and isinstance(hard.prior, AbyssHeuristic)
    from cardboard.games.abyss.game import AbyssGame
    for key, value in AbyssGame.search_hints["search"].items():  # the game's search hints
        assert getattr(hard, key) == value
    assert make_agent("search", game_id="aban").seconds == 1.0
    plain = make_agent("mcts", game_id="aban")
    assert plain.root == "uct" and plain.iterations == 400 and plain.rollout_agent is None
    with pytest.raises(cardboard.ConfigError, match="unknown agent"):
        make_agent("grandmaster", game_id="aban")
    with pytest.raises(cardboard.ConfigError, match="seconds"):
        make_agent("mcts:soon", game_id="aban")


def test_abomination_levels():
    """Abomination has its heuristic: medium plays it, hard searches over it with the game's hints."""
    from cardboard.agents import GreedyAgent
    from cardboard.games.abomination.heuristic import AbominationHeuristic
    from cardboard.games.abomination.game import AbominationGame
    assert isinstance(make_agent("easy", game_id="abomination"), GreedyAgent)
    assert isinstance(make_agent("medium", game_id="abomination"), AbominationHeuristic)
    hard = make_agent("hard", seed=1, game_id="abomination")
    assert hard.root == "halving" and hard.seconds == 1.0 and isinstance(hard.prior, AbominationHeuristic)
    assert isinstance(hard.rollout_agent, AbominationHeuristic) and hard.evaluate is not None
    hints = AbominationGame.search_hints
    assert (hard.max_depth, hard.width, hard.confidence, hard.tree) == (
        hints["search"]["max_depth"], hints["search"]["width"], hints["search"]["confidence"], False)
    assert hard.score_scale == hints["score_scale"]
    plain = make_agent("mcts", game_id="abomination")
    assert plain.root == "uct" and plain.rollout_agent is None


def test_abomination_search_plays_its_first_rounds_legally():
    """The search agent on a tiny budget decides for both seats through the first two rounds of
    Abomination (every decision kind of the city and lab phases comes up)."""
    state = cardboard.load_game("abomination", players=2, seed=41).new_initial_state()
    bots = [_search_agent("abomination", seed=s, iterations=4, max_depth=6) for s in range(2)]
    kinds = set()
    while state.round <= 2 and not state.is_terminal():
        bot = bots[state.current_player]
        kinds.add(state.ask[0])
        action = bot.choose(state)
        assert action in state.legal_actions()
        assert bot.last_iterations <= 4
        state.apply(action)
    assert {"turn", "build"} <= kinds


def test_wilson_and_lineups():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0
    assert lineups(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    assert len(lineups(["a", "b", "c"], 2)) == 6


def test_arena_cli_writes_json(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["arena", "aban", "--agents", "greedy,random", "--games", "4", "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["game"] == "aban" and doc["games"] == 4
    for name in ("greedy", "random"):
        r = doc["results"][name]
        assert set(r) >= {"win_rate", "ci95", "mean_score", "sec_per_move"}
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    assert "95% CI" in capsys.readouterr().out
    assert main(["arena", "aban", "--agents", "greedy,random", "--games", "2", "--first", "2", "--json", str(out)]) == 0
    later = json.loads(out.read_text())
    assert [g["game"] for g in later["played"]] == [2, 3] and later["played"] == doc["played"][2:]


def test_arena_runs_split_by_first_game_pool_into_the_whole_run():
    whole = arena("aban", ["greedy", "random"], games=4, seed=3)
    parts = [arena("aban", ["greedy", "random"], games=2, seed=3, first=k) for k in (0, 2)]
    assert [g["game"] for g in whole["played"]] == [0, 1, 2, 3]
    assert parts[0]["played"] + parts[1]["played"] == whole["played"]
    assert parts[1]["first_game"] == 2 and parts[1]["games"] == 2
    wins = sum(g["shares"][g["seating"].index("greedy")] for g in whole["played"])
    assert whole["results"]["greedy"]["win_rate"] == wins / 4
    with pytest.raises(ConfigError, match="first game"):
        arena("aban", ["greedy", "random"], games=2, first=-1)


# ---------------------------------------------------------------- the searching agent (`hard`)
def test_search_time_budget_is_respected():
    import time
    state = cardboard.load_game("hideous-abomination", players=2, seed=2).new_initial_state()
    agent = make_agent("hard:0.3", seed=1, game_id="hideous-abomination")
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    started = time.perf_counter()
    agent.choose(state)
    assert time.perf_counter() - started < 0.3 + 0.2  # a round of rollouts may run past the line
    assert agent.last_iterations >= 2


def test_search_candidates_are_the_priors_best_moves():
    """With room for one candidate the search plays the prior's best move; with room for all it
    may differ, but it only ever plays one of the prior's `width` best."""
    from cardboard.games.aban.heuristic import AbanHeuristic
    state = cardboard.load_game("aban", players=2, seed=3).new_initial_state()
    r = random.Random(2)
    while state.is_terminal() or state.phase != "turn" or len(state.legal_actions()) < 10:
        state.apply(r.choice(state.legal_actions()))
    legal = state.legal_actions()
    values = AbanHeuristic(0).action_values(state)
    assert len(values) == len(legal)
    top = max(values)
    assert _search_agent("aban", width=1).choose(state) in [a for a, v in zip(legal, values) if v == top]
    ranked = sorted(range(len(legal)), key=lambda i: -values[i])
    cutoff = values[ranked[2]]
    pick = _search_agent("aban", width=3, iterations=60).choose(state)
    assert values[legal.index(pick)] >= cutoff


@pytest.mark.parametrize("game_id", ["abyss", "hideous-abomination", "abomination"])
def test_flat_search_rolls_out_straight_from_its_candidates(game_id, monkeypatch):
    """tree=False: no node below the root candidates (one node each, however many iterations), each
    candidate searched in the same number of shared determinizations per halving round, and the
    pick is one of the prior's candidates."""
    from cardboard.agents import mcts
    made = []

    class Counted(mcts._Node):
        __slots__ = ()

        def __init__(self, player):
            super().__init__(player)
            made.append(self)

    monkeypatch.setattr(mcts, "_Node", Counted)
    state = cardboard.load_game(game_id, players=2, seed=8).new_initial_state()
    r = random.Random(3)
    while len(state.legal_actions()) < 5:
        state.apply(r.choice(state.legal_actions()))
    agent = _search_agent(game_id, iterations=40, width=4, tree=False, max_depth=10)
    pick = agent.choose(state)
    assert len(made) == 4 and set(agent.last_stats) <= set(state.legal_actions())
    assert pick in agent.last_stats
    assert sum(v for v, _ in agent.last_stats.values()) == agent.last_iterations
    made.clear()
    tree = _search_agent(game_id, iterations=40, width=4, max_depth=10)
    tree.choose(state)
    assert len(made) > 4  # the tree form grows nodes below its candidates


def test_search_is_reproducible_for_a_seed():
    state = cardboard.load_game("abyss", players=2, seed=8).new_initial_state()
    r = random.Random(3)
    while len(state.legal_actions()) < 4:
        state.apply(r.choice(state.legal_actions()))
    picks = {repr(_search_agent("abyss", seed=11).choose(state.clone()).to_json()) for _ in range(2)}
    assert len(picks) == 1


def test_search_finds_a_better_move_than_its_prior_when_the_prior_is_wrong():
    """A prior that ranks the moves backwards still names the candidates, but the rollouts judge
    them: the search leaves the backwards prior's favourite (the heuristic's worst move) when the
    evidence says another candidate is better."""
    from cardboard.games.aban.heuristic import AbanHeuristic

    class Backwards(AbanHeuristic):
        def action_values(self, state):
            return [-v for v in super().action_values(state)]

    state = cardboard.load_game("aban", players=1, seed=6).new_initial_state()
    while state.phase != "turn":
        state.apply(AbanHeuristic(0).choose(state))
    legal = state.legal_actions()
    values = AbanHeuristic(0).action_values(state)
    agent = MCTSAgent(3, iterations=400, rollout=AbanHeuristic(4), prior=Backwards(5), root="halving",
                      width=len(legal), widen=0.5, score_scale=40)
    pick = agent.choose(state)
    # judged by rollouts, not by the backwards prior: not one of the heuristic's worst moves
    assert values[legal.index(pick)] > min(values)


@pytest.mark.parametrize("game_id,players", [("aban", 2), ("hideous-abomination", 2), ("abyss", 2), ("abyss", 4)])
def test_search_plays_whole_games_legally(game_id, players):
    """Every decision of whole games, on a tiny budget: a legal move each time, never over budget."""
    for k in range(2 if players == 2 else 1):
        state = cardboard.load_game(game_id, players=players, seed=40 + k).new_initial_state()
        bots = [_search_agent(game_id, seed=k * 10 + s, iterations=6, max_depth=8) for s in range(players)]
        while not state.is_terminal():
            bot = bots[state.current_player]
            action = bot.choose(state)
            assert action in state.legal_actions()
            assert bot.last_iterations <= 6
            state.apply(action)


def test_rewards_blend_the_win_share_with_a_little_margin():
    from cardboard.agents.mcts import rewards
    win, lose = rewards([30, 20], [0], margin_weight=0.2, score_scale=20)
    assert win == pytest.approx(0.8 + 0.2 * 0.75) and lose == pytest.approx(0.2 * 0.25)
    a, b = rewards([25, 25], [0, 1])
    assert a == b == pytest.approx(0.4 + 0.1)  # a shared win, no margin
    assert rewards([1000], [0], score_scale=40) == [1.0]  # solo: the score, capped
    assert rewards([20], [0], score_scale=40) == [0.75]


def test_a_solo_search_tells_apart_every_score_the_game_reaches():
    """A one-seat reward is capped at `solo_scale` points: Aban!'s solo scores run past the
    margin scale (40) into the rulebook's top bands (43+, 54+, 71+), and the search must still
    prefer 50 to 45 there."""
    from cardboard.agents import make_agent
    from cardboard.agents.mcts import rewards
    hard = make_agent("hard", seed=0, game_id="aban")
    assert hard.solo_scale >= 80  # above the rulebook's "70+" band
    by_score = [rewards([s], [0], hard.margin_weight, hard.score_scale, hard.solo_scale)[0] for s in (40, 45, 50, 71)]
    assert by_score == sorted(by_score) and len(set(by_score)) == 4 and by_score[-1] < 1.0
    assert rewards([45], [0], score_scale=40) == rewards([50], [0], score_scale=40) == [1.0]  # the old cap
    # two-seat rewards do not use it
    assert rewards([30, 20], [0], 0.2, 20, solo_scale=100) == rewards([30, 20], [0], 0.2, 20)


@pytest.mark.parametrize("game_id,players", [("abyss", 3), ("hideous-abomination", 2), ("aban", 2),
                                             ("abomination", 3)])
def test_finished_games_reward_the_games_own_winners(game_id, players):
    """At the end the rewards follow the game's winners (its tie-breaks included)."""
    from cardboard.agents.mcts import state_rewards
    from cardboard.engine import Rng
    for k in range(6):
        state = cardboard.load_game(game_id, players=players, seed=k).new_initial_state()
        rng = Rng(k)
        while not state.is_terminal():
            state.apply_trusted(state.sample_action(rng))
        winners = state.winners()
        got = state_rewards(state)
        for seat in range(players):
            if seat in winners:
                assert got[seat] >= 0.8 / len(winners)
            else:
                assert got[seat] <= 0.2


def test_flat_search_needs_the_halving_root():
    with pytest.raises(ValueError, match="tree=False"):
        MCTSAgent(0, iterations=10, tree=False)
    assert MCTSAgent(0, iterations=10, tree=True).tree


def test_search_stops_before_an_iteration_would_pass_its_deadline(monkeypatch):
    """The time budget is kept by looking ahead: another round of k iterations is started only
    when, at the mean cost of the iterations so far, it would end before the line."""
    from cardboard.agents import mcts
    monkeypatch.setattr(mcts.time, "perf_counter", lambda: 9.0)
    late = MCTSAgent(0, iterations=1)._late
    assert late(10.9, 0.0, 10, 2) is False   # 9 s for 10 iterations: 2 more end at 10.8
    assert late(10.7, 0.0, 10, 2) is True
    assert late(9.5, 0.0, 0, 1) is False      # nothing measured yet: the first iteration runs
    assert late(8.0, 0.0, 0, 1) is True       # already past the line


@pytest.mark.parametrize("cpu_time", [True, False])
def test_a_cpu_time_budget_is_spent_on_the_process_cpu_whatever_the_wall_clock_does(monkeypatch, cpu_time):
    """With `cpu_time` the seconds of a budget are the process's CPU seconds: here every rollout
    move costs 0.01 s of CPU while the wall clock leaps 100 s at each reading (a machine busy with
    other work, or paused). The CPU-timed search does the iterations its budget holds; the
    wall-timed one finds its line passed before its first iteration."""
    from cardboard.agents import RandomAgent, mcts
    cpu, wall = [0.0], [0.0]

    def leap():
        wall[0] += 100.0
        return wall[0]

    monkeypatch.setattr(mcts.time, "process_time", lambda: cpu[0])
    monkeypatch.setattr(mcts.time, "perf_counter", leap)

    class Costly(RandomAgent):
        def choose(self, state):
            cpu[0] += 0.01
            return super().choose(state)

    state = cardboard.load_game("aban", players=2, seed=4).new_initial_state()
    agent = MCTSAgent(3, iterations=None, seconds=0.2, rollout=Costly(5), max_depth=5, cpu_time=cpu_time)
    assert agent.choose(state) in state.legal_actions()
    if cpu_time:  # 0.05 s an iteration: the fourth ends on the line, a fifth would pass it
        assert agent.last_iterations == 4 and cpu[0] == pytest.approx(0.2)
    else:
        assert agent.last_iterations == 0 and cpu[0] == 0.0


def test_cpu_time_reaches_every_searching_agent_and_the_arena(tmp_path, capsys):
    for name in ("mcts", "mcts:0.5", "medium", "hard", "search:2"):
        for game_id in ("abyss", "aberration"):
            try:
                agent = make_agent(name, seed=1, game_id=game_id, cpu_time=True)
            except ConfigError:  # 'search' needs a heuristic
                continue
            if isinstance(agent, MCTSAgent):
                assert agent.cpu_time
                assert not make_agent(name, seed=1, game_id=game_id).cpu_time  # wall time by default
    report = arena("aban", ["mcts:0.01", "random"], games=2, seed=3, cpu_time=True)
    assert report["clock"] == "cpu" and arena("aban", ["greedy", "random"], games=1)["clock"] == "wall"
    assert 0 < report["results"]["mcts:0.01"]["sec_per_move"] < 0.05
    out = tmp_path / "r.json"
    assert main(["arena", "aban", "--agents", "mcts:0.01,random", "--games", "2", "--cpu-time", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["clock"] == "cpu"
    assert "CPU s/move" in capsys.readouterr().out


def test_search_gives_up_a_round_the_deadline_cuts_and_keeps_its_priors_move(monkeypatch):
    """A first round's cost is unknown until it is played, and a short budget may not fit one: when
    the line passes in the middle of a round, the search stops there (one rollout past it at most)
    and plays its prior's move, as a part-searched round is no evidence against it."""
    from cardboard.agents import mcts
    from cardboard.engine import game_class
    H = game_class("abyss").heuristic()
    clock = [0.0]
    monkeypatch.setattr(mcts.time, "perf_counter", lambda: clock[0])

    class Slow(H):  # every rollout move takes 0.01 s of the fake clock
        def choose(self, state):
            clock[0] += 0.01
            return super().choose(state)

    state = cardboard.load_game("abyss", players=2, seed=8).new_initial_state()
    r = random.Random(3)
    while len(state.legal_actions()) < 5:
        state.apply(r.choice(state.legal_actions()))
    legal, values = state.legal_actions(), H(9).action_values(state)
    agent = MCTSAgent(7, iterations=None, seconds=0.25, rollout=Slow(8), prior=H(9), root="halving", width=4,
                      max_depth=10, tree=False)
    pick = agent.choose(state)  # a round is 4 rollouts of 0.1 s: the line passes during the third
    assert pick is legal[values.index(max(values))]
    assert agent.last_iterations == 3 and clock[0] == pytest.approx(0.3)


@pytest.mark.parametrize("game_id,players", [("aban", 2), ("aban", 1), ("hideous-abomination", 2), ("abyss", 2),
                                             ("abomination", 2), ("aberration", 2)])
def test_search_makes_no_reference_cycles(game_id, players):
    """The search switches the cyclic garbage collector off while it thinks: safe only because
    nothing it discards (worlds, rollouts, tree nodes) is held in a reference cycle. It gives the
    collector back as it found it."""
    import gc
    from cardboard.agents import RandomAgent
    state = cardboard.load_game(game_id, players=players, seed=3).new_initial_state()
    walker = RandomAgent(4)
    for _ in range(8):
        state.apply(walker.choose(state))
    while len(state.legal_actions()) < 2:
        state.apply(walker.choose(state))
    for name in ("hard", "mcts"):
        agent = make_agent(name, seed=1, game_id=game_id)
        agent.seconds, agent.iterations = None, 16
        agent.choose(state)  # first imports and lazily built caches may hold cycles: not the search's
        gc.collect()
        assert gc.isenabled()
        agent.choose(state)
        assert gc.isenabled()
        assert gc.collect() == 0  # nothing left for the collector: no cycle was made
    gc.disable()
    try:
        make_agent("mcts", seed=1, game_id=game_id).choose(state)
        assert not gc.isenabled()
    finally:
        gc.enable()
