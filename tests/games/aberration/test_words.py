"""Plain words (issue #23): move labels and log lines say spaces, chips, abilities and advanced actions
as the rulebook says them, never as the content's ids ("1.fk", "#17", "pay B", "Raise INT",
"Unlock the B advanced action")."""
from __future__ import annotations

import random
import re

import cardboard

# the internal-id patterns of tests/engine/test_plain_words.py (issue #23's contract)
CODES = [r"\b[a-z]+_[a-z_]+\b", r"\b\w+=", r"\b\d+\.[a-z][a-z0-9]*\b", r"\br\d+c\d+\b", r"\(\s*-?\d+\s*,\s*-?\d+\s*\)",
         r"#\d+", r"\b[A-Z]{3,}\b", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b", r"\b\d+[A-Za-z]\+\d+[A-Za-z]\b", r"\b\d+/\d+/\d+\b"]


def codes_in(text: str) -> list[str]:
    return [m.group(0) for p in CODES for m in [re.search(p, text)] if m]


def test_labels_and_log_lines_of_random_games_carry_no_codes():
    bad = []
    for seed, players in ((1, 1), (2, 2), (3, 4)):
        s = cardboard.load_game("aberration", players, seed=seed).new_initial_state()
        r = random.Random(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            moves = s.legal_actions()
            bad += [(str(a), codes_in(str(a))) for a in moves if codes_in(str(a))]
            bad += [(line, codes_in(line)) for line in s.view(s.current_player)["log"] if codes_in(line)]
            s.apply(r.choice(moves))
    assert not bad, bad[:10]


def test_the_words_for_spaces_chips_abilities_and_advanced_actions():
    from cardboard.games.aberration.labels import chips_words, space_words

    s = cardboard.load_game("aberration", 1, seed=1).new_initial_state()
    cfg = s.cfg
    assert space_words(cfg, "VC") == "the Village Center"
    assert space_words(cfg, "1.fk") == "the Hollowroot Wood fork"
    assert space_words(cfg, "1.g") == "the Hollowroot Wood glade"
    assert space_words(cfg, "1.a1") == "Hollowroot Wood path 1"
    assert space_words(cfg, "1.l2") == "Hollowroot Wood left branch 2"
    assert space_words(cfg, cfg.index["1.r3"]) == "Hollowroot Wood right branch 3"
    assert chips_words(["B"]) == "1 Intellect chip"
    assert chips_words(["G", "G", "H"]) == "2 Speed chips and 1 Hero chip"
    assert chips_words(["H>R"]) == "1 Hero (paying as Strength) chip"
    moves = s.game.moves
    assert str(moves["unlock", (("colour", "B"),)]) == "Unlock the Intellect advanced action (1 Experience)"
    assert str(moves["upgrade", (("stat", "SPD"),)]) == "Raise Speed (Experience)"
    assert str(moves["end", (("hold", "G"),)]) == "End the turn, holding 1 Speed chip"
    assert str(moves["step", (("to", "1.fk"),)]) == "Step to the Hollowroot Wood fork"


def test_a_target_names_the_monster_and_stays_the_same_move():
    """Issue #23: "Attack 3.fk monster #17" was a code; the label names the enemy (the state knows which
    one the number stands for), and the move is the plain one: equal, same hash, pickled as it."""
    import pickle

    from cardboard.games.aberration.rules import AberrationAction

    s = cardboard.load_game("aberration", 1, seed=1).new_initial_state()
    r = random.Random(4)
    seen = 0
    for _ in range(3000):
        if s.is_terminal():
            s = cardboard.load_game("aberration", 1, seed=seen + 7).new_initial_state()
        moves = s.legal_actions()
        for a in moves:
            if a.kind in ("target", "shove", "monster") and a.get("monster") is not None:
                uid = a.get("monster")
                name = next(s.cfg.enemies[m[1]].name for m in s.monsters if m[0] == uid)
                assert f"the {name} (monster {uid}," in str(a), str(a)
                plain = s.game.moves[a.kind, a.args]
                assert a == plain and hash(a) == hash(plain) and type(plain) is AberrationAction
                back = pickle.loads(pickle.dumps(a))
                assert back == a and type(back) is AberrationAction
                seen += 1
        s.apply(r.choice(moves))
        if seen >= 5:
            break
    assert seen >= 5
