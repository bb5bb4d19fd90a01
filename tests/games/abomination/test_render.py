"""The terminal drawing of Abomination views: what a seat sees is drawn, what it may not see never is.

Views come from random games at 2-4 players, sampled at every phase and every kind of decision,
drawn to plain text, so the assertions read what a person reads.
"""
from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

import cardboard
from cardboard.games.abomination.render import (ROMAN, location_name, operating_table, render_view, track_table,
                                                viewer)


def draw(view_or_part, width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO(), color_system="truecolor")
    console.print(render_view(view_or_part) if isinstance(view_or_part, dict) else view_or_part)
    return console.export_text()


def flat(text: str) -> str:
    """The drawing as one line of words: panel borders and line breaks out of the way."""
    return re.sub(r"[\s│╭╮╰╯─]+", " ", text)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def sampled_states(players: int, seed: int):
    """The first state of each (phase, decision) of a random game, some states spread over it,
    and its final state."""
    state = cardboard.load_game("abomination", players, seed=seed).new_initial_state()
    rng = random.Random(seed)
    first, spread, k = {}, [], 0
    while not state.is_terminal():
        key = (state.view(None)["phase"], state.view(None)["deciding"])
        if key not in first:
            first[key] = state.clone()
        if k % 60 == 0:
            spread.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        k += 1
    return list(first.values()) + spread + [state]


def hidden_names(state, seat) -> set[str]:
    """Card and encounter names other seats hold that this seat's view holds nowhere."""
    public = json.dumps(state.view(seat))
    names = set()
    for other in range(state.game.players):
        if other == seat:
            continue
        p = state.view(other)["players"][other]
        for c in p["research"] + p["humanity_cards"] + p["held"]:
            if c["name"] not in public:
                names.add(c["name"])
    return names


def check_board(view: dict, text: str) -> None:
    words = flat(text)
    assert f"Round {view['round']}" in words and f"{view['phase']} phase" in words
    last = view["story_track"]
    assert f"[{'☠' if view['captain'] == last else view['captain']} Captain]" in words
    board = view["board"]
    for space in board["spaces"]:
        assert space["name"] in words
        assert location_name(space["location"]) in words
    for cost in board["bump_track"]["costs"]:
        assert f"[{cost} fr:" in words
    for row in board["rows"].values():
        for card in row["slots"]:
            if card:
                assert card["name"] in words
    for deck in board["cadavers"].values():
        if deck["top"]:
            assert deck["top"]["name"] in words
        for c in deck["display"]:
            assert c["name"] in words
    for loc in board["police"]:
        assert "CLOSED (police)" in words and location_name(loc) in words
    if view["event"]:
        assert view["event"]["name"] in words
    for o in view["objectives"]:
        assert o["name"] in words
    for p in view["players"]:
        assert p["character_name"] in words
        assert f"francs {p['francs']}" in words
        assert f"Humanity {signed(p['humanity'])}" in words
        assert f"Reputation {p['reputation']}" in words and f"Expertise {p['expertise']}" in words
        assert f"hand {p['research_count']} research, {p['humanity_count']} humanity" in words
        assert f"police markers {p['police']}" in words
    for s, row in enumerate(view["scores"]):
        if row is not None:
            assert f"score {row['total']}" in words


def check_decider(state, seat: int, view: dict, words: str) -> None:
    """The seat deciding sees itself named, its own hand and held encounters, and its decision."""
    assert f"▶ seat {seat} (you)" in words
    me = view["players"][seat]
    assert "Your hand" in words
    for c in me["research"] + me["humanity_cards"]:
        assert c["name"] in words and c["text"][:30] in words
    for e in me["held"]:
        assert e["name"] in words
    d = view["decision"]
    if d["kind"] == "dice":
        assert "Shock dice:" in words
        for r in d["roll"]:
            assert f"{r['colour']} " in words and r["face"] in words
    if d["kind"] == "entry":
        assert f"Story entry {d['entry']['number']}: {d['entry']['title']}" in words
        for choice in d["entry"]["choices"]:
            assert choice in words
    if d["kind"] == "vigil":
        assert d["encounter"] in words
    if isinstance(view["board"]["drawn"], list):
        for c in view["board"]["drawn"]:
            assert c["name"] in words
    if view["phase"] == "lab":  # the others' labs are shown as the phase began
        assert all(row is None for other, row in enumerate(view["scores"]) if other != seat)
        assert "lab work hidden" in words


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8)])
def test_random_games_draw_every_phase_and_decision(players, seed):
    phases, decisions = set(), set()
    for k, state in enumerate(sampled_states(players, seed)):
        seat = state.current_player
        watchers = [seat] if seat is not None else []
        if k % 2 == 0 or seat is None:
            watchers.append(None)
        for who in watchers:
            view = state.view(who)
            text = draw(view)
            check_board(view, text)
            words = flat(text)
            for name in hidden_names(state, who):
                assert name not in words, f"{name} (another seat's) drawn for seat {who}"
            phases.add(view["phase"])
            if who is None and not view["over"]:
                assert "(spectating)" in words and "Your hand" not in words
            if who is not None:
                decisions.add(view["deciding"])
                check_decider(state, who, view, words)
            if view["over"]:
                assert "Game over" in words and "Final scores" in words
                for w in view["winners"]:
                    assert re.search(rf"winners?: .*seat {w} \(", words)
                for row in view["scores"]:
                    assert f"score {row['total']}" in words
                for p in view["players"]:  # every hand is face up at the end
                    for c in p["research"] + p["humanity_cards"]:
                        assert c["name"] in words
    assert {"event", "city", "lab", "over"} <= phases
    assert {"turn", "build"} <= decisions


def test_lab_panels_show_the_track_and_the_operating_table():
    state = cardboard.load_game("abomination", 3, seed=4).new_initial_state()
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 40:
        view = state.view(None)
        for p in view["players"]:
            rows = {line.split()[0]: line.split()[1:] for line in draw(track_table(p)).splitlines()[1:] if line.strip()}
            assert draw(track_table(p)).split()[:4] == list(ROMAN[1:])
            for material, counts in p["track"].items():
                assert rows[material] == [str(n) if n else "·" for n in counts]
            table = flat(draw(operating_table(p)))
            for slot in p["table"]:
                word = {"empty": "—", "alive": "ALIVE"}.get(slot["state"], slot["state"])
                assert f"{slot['part']} {word}" in table
            if any(slot["damage"] for slot in p["table"]):
                assert "damage" in table
            checked += 1
        for _ in range(25):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 30


def test_the_viewer_is_the_seat_shown_its_hand_and_narrow_terminals_work():
    state = cardboard.load_game("abomination", 4, seed=2).new_initial_state()
    for seat in range(4):
        assert viewer(state.view(seat)) == seat
    assert viewer(state.view(None)) is None
    text = draw(state.view(state.current_player), width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Paris" in text and "Bribe & Bump track" in text


def test_the_recent_log_is_drawn():
    s = cardboard.load_game("abomination", players=2, seed=4).new_initial_state()
    rnd = random.Random(4)
    for _ in range(30):
        s.apply(rnd.choice(s.legal_actions()))
    view = s.view(0)
    text = flat(draw(view))
    assert "recent" in text and flat(view["log"][-1]) in text


def test_cards_seen_going_into_another_hand_are_drawn_and_the_rest_are_not():
    """AM-D-14: a card taken from a face-up row is named under its holder's panel for the others;
    a card drawn blind from a deck is only counted."""
    from .util import before_round, do, start_round

    s = start_round(before_round(2), "cold_snap")
    shown = s.cfg.research[s.rows[1][0]].name
    do(s, "place", space="research", meeple="assistant")
    do(s, "draw_card", source="row", slot=0)
    do(s, "place", space="pray", meeple="assistant")
    do(s, "draw_card", source="deck", slot=0)
    text = flat(draw(s.view(1)))
    assert f"seen going into the hand: {shown}" in text
    assert "seen going into the hand" not in flat(draw(s.view(0)))   # seat 1's card came off the deck
