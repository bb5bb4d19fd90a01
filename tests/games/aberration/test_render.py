"""The terminal drawing of Aberration views: the map, tracks, enemies and each hero's boards, drawn
from the view alone; what a face-down shadow is never appears.

Views come from random games at 1-4 players in both scenarios, drawn to plain text, so the
assertions read what a person reads.
"""
from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import cardboard
from cardboard.games.aberration.render import render_view

SCENARIOS = ("first_night", "long_night")


def draw(view: dict, width: int = 200) -> str:
    console = Console(record=True, width=width, file=io.StringIO(), color_system="truecolor")
    console.print(render_view(view))
    return console.export_text()


def flat(text: str) -> str:
    """The drawing as one line of words: panel borders and line breaks out of the way."""
    return re.sub(r"[\s│╭╮╰╯─├└]+", " ", text)


def sampled_states(players: int, seed: int, scenario: str, every: int = 12):
    """Some states spread over a random game (the first ones, then every `every` moves) and the last."""
    state = cardboard.load_game("aberration", players, seed=seed, options={"scenario": scenario}).new_initial_state()
    rng = random.Random(seed)
    out, k = [state.clone()], 0
    while not state.is_terminal() and k < 400:
        state.apply(rng.choice(state.legal_actions()))
        k += 1
        if k % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


def check(view: dict, text: str) -> None:
    words = flat(text)
    assert f"Round {view['round']}" in words
    assert "Survival" in words and f"{view['survival']}/{view['survival_track']}" in words
    assert "Fear" in words and f"{view['fear']}/{view['fear_track']}" in words
    for b in view["map"]["boards"]:
        assert f"{b['compass']} · {b['tile']} {b['name']}" in words
    assert "Village Center" in words and f"Pool: {view['pool']} villagers" in words
    for h in view["heroes"]:
        assert h["name"] in words and h["class_name"] in words
        assert f"HP {h['hp']} (Aberration track {h['aberration_track']}/{h['track_top']})" in words
        assert f"XP {h['xp']}" in words
        for stat, level in h["levels"].items():
            assert f"{stat} {level}" in words
        assert f"discard {len(h['discard'])}" in words
        for c in h["item_cards"]:
            assert c["name"] in words
    for m in view["monsters"]:
        assert f"{m['name']} {m['slot']} {m['hp']}/{m['max_hp']}HP" in words
    for e in view["enemies"]:
        assert e["name"] in words
        for kw in e["keywords"]:
            assert kw.title() in words
    for vp in view["vantage_points"]:
        assert f"VP {vp['spot']} {vp['name']}" in words
        if vp["state"] != "standing":
            assert f"VP {vp['spot']} {vp['name']} ({vp['board']} board) {vp['state'].upper()}" in words
    assert f"Great Beast deck: {view['great_beast']['left']} cards left" in words
    for c in view["great_beast"]["known_cards"]:
        assert c["name"] in words
    if view["objective"]:
        assert view["objective"]["name"] in words
    if view["phase"] == "over":
        assert "Game over:" in words and ("VICTORY" if view["result"] == "win" else "DEFEAT") in words
    else:
        asked = view["asked"]
        hero = view["heroes"][asked["seat"]]
        assert f"{hero['name']} (seat {asked['seat']}" in words and "decides" in words
        if view["viewer"] == asked["seat"]:
            assert "▶ " in words and "decides now" in words
        if view["viewer"] is None:
            assert "(spectating)" in words
    for line in view["log"][-8:]:
        assert flat(line) in words
    shadows = len(view["shadows"])
    if view["phase"] != "over":
        drawn = re.findall(r"shadows? ((?:#\d+ )+)\(face down\)", words)
        assert sorted(int(x) for d in drawn for x in d.replace("#", "").split()) == sorted(s["id"] for s in view["shadows"])


@pytest.mark.parametrize("players,seed,scenario", [(1, 1, "first_night"), (2, 2, "long_night"),
                                                   (3, 3, "first_night"), (4, 4, "long_night")])
def test_random_games_draw_the_map_tracks_enemies_and_heroes(players, seed, scenario):
    kinds = set()
    for k, state in enumerate(sampled_states(players, seed, scenario)):
        seat = state.current_player
        for who in ([seat] if seat is not None else []) + ([None] if k % 3 == 0 or seat is None else []):
            view = state.view(who)
            check(view, draw(view))
            if view["asked"]:
                kinds.add(view["asked"]["kind"])
    assert "turn" in kinds


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_face_down_shadow_is_never_drawn_for_another_seat_or_a_spectator(scenario):
    """Re-dealing what no seat knows (the face-down shadows, the deck orders) changes nothing drawn,
    and every face-down shadow is drawn only as "shadow #id (face down)"."""
    states = sampled_states(3, 7, scenario, every=10)
    for s in states[1:-1:3][:3]:
        if s.is_terminal():
            continue
        for who in (None, 1):
            view = s.view(who)
            text = draw(view)
            for seed in (1, 2):
                other = s.determinize(0 if who is None else who, seed)
                assert draw(other.view(who)) == text
            assert all("token" not in x for x in view["shadows"])
            assert len(re.findall(r"shadows? (?:#\d+ )+\(face down\)", text)) == len({x["space"] for x in view["shadows"]})

def test_the_end_and_a_narrow_terminal():
    state = sampled_states(2, 11, "first_night", every=1000)[-1]
    assert state.is_terminal()
    view = state.view(None)
    words = flat(draw(view))
    assert "Game over:" in words and view["cause"][:20] in words
    text = draw(state.view(0), width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Village Center" in text and "The Great Beast" in text
