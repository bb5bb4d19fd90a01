"""The digest of every legal list of uniform random games from fixed seeds: a game's listing tests
pin it, so that a speed change can never change the moves (a rule change updates it on purpose)."""
from __future__ import annotations

import hashlib

import cardboard
from cardboard.engine import Rng


def listing_digest(game_id: str, players: int, games: int, seed: int, options: dict | None = None) -> str:
    """Every legal move of every position, in order, and the final scores, of `games` random games."""
    h = hashlib.sha1()
    rng = Rng(seed)
    for _ in range(games):
        s = cardboard.load_game(game_id, players=players, seed=rng.next64(), options=options).new_initial_state()
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                h.update(repr(a.json_key()).encode())
            s.apply(legal[rng.below(len(legal))])
        h.update(repr(s.scores()).encode())
    return h.hexdigest()[:12]
