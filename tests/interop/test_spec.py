"""Moves as integer choices: the golden tables hold, every legal move has a sequence of choices,
no two legal moves share one, and choosing a move's choices through the mask plays that move."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardboard
from cardboard.engine import Rng, game_class
from cardboard.interop.core import Table, move_encoding
from cardboard.interop.spec import DONE, EncodingError, MoveEncoding, each, step

GOLDEN = Path(__file__).parent / "golden"
GAMES = cardboard.list_games()


def golden_lines(game_id: str) -> list[str]:
    return [json.dumps(entry, sort_keys=True) for entry in move_encoding(game_id).golden()]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_golden_table_holds(game_id):
    """Index <-> choice, pinned: changing a game's table (or its encoding.py) must be deliberate:
    regenerate with `python tests/interop/test_spec.py` and say so."""
    path = GOLDEN / f"{game_id}.jsonl"
    assert path.is_file(), f"no golden table for {game_id}: run python tests/interop/test_spec.py"
    pinned = path.read_text(encoding="utf-8").splitlines()
    now = golden_lines(game_id)
    assert len(now) == len(pinned), f"{game_id}: {len(now)} choices now, {len(pinned)} pinned"
    changed = [i for i, (a, b) in enumerate(zip(now, pinned)) if a != b]
    assert not changed, f"{game_id}: choice {changed[0]} is {now[changed[0]]}, pinned {pinned[changed[0]]}"
    assert json.loads(pinned[DONE]) == {"done": True}


def _random_positions(game_id, seeds=2, per_game=400):
    cls = game_class(game_id)
    for n, options in cls.setups:
        for seed in range(seeds):
            state = cls(n, seed, dict(options)).new_initial_state()
            rng = Rng(seed)
            for _ in range(per_game):
                if state.is_terminal():
                    break
                yield state
                state.apply(state.sample_action(rng))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_move_is_one_sequence_of_choices_and_choosing_it_plays_it(game_id):
    encoding = move_encoding(game_id)
    rng = Rng(7)
    checked = 0
    for state in _random_positions(game_id, per_game=150 if game_id != "pig" else 60):
        legal = state.legal_actions()
        seqs = [encoding.choices(a) for a in legal]
        # the fast path (from the Action's arguments) agrees with the JSON one
        assert seqs == [encoding.encode_json(a.to_json()) for a in legal]
        assert len(set(seqs)) == len(seqs), f"two legal moves share a sequence of choices in {game_id}"
        assert all(0 < s[0] < encoding.size and all(0 < c < encoding.size for c in s) for s in seqs)
        # one move, picked at random, chosen through the masks
        target = legal[rng.below(len(legal))]
        table = Table(game_id, state=state.clone())
        seq = encoding.choices(target)
        while True:  # forced choices are taken for the player: `pending` stays a prefix of seq
            assert seq[:len(table.pending)] == table.pending
            choice = seq[len(table.pending)] if len(seq) > len(table.pending) else DONE
            assert choice in table.choices()
            if table.choose(choice):
                break
        assert table.state.history[-1] == target
        checked += 1
    assert checked > 20


def test_a_many_part_move_is_chosen_part_by_part_with_done_where_it_could_stop():
    enc = MoveEncoding({"pay": {"lord": ["a", "b"], "allies": each([1, 2, 3])}, "end": {}, "go": {"to": step(range(3))}})
    assert enc.size == 1 + 2 + 3 + 1 + 1 + 3  # done; pay a, b; each ally; end; go; each to
    assert enc.describe(1) == {"kind": "pay", "lord": "a"} and enc.describe(3) == {"kind": "pay", "allies[]": 1}
    assert enc.encode_json({"kind": "pay", "lord": "b", "allies": [1, 3]}) == (2, 3, 5)
    with pytest.raises(EncodingError, match="'allies'"):
        enc.encode_json({"kind": "pay", "lord": "b", "allies": [4]})
    with pytest.raises(EncodingError, match="kind 'fly'"):
        enc.encode_json({"kind": "fly"})


def test_an_illegal_choice_is_refused_with_the_legal_ones_named():
    table = Table(GAMES[0], seed=1)
    bad = next(i for i in range(move_encoding(GAMES[0]).size) if i not in table.choices())
    with pytest.raises(cardboard.ConfigError, match="not legal now; legal choices"):
        table.choose(bad)


if __name__ == "__main__":  # regenerate the golden tables
    for gid in GAMES:
        (GOLDEN / f"{gid}.jsonl").write_text("\n".join(golden_lines(gid)) + "\n", encoding="utf-8")
        print(gid, move_encoding(gid).size)
