"""The Abyss heuristic's choices, pinned on fixed seeds: its speed-ups (it is the search agent's
rollout policy, so it is tuned for speed) must not change a single move it picks.

Each game is played by the heuristic with one move in four random (so it also meets positions it
would not make), and every choice it makes, played or not, is logged. If the heuristic's play is
changed on purpose, update the digests with the numbers this test prints on failure.
"""
import hashlib
import json

import pytest

import cardboard
from cardboard.agents import RandomAgent
from cardboard.games.abyss.heuristic import AbyssHeuristic
from cardboard.engine import Rng

# (players, seed): (choices made, sha1 of their JSON, one a line: first 16 hex digits)
PINNED = {
    (2, 1): (115, "52e312306bdfc638"),
    (2, 2): (108, "7760282143ac20ba"),
    (2, 3): (93, "7b083ea6dcf91112"),
    (3, 4): (150, "c715873c1cf360ac"),
    (4, 5): (261, "f2fbba8ad18081e1"),
}


def _choices(players: int, seed: int) -> list[str]:
    state = cardboard.load_game("abyss", players, seed).new_initial_state()
    agent, other, coin = AbyssHeuristic(seed), RandomAgent(seed), Rng(seed)
    picks = []
    while not state.is_terminal():
        mine = agent.choose(state)
        picks.append(json.dumps(mine.to_json(), sort_keys=True))
        state.apply(mine if coin.below(4) else other.choose(state))
    return picks


@pytest.mark.parametrize("players,seed", sorted(PINNED))
def test_abyss_heuristic_choices_are_pinned(players, seed):
    picks = _choices(players, seed)
    got = (len(picks), hashlib.sha1("\n".join(picks).encode()).hexdigest()[:16])
    assert got == PINNED[(players, seed)], f"({players}, {seed}): {got}"
