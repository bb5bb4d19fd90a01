"""Set-up (AM-S-*): decks, rows, the event deck, the Captain, objectives, players' pieces, the
characters' different starts, First Player, and options that are refused."""
from collections import Counter

import pytest

import cardboard
from cardboard.engine import ConfigError

from .util import before_round, new, start_round


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 7), (4, 11)])
def test_setup_deals_decks_rows_events_and_players(players, seed):
    s = before_round(players, seed, characters=None, first_player=None)   # before round 1's event
    cfg = s.cfg
    deck = {d: i for i, d in enumerate(cfg.decks)}
    leopold = cfg.leopold
    # AM-S-1: Leopold the Vast is set apart: in no deck and not face up
    assert all(leopold not in d for d in s.decks) and all(leopold not in d for d in s.display)
    assert cfg.cadavers[leopold].id == "leopold_the_vast"
    # AM-S-2: four decks by type; the Hospital stack holds one face-up card per player
    assert s.drawn == ()
    hosp = deck["hospital"]
    assert len(s.display[hosp]) == players
    sizes = {d: len(s.decks[i]) + len(s.display[i]) for d, i in deck.items()}
    assert sizes == {"cemetery": 16, "morgue": 14, "hospital": 12, "public_square": 9}
    for d, i in deck.items():
        assert all(cfg.cadavers[c].deck == d for c in s.decks[i] + s.display[i])
    assert s.display[deck["public_square"]] == ()   # nothing there before an Execution
    # AM-S-3: 3 scoundrels, 2 research and 2 humanity cards face up, the rest in decks
    assert [len(r) for r in s.rows] == [3, 2, 2] and all(c >= 0 for r in s.rows for c in r)
    assert [len(r) + len(d) for r, d in zip(s.rows, s.row_decks)] == [16, 16, 16]
    for r, d in zip(s.rows, s.row_decks):
        assert sorted(r + d) == list(range(16))
    # AM-S-4: 12 cards: 2 events on top, then 6 events and 4 encounters shuffled together
    full = s.event_deck
    n_events = len(cfg.events)
    assert len(full) == 12 and len(set(full)) == 12 and s.event is None
    assert full[0] < n_events and full[1] < n_events
    assert Counter(c < n_events for c in full[2:]) == {True: 6, False: 4}
    # AM-S-5: the Captain on the first space of a 13-space story track
    assert s.captain == 1 and cfg.setup.story_track == 13
    # AM-S-7: 4 different objectives of the 6, none claimed
    assert len(s.objectives) == 4 and len(set(s.objectives)) == 4
    assert all(0 <= o < 6 for o in s.objectives) and s.claimed == ((),) * 4
    # AM-S-8, AM-S-10: a different character each, francs = players, 1 scientist + 2 assistants on the card
    chars = [p.character for p in s.players]
    assert len(set(chars)) == players
    for p in s.players:
        who = cfg.characters[p.character].id
        extra = 2 if who == "henri_de_valcourt" else 0
        assert p.francs == players + extra
        assert p.scientists == p.free_sci == 1
        assistants = 3 if who == "henri_de_valcourt" else 2   # Henri passes Reputation 3's icon
        assert p.assistants == p.free_asst == assistants
        assert p.study == p.generator == 0
        assert p.parts == (0,) * 6 and p.damage == (0,) * 6 and sum(p.track) == 0 and p.bone == 0
        assert p.research == () and p.humanity_cards == () and p.vp == 0
        assert p.charged == p.empty == 0 and p.ice == 0 and p.police == 0
    # round 1 draws the top card: an event, its early side; the rest stays covered
    start_round(s)
    assert s.event == (full[0], "early") and s.event_deck == full[1:]
    assert s.view(0)["event_deck"] == 11  # covered: only its size is shown
    assert s.view(None)["story_track"] == 13
    view = str(s.view(0))
    for c in s.event_deck:   # the covered cards' ids appear nowhere in a view
        ident = cfg.events[c].id if c < n_events else cfg.encounters[c - n_events].id
        assert f"'{ident}'" not in view


def test_setup_differs_by_seed_and_repeats_with_it():
    a, b, a2 = new(3, 1), new(3, 2), new(3, 1)
    assert a._dump() == a2._dump()
    assert (a.decks, a.rows, a.event_deck) != (b.decks, b.rows, b.event_deck)


def test_bad_options_are_rejected():
    def load(players=2, **options):
        return cardboard.load_game("abomination", players=players, seed=1, options=options)

    for players in (1, 5):
        with pytest.raises(ConfigError):
            load(players)
    with pytest.raises(ConfigError, match="first_player"):
        load(2, first_player=2)
    with pytest.raises(ConfigError, match="first_player"):
        load(3, first_player=-1)
    with pytest.raises(ConfigError, match="one character id per seat"):
        load(2, characters=["marie_freeman"])
    with pytest.raises(ConfigError, match="no character 'igor'"):
        load(2, characters=["marie_freeman", "igor"])
    with pytest.raises(ConfigError, match="different character"):
        load(2, characters=["marie_freeman", "marie_freeman"])
    with pytest.raises(ConfigError, match="no objective 'fame'"):
        load(2, objectives=["fame", "most_francs", "reputation_20", "first_head"])
    with pytest.raises(ConfigError, match="4 different objective ids"):
        load(2, objectives=["expertise_27", "most_francs", "reputation_20"])
    with pytest.raises(ConfigError, match="4 different objective ids"):
        load(2, objectives=["expertise_27", "expertise_27", "reputation_20", "first_head"])
    with pytest.raises(ConfigError):
        load(2, dial_scoring="worst")
    with pytest.raises(ConfigError):
        load(2, no_such_option=True)
    # the options that are accepted are honoured (AM-S-7, AM-S-8)
    chosen = ["three_alive", "expertise_27", "most_cards", "first_head"]
    s = new(3, 5, objectives=chosen, characters=["prisha_chatwal", "odile_vasseur", "baptiste_rousseau"])
    assert sorted(s.cfg.objectives[o].id for o in s.objectives) == sorted(chosen)
    assert [s.cfg.characters[p.character].id for p in s.players] == ["prisha_chatwal", "odile_vasseur",
                                                                     "baptiste_rousseau"]
    assert [o["id"] for o in s.view(None)["objectives"]] == [s.cfg.objectives[o].id for o in s.objectives]


def test_character_start_turns_the_dial_through_its_icons():
    # AM-S-9: dials at Humanity 0, Reputation 1, Expertise 1 ...
    s = before_round(4, characters=["marie_freeman", "odile_vasseur", "henri_de_valcourt", "lucien_marchal"])
    marie, odile, henri, lucien = s.players
    for p in (marie, lucien):
        assert (p.humanity, p.reputation, p.expertise) == (0, 1, 1)
        assert (p.scientists, p.assistants, p.francs) == (1, 2, 4)
    # ... the academic starts at Expertise 4 (no icon on the way)
    assert (odile.humanity, odile.reputation, odile.expertise) == (0, 1, 4)
    assert (odile.scientists, odile.assistants, odile.francs) == (1, 2, 4)
    # ... the aristocrat at Reputation 4: the dial passes the gain-assistant icon at 3, so he starts
    # with a third assistant on his card, and 2 extra francs
    assert (henri.humanity, henri.reputation, henri.expertise) == (0, 4, 1)
    assert (henri.scientists, henri.assistants, henri.free_asst, henri.francs) == (1, 3, 3, 6)
    assert ("reputation", 3, "") in henri.fired
    # the icon was resolved, so turning back past it undoes it (the assistant goes)
    s._edited = set()
    s._turn_dial(2, "reputation", -2)
    assert (s.players[2].reputation, s.players[2].assistants, s.players[2].free_asst) == (2, 2, 2)


def test_first_player_random_or_chosen():
    # AM-S-11: a random First Player unless the option names one; score markers start at 0
    firsts = {new(3, seed).first for seed in range(1, 25)}
    assert firsts == {0, 1, 2}
    for seat in (0, 1, 2):
        s = before_round(3, first_player=seat)
        assert s.first == seat
        start_round(s, "cold_snap")
        assert s.ask == ("turn", seat) and s.current_player == seat   # First Player places first
        v = s.view(None)
        assert v["first_player"] == seat
        assert [p["first_player"] for p in v["players"]] == [x == seat for x in range(3)]
        assert s.scores() == [0.0, 0.0, 0.0] and all(p.vp == 0 for p in s.players)
