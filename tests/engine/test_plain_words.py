"""Plain words (issue #23): no move label or log line of any game speaks in internal ids.

Seeded random games of every registered game (built in or a plugin, under each set-up the game
declares in `Game.setups`) are played; at every decision each legal move's label (`str(action)`,
as the web table sends it in `legal[i].label`) and each new line of every viewpoint's log (each
seat's view and the spectator's) is checked against the internal-id patterns of the #23 contract
(PROTOCOL.md, "Plain words"). A failure names the game, the text and the pattern.

Words the rulebook itself prints in capitals may be allowed by the game, never here: a Game class
attribute `plain_words_allow = {"WORD": "the rulebook's sentence printing it", ...}` (only for the
capitals pattern).
"""
from __future__ import annotations

import random
import re

import pytest

import cardboard
from cardboard.engine import game_class
from cardboard.server.tables import log_lines_of, new_lines

# (name, regex): the #23 contract's internal-id patterns (case-sensitive)
PATTERNS: list[tuple[str, re.Pattern]] = [(name, re.compile(rx)) for name, rx in (
    ("snake_case id", r"\b[a-z]+_[a-z_]+\b"),
    ("key=value", r"\b\w+="),
    ("dotted code like 1.fk", r"\b\d+\.[a-z][a-z0-9]*\b"),
    ("grid code like r1c1", r"\br\d+c\d+\b"),
    ("coordinate pair like (-2,0)", r"\(\s*-?\d+\s*,\s*-?\d+\s*\)"),
    ("number sign like #17", r"#\d+"),
    ("shouty code like NEW", r"\b[A-Z]{3,}\b"),
    ("abbreviation pair like Mu/Or", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b"),
    ("dice code like 1S+2a", r"\b\d+[A-Za-z]\+\d+[A-Za-z]\b"),
    ("slashed numbers like 1/2/3", r"\b\d+/\d+/\d+\b"),
)]
SHOUTY = "shouty code like NEW"
MAX_ACTIONS = 1500     # per game played
GAMES_PER_SETUP = 3    # seeded random games per set-up the game declares
SHOWN = 12             # examples in a failure message


def allowed_capitals(cls) -> set[str]:
    allow = getattr(cls, "plain_words_allow", None) or {}
    return set(allow)


def problems(text: str, allow: set[str]) -> list[tuple[str, str]]:
    """(pattern name, the matched words) for every internal-id pattern `text` matches."""
    out = []
    for name, rx in PATTERNS:
        for m in rx.finditer(text):
            if name == SHOUTY and m.group(0) in allow:
                continue
            out.append((name, m.group(0)))
    return out


def test_the_patterns_catch_the_codes_of_the_issue_and_pass_plain_words():
    for code in ("Place at 1.fk", "(−2,0)".replace("−", "-"), "loose NEW", "1S+2a", "Mu/Or/Bl/An",
                 "Attack 3.fk monster: 1 #17", "Hire scoundrel 1/2/3", "Plant a Colemo at r1c1",
                 "place cell=3", "take the draw_pile"):
        assert problems(code, set()), code
    for plain in ("Attack the Gnasher (level 2) in the Hollowroot glade", "Hire the scoundrel Mira",
                  "row 2, column 3", "Ana rolls 4 and 6", "Pass", "Take 2 pearls (3 left in the Treasury)"):
        assert not problems(plain, set()), plain
    assert not problems("Say UNO", {"UNO"}) and problems("Say UNO", set())


def _play(game_id: str, players: int, options: dict, seed: int, found: dict) -> int:
    cls = game_class(game_id)
    allow = allowed_capitals(cls)
    state = cardboard.load_game(game_id, players=players, seed=seed, options=options).new_initial_state()
    rng = random.Random(seed)
    seats = [None, *range(players)]
    logs = {s: log_lines_of(state.view(s)) or [] for s in seats}
    checked: set[str] = set()

    def check(text: str, where: str) -> None:
        if text in checked:
            return
        checked.add(text)
        for name, words in problems(text, allow):
            found.setdefault((where, name, words), f"{game_id} ({players}p {options or 'default'}, seed {seed}): "
                                                   f"{where} {text!r} has a {name}: {words!r}")

    for lines in logs.values():
        for line in lines:
            check(line, "log line")
    moves = 0
    while not state.is_terminal() and moves < MAX_ACTIONS:
        legal = state.legal_actions()
        for action in legal:
            check(str(action), "move label")
        state.apply(legal[rng.randrange(len(legal))])
        moves += 1
        for s in seats:
            lines = log_lines_of(state.view(s))
            if lines is None:
                continue
            for line in new_lines(logs[s], lines):
                check(line, "log line")
            logs[s] = lines
    return moves


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_move_labels_and_log_lines_speak_plain_words(game_id):
    found: dict = {}
    for k, (players, options) in enumerate(game_class(game_id).setups):
        for g in range(GAMES_PER_SETUP):
            _play(game_id, players, dict(options), 1000 * k + g + 1, found)
    if found:
        shown = list(found.values())
        more = f"\n... and {len(shown) - SHOWN} more" if len(shown) > SHOWN else ""
        pytest.fail(f"{game_id}: {len(shown)} texts speak in internal ids (issue #23, plain words):\n  "
                    + "\n  ".join(shown[:SHOWN]) + more)
