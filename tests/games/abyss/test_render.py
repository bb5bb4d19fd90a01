"""The terminal drawing of Abyss views: what a seat sees is drawn, what it may not see never is.

Views come from real states (random play, or positions built with helpers.py) and are drawn
to plain text, so the assertions read what a person reads.
"""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import cardboard
from cardboard.games.abyss.render import POWER_W, render_seat, render_view, short_power

from .helpers import L, at_turn, do, give_lords, make, set_hand, stack_deck

RACE_ORDER = ["squid", "shellfish", "crab", "seahorse", "jellyfish"]


def draw(view, width: int = 120) -> str:
    """A view (or one part of the drawing) as the plain text a terminal of that width shows."""
    console = Console(record=True, width=width, file=io.StringIO(), color_system="truecolor")
    console.print(render_view(view) if isinstance(view, dict) else view)
    return console.export_text()


def flat(text: str) -> str:
    """The drawing as one line of words: panel borders and line breaks out of the way."""
    return re.sub(r"[\s│]+", " ", text)


def hand_groups(cards: list[dict]) -> list[str]:
    """How the hand is drawn: "Crab 1 4" per race, values rising."""
    out = []
    for race in RACE_ORDER:
        values = sorted(c["value"] for c in cards if c.get("race") == race)
        if values:
            out.append(f"{race.capitalize()} {' '.join(map(str, values))}")
    return out


def random_states(players: int, seed: int, samples: int = 4):
    """`samples` states spread over one random game, then its final state."""
    game = cardboard.load_game("abyss", players=players, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    history = []
    while not state.is_terminal():
        history.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(history) // samples)
    return history[::step][:samples] + [state]


def check_common(view: dict, text: str) -> None:
    for lord in view["court"]:
        assert lord["name"] in text
    assert f"token on {view['threat']} of {view['threat_spaces']}" in text
    for seat in view["seats"]:
        assert f"seat {seat['seat']}" in text
        assert f"pearls {seat['pearls']}" in text
    for loc in view["locations_open"]:
        assert loc["name"] in text
    assert view["log"][-1] in text


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8)])
def test_random_play_draws_hand_court_threat_and_winners(players, seed):
    for state in random_states(players, seed):
        seat = state.current_player
        if seat is not None:
            view = state.view(seat)
            text = draw(view)
            check_common(view, text)
            hand = view["seats"][seat]["hand"]
            assert f"Your hand: {len(hand)} All" in text
            for group in hand_groups(hand):
                assert group in text
            assert f"▶ seat {seat} (you)" in text
        if state.is_terminal():
            view = state.view(None)
            text = draw(view)
            check_common(view, text)
            assert "(spectating)" in text and "Your hand" not in text
            assert "Game over" in text
            for w in view["winners"]:
                assert f"★ seat {w} wins" in text
            for s in view["seats"]:  # everything is face up at the end
                assert f"Influence {s['score']['total']}" in text


def test_other_hands_are_never_drawn():
    _, s = make(3, seed=2)
    at_turn(s, 0)
    set_hand(s, 0, [("crab", 2), ("squid", 1), ("crab", 5)])
    set_hand(s, 1, [("jellyfish", 5), ("seahorse", 4), ("shellfish", 4)])
    mine = draw(s.view(0))
    assert "Squid 1   Crab 2 5 (7)" in mine
    assert "hand 3" in mine  # seat 1's size is public
    for hidden in ("Jellyfish 5", "Seahorse 4", "Shellfish 4"):
        assert hidden not in mine
    theirs = draw(s.view(1))
    assert "Shellfish 4   Seahorse 4   Jellyfish 5" in theirs
    assert "Crab 2" not in theirs and "Squid 1" not in theirs
    watching = draw(s.view(None))
    for hidden in ("Jellyfish 5", "Crab 2 5", "Your hand"):
        assert hidden not in watching


def test_allies_seen_going_into_another_hand_are_drawn():
    """AY-D-20: the Ally seat 1 bought in sight is drawn under its hand for the others (its owner sees
    the whole hand instead); a stack taken from the Council adds nothing seen."""
    s, _ = _explore_start()
    do(s, "explore")
    do(s, "buy")  # seat 1 buys the Seahorse 3
    assert "Seen going into the hand: Seahorse 3" in flat(draw(s.view(0)))
    assert "Seen going into the hand: Seahorse 3" in flat(draw(s.view(None)))
    assert "Seen going into the hand" not in draw(s.view(1))


def test_races_of_allies_taken_from_the_council_are_drawn_without_values():
    """AY-D-21: a Council stack taken by seat 1 is drawn under its hand as its race and count, for the
    others; its values never."""
    from .helpers import at_turn, set_council
    _, s = make(2, seed=2)
    set_council(s, {"jellyfish": [2, 5]})
    at_turn(s, 1)
    do(s, "request", races=["jellyfish"])
    for viewer in (0, None):
        text = flat(draw(s.view(viewer)))
        assert "From the Council, values unseen: Jellyfish ×2" in text
        assert "Jellyfish 2" not in text and "Jellyfish 5" not in text
    assert "From the Council" not in draw(s.view(1))


def _explore_start():
    _, s = make(2, seed=2)
    cards = stack_deck(s, [("seahorse", 3), ("squid", 2)])
    at_turn(s, 0)
    return s, cards


def test_monster_token_values_only_for_their_owner():
    _, s = make(2, seed=4)
    give = s.token_pool[-2:]
    s.token_pool = s.token_pool[:-2]
    s.tokens = ((), tuple(give))
    values = " ".join(str(v) for v in sorted(s.cfg.token_values[t] for t in give))
    assert "Monster tokens 2 (face down)" in draw(s.view(0))
    assert f"Monster tokens 2: {values}" in draw(s.view(1))
    assert "Influence 0 + ?" in draw(s.view(0))


def test_offer_names_the_card_its_price_and_who_decides():
    _, s = make(3, seed=6)
    at_turn(s, 0)
    stack_deck(s, [("crab", 4)])
    do(s, "explore")
    assert s.phase == "offer" and s.current_player == 1
    text = draw(s.view(1))
    assert "seat 0's turn; ▶ seat 1 (you) to buy the Crab 4 for 1 pearl or decline" in text
    assert "Crab 4" in text and "▲ now" in text
    assert "▶ seat 1 (you) decides" in text and "▷ seat 0's turn" in text


def test_drawn_locations_only_for_the_chooser():
    _, s = make(2, seed=9)
    at_turn(s, 0)
    s.keys = (3, 0)
    s.key_supply -= 3
    s.phase = "idle"
    s._resume()  # three keys: control a Location at once
    do(s, "draw", n=3)
    assert s.phase == "keep"
    names = [loc["name"] for loc in s.view(0)["drawn"]]
    mine = draw(s.view(0))
    assert "you drew, keep one" in mine
    for name in names:
        assert f"▸ {name}" in mine
    theirs = draw(s.view(1))
    assert "seat 0 drew 3 Locations and is choosing one" in theirs
    for name in names:
        assert name not in theirs


def test_assassinated_lord_and_last_round_are_flagged():
    _, s = make(3, seed=1)
    at_turn(s, 2)
    give_lords(s, 1, ["jailer", "shaman"])
    s.disabled = frozenset({L(s, "jailer")})
    s.final = (0, 1)
    s.ending = "seventh_lord"
    view = s.view(0)
    panel = flat(draw(render_seat(view, view["seats"][1]), width=38))  # the width of a seat among three
    assert "Lords 2: Jailer ✗assassinated, Shaman" in panel
    text = draw(view)
    assert "LAST ROUND (a 7th Lord was recruited): still to play: seat 0 (you), seat 1" in text


def test_narrow_terminal_keeps_the_powers():
    state = random_states(4, 11, samples=3)[1]
    view = state.view(state.current_player)
    text = draw(view, width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "│   power " in text  # the powers went under the names, whole
    for lord in view["court"]:
        assert short_power(lord["power"]) in flat(text)
    check_common(view, text)


def test_short_powers_stay_short_and_keep_their_numbers():
    assert short_power("Your opponents pay 2 more to recruit a Lord.") == "Opponents pay 2 more to recruit a Lord."
    assert short_power("Once in your turn you may discard 1 Ally from hand to gain 2 Pearls.") == \
        "Once a turn: discard 1 Ally from hand to gain 2 pearls."
    long = short_power("word " * 40)
    assert len(long) <= POWER_W and long.endswith("…")
    _, s = make(2)
    for spec in s.cfg.lords:
        short = short_power(spec.power.text)
        assert len(short) <= POWER_W
        assert re.findall(r"\d+", short) == re.findall(r"\d+", re.sub(r"\([^)]*\)", "", spec.power.text))
