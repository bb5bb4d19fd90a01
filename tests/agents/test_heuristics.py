"""The heuristic agents: legal, reproducible, honest, and clearly better than chance.

Measured when the bounds below were set (fixed seeds, seats rotated), 2 players:
  Aban!                heuristic vs random 40 games: win share 1.00; 100 games 0.99
  Hideous Abomination  heuristic vs random 40 games: win share 0.95; 100 games 0.95
  Aban! solo           heuristic mean 35.5 (24 games here: 35.7) vs greedy 27.5 (here 28.3)
  Abyss                heuristic vs random 40 games: win share 1.00; vs greedy 40 games 1.00
                       (arena, 100 games: 1.00 vs both, 95% interval 0.96-1.00)
  Abomination          heuristic vs random 40 games: win share 1.00; vs greedy 12 games 1.00
                       (arena, 40 games each: 1.00 vs both; mean scores about 125 vs 15 and 130 vs 30)
The bounds leave a wide margin: a bug that makes a heuristic play like a random agent fails them.
"""
import pytest

import cardboard
from cardboard import ConfigError
from cardboard.agents import GreedyAgent, RandomAgent
from cardboard.engine import game_class
from cardboard.games.aban.heuristic import AbanHeuristic
from cardboard.games.abomination.heuristic import AbominationHeuristic
from cardboard.games.abyss.heuristic import AbyssHeuristic
from cardboard.games.hideous_abomination.heuristic import HAHeuristic
from cardboard.engine import Rng, derive_seed

from tests.games.aban.helpers import choose_foods, make, set_dice, set_garden
from tests.games.abyss import helpers as ay
from tests.games.hideous_abomination.helpers import at_phase, make as make_ha, set_slab

PLAYER_COUNTS = {"aban": (1, 2, 3, 4, 5), "abyss": (2, 3, 4), "hideous-abomination": (2, 3, 4, 5),
                 "abomination": (2, 3, 4)}
GAMES_PER_COUNT = {"abomination": 6}  # its games are long (about 400 decisions at 2 players)


def _options(game_id: str, k: int) -> dict:
    """Vary the set-up between games: the token sides and the expansion for Aban!, the
    simplified variants now and then for Hideous Abomination, the dials scored by the best
    position reached now and then for Abomination."""
    if game_id == "aban":
        return [{}, {"expansion": True}, {"token_side": "rocky"}][k % 3]
    if game_id == "abyss":
        return {}
    if game_id == "abomination":
        return [{}, {"dial_scoring": "best"}, {}][k % 3]
    return [{}, {}, {}, {"variant": "ages_6_7"}, {"variant": "ages_4_5"}][k % 5]


def test_each_game_finds_its_heuristic_in_its_own_folder():
    from cardboard.games.aberration.heuristic import AberrationHeuristic

    found = {game_id: game_class(game_id).heuristic() for game_id in cardboard.list_games()}
    assert {g: found[g] for g in ("aban", "abyss", "hideous-abomination", "abomination", "aberration")} == {
        "aban": AbanHeuristic, "abyss": AbyssHeuristic, "hideous-abomination": HAHeuristic,
        "abomination": AbominationHeuristic, "aberration": AberrationHeuristic}
    assert AbanHeuristic.name == AbyssHeuristic.name == HAHeuristic.name == AbominationHeuristic.name == "heuristic"
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        game_class("chess")


@pytest.mark.parametrize("game_id", sorted(PLAYER_COUNTS))
def test_legal_move_in_every_state(game_id):
    """30 games per player count (6 of the long Abomination): the heuristic is asked in every
    state; half the moves played are its own, half random ones (so it meets positions it would
    not make)."""
    agent_class = game_class(game_id).heuristic()
    for players in PLAYER_COUNTS[game_id]:
        for k in range(GAMES_PER_COUNT.get(game_id, 30)):
            options = _options(game_id, k)
            if players == 1:
                options = {"expansion": bool(k % 2)}  # the solo mode has no Espino/Rocky board
            state = cardboard.load_game(game_id, players, derive_seed("legal", players, k), options).new_initial_state()
            agent, other, coin = agent_class(k), RandomAgent(k), Rng(k)
            while not state.is_terminal():
                legal = state.legal_actions()
                values = agent.action_values(state)
                action = agent.choose(state)
                assert action in legal, (game_id, players, k, str(action))
                # the values searches rank moves by: one per legal move, and the choice is a best one
                assert len(values) == len(legal)
                assert len(legal) == 1 or values[legal.index(action)] >= max(values) - 1e-9
                state.apply(action if coin.below(2) else other.choose(state))


@pytest.mark.parametrize("game_id,players", [("aban", 3), ("abyss", 3), ("hideous-abomination", 3),
                                             ("abomination", 3)])
def test_deterministic_for_a_seed(game_id, players):
    agent_class = game_class(game_id).heuristic()

    def log(agent_seed):
        state = cardboard.load_game(game_id, players, 11).new_initial_state()
        bots = [agent_class(agent_seed + s) for s in range(players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        return [a.to_json() for a in state.history]

    assert log(5) == log(5)


@pytest.mark.parametrize("game_id", sorted(PLAYER_COUNTS))
def test_honest_same_move_when_hidden_information_is_redealt(game_id):
    """A determinized copy re-deals what the deciding seat cannot see (other hands, the deck,
    the Awards deck, the buried buffet tiles; future dice; Abomination's held encounters, event
    deck and the lab work of the players before it): an honest agent decides the same."""
    agent_class = game_class(game_id).heuristic()
    for k in range(4):
        state = cardboard.load_game(game_id, 3, derive_seed("honest", k)).new_initial_state()
        other = RandomAgent(k)
        while not state.is_terminal():
            me = state.current_player
            mine = agent_class(k).choose(state)
            for seed in (1, 2):
                copy = state.determinize(me, seed)
                assert agent_class(k).choose(copy).to_json() == mine.to_json()
            state.apply(mine if len(state) % 3 else other.choose(state))


def _win_share(game_id, agent_classes, games, players=2, seed=0):
    wins = [0.0] * len(agent_classes)
    scores = [[] for _ in agent_classes]
    for k in range(games):
        state = cardboard.load_game(game_id, players, derive_seed(seed, k)).new_initial_state()
        seating = [(s + k) % len(agent_classes) for s in range(players)]  # seats rotated
        bots = [agent_classes[c](derive_seed(seed, k, s)) for s, c in enumerate(seating)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        winners, final = state.winners(), state.scores()
        for s, c in enumerate(seating):
            scores[c].append(final[s])
            if s in winners:
                wins[c] += 1 / len(winners)
    per_class = games * players / len(agent_classes)
    return [w / per_class for w in wins], [sum(x) / len(x) for x in scores]


@pytest.mark.parametrize("game_id", sorted(PLAYER_COUNTS))
def test_beats_random_at_two_players(game_id):
    share, _ = _win_share(game_id, [game_class(game_id).heuristic(), RandomAgent], games=40)
    assert share[0] >= 0.8, share  # measured 1.00 (Aban!, Abyss, Abomination) and 0.95 (Hideous Abomination)


def test_abyss_beats_greedy_at_two_players():
    share, _ = _win_share("abyss", [AbyssHeuristic, GreedyAgent], games=40, seed=1)
    assert share[0] >= 0.6, share  # measured 1.00


def test_abomination_beats_greedy_at_two_players():
    share, scores = _win_share("abomination", [AbominationHeuristic, GreedyAgent], games=10, seed=1)
    assert share[0] >= 0.8, share  # measured 1.00 (mean scores about 130 vs 30)
    assert scores[0] >= scores[1] + 30, scores


def test_aban_solo_scores_above_greedy():
    _, (heuristic,) = _win_share("aban", [AbanHeuristic], games=24, players=1, seed=3)
    _, (greedy,) = _win_share("aban", [GreedyAgent], games=24, players=1, seed=3)
    assert heuristic >= greedy + 2, (heuristic, greedy)  # measured 35.7 vs 28.3 on these seeds


def test_aban_completes_a_pattern():
    _, s = make(2, seed=1, boards={5: "brocool", 3: "chichaforo"})
    choose_foods(s, [1, 2])
    me = s.current_player
    set_garden(s, me, "3...\n3...\n....\n.5..")
    set_dice(s, [3, 5, 6])
    assert AbanHeuristic(0).choose(s).to_json() == {"kind": "plant", "die": 3, "at": [2, 0]}


def test_aban_last_picker_leaves_its_food():
    """The last picker of a round takes the other die: the one left over feeds its chayote."""
    _, s = make(2, seed=1, boards={2: "apizza"})
    choose_foods(s, [6, 2])  # seat 0 eats 6s, seat 1 eats 2s
    s.apply(next(a for a in s.legal_actions() if a.kind == "plant"))  # the first picker's turn
    assert s.current_player == 1
    set_dice(s, [2, 6])
    a = AbanHeuristic(0).choose(s)
    assert a["die"] == 6  # leaving the 2: a feed for itself, none for seat 0


def test_aban_look_ahead_is_solo_only():
    """With opponents the look-ahead changes nothing: the same values with and without it."""
    _, s = make(2, seed=4, boards={3: "chichaforo", 5: "brocool"})
    choose_foods(s, [2, 6])
    set_garden(s, s.current_player, "3...\n....\n.5..\n....")
    set_dice(s, [3, 5, 6])
    assert AbanHeuristic(0).action_values(s) == AbanHeuristic(0, lookahead=0.0).action_values(s)


def test_aban_solo_next_turn_worth_counts_the_open_patterns():
    """The worth of the turn a garden leaves: higher while a square still completes a pattern,
    lower once another plant has taken that square."""
    from cardboard.games.aban.heuristic import _boards_of, _next_turn_worth
    from cardboard.games.aban import garden as G
    from tests.games.aban.helpers import garden as drawing

    _, s = make(1, seed=2, first_game=True)  # 2 Apizza, 3 Chichaforo, 4 Fuebas, 5 Brocool, 6 Cebolluga
    choose_foods(s, [6])
    info = _boards_of(s.cfg)
    pots = tuple(i for i, v in enumerate(drawing("....\n....\n....\n....")) if v != G.NO_POT)
    open_line = drawing("3...\n3...\n....\n.5..")
    taken = drawing("3...\n3...\n2...\n.5..")
    assert _next_turn_worth(s, info, open_line, pots) > _next_turn_worth(s, info, taken, pots) + 1


def test_aban_solo_plants_for_the_next_turn():
    """Solo, two 6s to place (a position met in play, seed 30007). Planted on r1c2 the
    Cebolluga keeps the garden's next turns open; the one-ply valuation sends it to r4c4 instead.
    Judged by outcome: over the same 60 re-rolled futures, played out by the heuristic, the
    look-ahead's square scores at least 2 points more on average (measured 4.9 over 300)."""
    _, s = make(1, seed=7, boards={2: "apizza", 3: "ranongo", 4: "costelon", 5: "sadahoria", 6: "cebolluga"})
    choose_foods(s, [5])
    set_garden(s, 0, "6.3.\n663.\n6.3.\n222.")
    set_dice(s, [6, 6])
    s.ko = 2
    pick = AbanHeuristic(0).choose(s)
    assert pick.to_json() == {"kind": "plant", "die": 6, "at": [0, 1]}
    one_ply = AbanHeuristic(0, lookahead=0.0).choose(s)
    assert one_ply != pick

    def played_out(move, seed):
        world = s.determinize(0, seed)
        world.apply(move)
        policy = AbanHeuristic(seed)
        while not world.is_terminal():
            world.apply(policy.choose(world))
        return world.scores()[0]

    gain = sum(played_out(pick, k) - played_out(one_ply, k) for k in range(60)) / 60
    assert gain >= 2, gain


def test_search_rollouts_use_the_cheap_aban_heuristic():
    from cardboard.agents import make_agent
    from cardboard.games.aban import heuristic as aban

    agent = make_agent("hard", seed=1, game_id="aban")
    assert isinstance(agent.rollout_agent, AbanHeuristic) and isinstance(agent.prior, AbanHeuristic)
    assert agent.prior.lookahead == aban.LOOKAHEAD and agent.prior.width == aban.LOOK_WIDTH
    assert agent.rollout_agent.lookahead == aban.ROLLOUT_LOOKAHEAD
    assert agent.rollout_agent.width == aban.ROLLOUT_WIDTH


def test_ha_bolts_off_the_torso_seam():
    """A bolt between two body parts secures both; one on the torso seam secures one."""
    _, s = make_ha(2, seed=3)
    set_slab(s, 1, {(0, 1): ("red-11", 1), (0, 2): ("red-01", 3)})  # an arm and a head to the east
    s.pending = (0, 1)
    at_phase(s, "bolt", player=0, decider=1)
    seams = {tuple(map(tuple, a.to_json()["seam"])) for a in s.legal_actions()}
    assert ((0, 1), (0, 2)) in seams and ((0, 0), (0, 1)) in seams
    a = HAHeuristic(0).choose(s)
    assert a.to_json()["seam"] == [[0, 1], [0, 2]]


def test_ha_reads_only_what_the_view_shows():
    """The Hideous Abomination heuristic reads the state's public slots rather than building
    the whole view (whose log makes it slower than a decision): they are what the view shows."""
    state = cardboard.load_game("hideous-abomination", 3, 9).new_initial_state()
    bots = [HAHeuristic(s) for s in range(3)]
    cfg = state.cfg
    while not state.is_terminal():
        seat = state.current_player
        view = state.view(seat)
        for s, entry in enumerate(view["seats"]):
            tiles = {tuple(t["at"]): t["tile"]["id"] for t in entry["abomination"]}
            assert tiles == {cell: cfg.tiles[t].id for cell, (t, _, _) in state.slabs[s].items()}
            assert entry["bolts"] == [[list(a), list(b)] for a, b in sorted(state.bolts[s])]
        assert [c["id"] for c in view["awards_revealed"]] == [cfg.award_ids[i] for i in state.awards]
        assert view["awards_left"] == len(state.awards_deck)
        dug = None if state.dig is None else state.dig[0]  # a pile being dug shows no top
        assert [(p["size"], p["top"]["id"] if p["top"] else None) for p in view["buffet"]] == [
            (len(p), cfg.tiles[p[-1]].id if p and i != dug else None) for i, p in enumerate(state.buffet)]
        assert view["turn_player"] == state.player
        state.apply(bots[seat].choose(state))


def test_abyss_recruits_paying_least():
    """The Landowner (12 Influence, 10 in Seahorses) with Seahorses 5, 4, 3, 1 and no pearls,
    a Seahorse 4 already affiliated: paying 5 + 4 + 1 spends less than 5 + 4 + 3 (and the
    affiliated 1 or 3 would not score over the 4)."""
    _, s = ay.make(2, seed=1)
    ay.set_affiliated(s, 0, [("seahorse", 4)])
    ay.set_hand(s, 0, [("seahorse", 5), ("seahorse", 4), ("seahorse", 3), ("seahorse", 1)])
    ay.set_pearls(s, 0, 0)
    ay.set_court(s, ["landowner", "traitor", "hermit"])
    ay.at_turn(s, 0)
    a = AbyssHeuristic(0).choose(s).to_json()
    assert a["kind"] == "recruit" and a["lord"] == "landowner", a
    assert sorted(v for _, v in a["pay"]) == [1, 4, 5] and a["affiliate"] == ["seahorse", 1]


def test_abyss_affiliates_high_when_it_scores():
    """The same hand with no Seahorse affiliated: 5 + 4 + 3 affiliates the 3 (3 Influence at the
    end) for one more point of Allies than 5 + 4 + 1, which would affiliate the 1."""
    _, s = ay.make(2, seed=1)
    ay.set_hand(s, 0, [("seahorse", 5), ("seahorse", 4), ("seahorse", 3), ("seahorse", 1)])
    ay.set_pearls(s, 0, 0)
    ay.set_court(s, ["landowner", "traitor", "hermit"])
    ay.at_turn(s, 0)
    a = AbyssHeuristic(0).choose(s).to_json()
    assert a["kind"] == "recruit" and a["lord"] == "landowner", a
    assert a["affiliate"] == ["seahorse", 3], a


def test_abyss_fights_for_the_key_that_takes_a_location():
    """Two keys held and the Threat on the key space: the Monster is fought for the third key
    (a Location at once) rather than passed."""
    _, s = ay.make(2, seed=1)
    s.keys = (2, 0)
    s.key_supply -= 2
    s.threat = 3
    ay.at_turn(s, 0)
    ay.stack_deck(s, ["monster"])
    ay.do(s, "explore")
    assert s.phase == "monster"
    assert AbyssHeuristic(0).choose(s).kind == "fight"


def test_abyss_keeps_the_location_its_lords_score():
    """Four Politicians: of Parliament (6 + 2 each), The Barracks (7 + 2 per Military Lord) and
    The Jail (15 - 1 per Lord), Parliament is kept."""
    _, s = ay.make(2, seed=1)
    ay.give_lords(s, 0, ["corruptor", "traitor", "schemer"])
    ay.set_locations(s, 0, [("the_abyss", ["diplomat"])])
    s.keys = (3, 0)
    s.key_supply -= 3
    ay.at_turn(s, 0)
    s.phase = ay.IDLE
    s._resume()
    assert s.phase == "where"
    ay.stack_locations(s, ["parliament", "barracks", "the_jail"])
    ay.do(s, "draw", n=3)
    assert s.phase == "keep"
    assert AbyssHeuristic(0).choose(s).to_json() == {"kind": "keep", "location": "parliament"}


def test_abyss_reads_only_what_the_view_shows():
    """The Abyss heuristic reads the state's public slots (and its own hand and tokens) rather
    than building the view: they are what the view shows to the deciding seat."""
    from cardboard.games.abyss.content import RACES

    state = cardboard.load_game("abyss", 3, 9).new_initial_state()
    bots = [AbyssHeuristic(s) for s in range(3)]
    cfg = state.cfg
    lord_id = [x.id for x in cfg.lords]
    while not state.is_terminal():
        seat = state.current_player
        view = state.view(seat)
        for s, e in enumerate(view["seats"]):
            assert e["pearls"] == state.pearls[s] and e["hand_size"] == len(state.hands[s])
            assert e["monster_tokens"] == len(state.tokens[s]) and e["key_tokens"] == state.keys[s]
            assert e["keys"] == state.key_count(s) and e["hand_limit"] == state.hand_limit(s)
            assert [(c["race"], c["value"]) for c in e["affiliated"]] == [
                (RACES[cfg.card_race[c]], cfg.card_value[c]) for c in state.affiliated[s]]
            assert [(x["id"], x["disabled"]) for x in e["lords"]] == [
                (lord_id[x], x in state.disabled) for x in state.free[s]]
            assert [(p["location"]["id"], [x["id"] for x in p["lords"]]) for p in e["locations"]] == [
                (cfg.locations[loc].id, [lord_id[x] for x in under]) for loc, under in state.locations[s]]
        mine = view["seats"][seat]
        assert sorted((c["race"], c["value"]) for c in mine["hand"]) == sorted(
            (RACES[cfg.card_race[c]], cfg.card_value[c]) for c in state.hands[seat])
        assert mine["token_values"] == sorted(cfg.token_values[t] for t in state.tokens[seat])
        assert [x["id"] for x in view["court"]] == [lord_id[x] for x in state.court]
        assert [x["id"] for x in view["lord_discard"]] == [lord_id[x] for x in state.lord_discard]
        assert [c["size"] for c in view["council"]] == [len(st) for st in state.council]
        assert [x["id"] for x in view["locations_open"]] == [cfg.locations[x].id for x in state.loc_open]
        assert view["location_deck_size"] == len(state.loc_deck) and view["lord_deck_size"] == len(state.lord_deck)
        assert view["token_pool"] == len(state.token_pool) and view["key_supply"] == state.key_supply
        assert view["threat"] == state.threat and view["turn_player"] == state.player
        assert len(view["track"]) == len(state.track)
        assert (view["last_round"] is None) == (state.final is None)
        if view["last_round"] is not None:
            assert view["last_round"]["still_to_play"] == list(state.final)
        state.apply(bots[seat].choose(state))


# ---------------------------------------------------------------- Abomination
AM_ARM, AM_HEAD = 2, 0  # operating-table slots: head, torso, arm, arm, leg, leg
AM_MUSCLE, AM_SKIN, AM_ALIVE = 1, 2, 3


def _am(players=2, seed=1):
    return cardboard.load_game("abomination", players, seed, {"first_player": 0}).new_initial_state()


def _am_until(state, step, seat=0):
    """Random moves until `seat` must make the decision `step`."""
    rng = Rng(3)
    while not (state.ask[0] == step and state.ask[1] == seat):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert not state.is_terminal()
    return state


def _am_edit(state, seat, **fields):
    """Set a player's pieces for a test (the Player is copied first: clones share it)."""
    state._edited = set()
    p = state._me(seat)
    for name, value in fields.items():
        setattr(p, name, value)
    state._legal = None


def _am_track(**cubes):
    """A decomposition track from material_stage=count, e.g. muscle_1=2, blood_1=1."""
    track = [0] * 16
    for key, n in cubes.items():
        material, stage = key.rsplit("_", 1)
        track[("muscle", "organ", "blood", "animal").index(material) * 4 + int(stage) - 1] = n
    return tuple(track)


def _am_lab(seat=0, **fields):
    """Seat 0 at its build decision of the first lab phase, with these pieces and no cards."""
    s = _am_until(_am(), "build", seat)
    base = {"parts": (0,) * 6, "damage": (0,) * 6, "research": (), "humanity_cards": (), "lower": 0}
    _am_edit(s, seat, **{**base, **fields})
    return s


def test_abomination_builds_fresh_and_keeps_animal_cubes_for_gaps():
    """Two muscle at stage I and two at III, a blood and three animal cubes: the arm is started
    with the stage I cubes (3 VP) and no animal cube (which would cost 1 VP)."""
    s = _am_lab(track=_am_track(muscle_1=2, muscle_3=2, blood_1=1, animal_1=3), bone=1, expertise=1)
    a = AbominationHeuristic(0).choose(s)
    assert a.kind == "build" and s.cfg.slot_part[a["slot"]] == "arm" and a["side"] == "start", str(a)
    assert a["stage"] == 1 and tuple(a["animal"]) == (0, 0, 0), str(a)


def test_abomination_uses_an_animal_cube_when_it_completes_a_part():
    """No blood at all: an animal cube stands in for it rather than leaving the arm unbuilt."""
    s = _am_lab(track=_am_track(muscle_1=2, animal_1=1), bone=1, expertise=1)
    a = AbominationHeuristic(0).choose(s)
    assert a.kind == "build" and tuple(a["animal"]) == (0, 0, 1), str(a)


def test_abomination_damage_on_the_cheapest_part_alive_on_the_best():
    s = _am_lab(parts=(AM_SKIN, 0, AM_MUSCLE, 0, 0, 0))
    s.ask = ("marker", 0, "damage", 1)
    assert AbominationHeuristic(0).choose(s)["slot"] == AM_ARM  # a muscle arm, not the skin head
    _am_edit(s, 0, parts=(AM_SKIN, 0, AM_SKIN, 0, 0, 0))
    s.ask = ("marker", 0, "alive", 1)
    assert AbominationHeuristic(0).choose(s)["slot"] == AM_HEAD  # 6 alive points, not 2


def test_abomination_throws_the_switch_with_completed_parts_but_not_at_a_loss():
    """Last round: with a skin head waiting the switch is thrown; with every part alive already
    (and most damaged) there is nothing left to gain and bolts would cost alive points."""
    s = _am_lab(parts=(AM_SKIN, 0, AM_MUSCLE, 0, 0, 0), charged=3, empty=0, expertise=15)
    s.captain = s.cfg.setup.story_track - 1
    s.ask = ("switch", 0)
    assert AbominationHeuristic(0).choose(s).kind == "throw"
    _am_edit(s, 0, parts=(AM_ALIVE,) * 6, damage=(1, 1, 1, 1, 0, 0))
    assert AbominationHeuristic(0).choose(s).kind == "no_switch"


def test_abomination_preserves_the_cubes_that_would_rot():
    s = _am_lab(track=_am_track(muscle_1=2, muscle_4=2, organ_2=1))
    s.ask = ("preserve", 0)
    a = AbominationHeuristic(0).choose(s)
    assert (a.kind, a["material"], a["stage"]) == ("preserve", "muscle", 4), str(a)
    s.captain = s.cfg.setup.story_track - 1  # the last round: nothing left to sell them for
    assert AbominationHeuristic(0).choose(s).kind == "done"


def test_abomination_prefers_fresh_hospital_cadavers_to_the_cemetery():
    """Reputation 8, a lab waiting for blood: the Hospital's top card (2 muscle and 2 blood at
    stage I) is worth more than the Cemetery's stage III-IV cubes."""
    s = _am_until(_am(), "turn")
    cfg = s.cfg
    hosp = cfg.deck_index["hospital"]
    card = next(i for i, c in enumerate(cfg.cadavers) if c.id == "wounded_gendarme")
    decks, display = list(s.decks), list(s.display)
    pool = [c for c in decks[hosp] + display[hosp] if c != card]
    display[hosp], decks[hosp] = (card,), tuple(pool)
    s.decks, s.display = tuple(decks), tuple(display)
    _am_edit(s, 0, reputation=8, track=_am_track(muscle_1=1), bone=2, free_sci=0, free_asst=2, francs=2)
    legal = s.legal_actions()
    values = AbominationHeuristic(0).action_values(s)
    worth = {a["space"]: v for a, v in zip(legal, values) if a.kind == "place" and a.get("bump") is None}
    assert worth["retrieve_cadaver"] > worth["dig_up_cadavers"], worth


def test_abomination_reads_only_what_the_view_shows():
    """What the heuristic reads of the other players (dials, francs, card counts, VP track,
    operating table; in the lab phase as it began) is what the deciding seat's view shows."""
    from cardboard.games.abomination.heuristic import _public

    state = cardboard.load_game("abomination", 3, 9).new_initial_state()
    bots = [AbominationHeuristic(s) for s in range(3)]
    states = ("empty", "muscle", "skin", "alive")
    while not state.is_terminal():
        seat = state.current_player
        view = state.view(seat)
        others = [e for e in view["players"] if e["seat"] != seat]
        for e, o in zip(others, _public(state, seat)):
            assert (e["expertise"], e["reputation"], e["humanity"], e["francs"]) == (
                o.expertise, o.reputation, o.humanity, o.francs)
            assert e["research_count"] + e["humanity_count"] == len(o.research) + len(o.humanity_cards)
            assert e["vp_track"] == o.vp
            assert [t["state"] for t in e["table"]] == [states[x] for x in o.parts]
        state.apply(bots[seat].choose(state))


# ---------------------------------------------------------------- Aberration (cooperative: the team's result)

def _ab_turn(hand, space="VC", hero="ansel", klass="slayer", players=2, **fields):
    """Seat 0's Action step on an empty map with exactly `hand`, standing on `space` (2 players: no
    solo second draw)."""
    from tests.games.aberration.util import at_turn, clear_map, edit, new

    heroes = [hero] + ["pip", "ysolde", "mara"][:players - 1]
    classes = [klass] + [k for k in ("warden", "occultist", "trapper", "slayer") if k != klass][:players - 1]
    s = at_turn(new(players, heroes=heroes, classes=classes), 0, hand=())
    for seat in range(players):
        edit(s, seat, items=())
    clear_map(s)
    edit(s, 0, hand=tuple(hand), space=s.cfg.index[space], **fields)
    return s


def _ab_play_turn(s, seat=0, agent_seed=0):
    """Let the heuristic play seat's turn to its end (its own sub-decisions included)."""
    from cardboard.games.aberration.heuristic import AberrationHeuristic

    bot = AberrationHeuristic(agent_seed)
    played = []
    while not s.is_terminal() and s.phase == "hero" and s.turn == seat:
        a = bot.choose(s)
        played.append(a)
        s.apply(a)
        if a.kind == "end":
            break
    return played


def test_aberration_attacks_the_monster_at_the_gate_rather_than_the_far_one():
    """A Hollowed at a gate enters the Village next Encroach (Fear); another far out does not yet:
    with one red chip, standing on the gate, the Slayer cleaves the one at the gate."""
    from cardboard.games.aberration.heuristic import AberrationHeuristic

    s = _ab_turn(("R",), space="1.r3")
    gate, far = s.cfg.index["1.r3"], s.cfg.index["1.a1"]
    s.monsters = ((50, 2, gate, 0, False), (51, 2, far, 0, False))
    bot = AberrationHeuristic(0)
    a = bot.choose(s)
    assert a.kind == "use" and a["action"] == "cleave", str(a)
    s.apply(a)
    t = bot.choose(s)
    assert t.kind == "target" and t["monster"] == 50, str(t)


def test_aberration_does_not_waste_a_move_when_a_kill_is_available():
    """A green chip and a wounded Hollowed in its space (1 HP left, on a gate): the Slayer throws
    its axe (a quick kill more often than not) instead of walking off with Stalk or ending."""
    s = _ab_turn(("G",), space="3.r2")
    here = s.cfg.index["3.r2"]
    s.monsters = ((50, 2, here, 1, False),)
    played = _ab_play_turn(s)
    assert played[0].kind == "use" and played[0]["action"] in ("throwing_axe", "scuffle"), [str(a) for a in played]
    assert not any(a.kind == "step" for a in played), [str(a) for a in played]


def test_aberration_kills_the_gate_monster_by_outcome():
    """Over 40 dice seeds, with two red chips on a gate holding a 2-HP Hollowed, the Slayer's turn
    kills it at least half the time (two Cleaves of 2 dice: about 69%), and the Fear it would have
    brought is not gained."""
    from cardboard.engine import Rng

    kills = 0
    for k in range(40):
        s = _ab_turn(("R", "R"), space="1.r3")
        s.rng = Rng(derive_seed("gate", k))
        s.monsters = ((50, 2, s.cfg.index["1.r3"], 0, False),)
        _ab_play_turn(s, agent_seed=k)
        kills += s.monster(50) is None
    assert kills >= 20, kills


def test_aberration_secures_the_vantage_point_it_stands_on():
    """On an entry space of Lantern Shrine (Y Y B, first night 1B) with Y, Y, B in hand and nothing
    to fight: it pays all three and the Point flips (+1 Survival)."""
    s = _ab_turn(("Y", "Y", "B"), space="1.r3")
    k = next(i for i, v in enumerate(s.cfg.vps) if v[0].id == "lantern_shrine")
    assert s.cfg.index["1.r3"] in s.cfg.vps[k][2]
    s.pool = 0   # no villager to assign: the chips go to the Point
    _ab_play_turn(s)
    assert s.vp_state[k] == 1 and s.survival == 1


def test_aberration_fortifies_from_the_village_center():
    """In the Village Center with a Command chip and Hermit's Hut's cost (B B G) in hand, villagers
    in the pool: it assigns one to Fortify and pays the Hut from there."""
    s = _ab_turn(("Y", "B", "B", "G"), space="VC")
    s.pool = 2
    k = next(i for i, v in enumerate(s.cfg.vps) if v[0].id == "hermit_hut")
    played = _ab_play_turn(s)
    assert any(a.kind == "assign" and a["spot"] == "fortify" for a in played), [str(a) for a in played]
    assert s.vp_state[k] == 1 and s.survival >= 1


def test_aberration_blocks_only_the_damage_that_would_transform():
    """Block (an Item discarded) when the hit would take the hero to the top of its track (an
    Aberration card: Fear, and a step to the 4th-card loss); take a graze that leaves room."""
    from cardboard.games.aberration.heuristic import AberrationHeuristic

    s = _ab_turn((), space="1.r3")
    block = next(i for i, it in enumerate(s.cfg.items) if it.exploit == "block")
    top = s.track_top(0)
    for track, want in ((top - 1, "block"), (0, "take")):
        c = s.clone()
        from tests.games.aberration.util import edit
        edit(c, 0, items=(block,), track=track)
        c.ask, c.todo = ("block", 0, 1, -1, False), (("turn", 0),)
        c._legal = None
        assert AberrationHeuristic(0).choose(c).kind == want, (track, want)


def test_aberration_legal_and_honest():
    """Every decision of a few games (half its own moves, half random ones): a legal move, one value a
    move, the choice a best one; and a determinized copy (face-down shadows, stacks and decks
    re-dealt) gets the same choice."""
    agent_class = game_class("aberration").heuristic()
    for k, (players, scenario) in enumerate([(1, "first_night"), (2, "long_night"), (3, "first_night"),
                                             (4, "long_night")]):
        state = cardboard.load_game("aberration", players, derive_seed("ab-legal", k),
                                    {"scenario": scenario}).new_initial_state()
        agent, other, coin = agent_class(k), RandomAgent(k), Rng(k)
        while not state.is_terminal():
            legal = state.legal_actions()
            values = agent.action_values(state)
            action = agent.choose(state)
            assert action in legal and len(values) == len(legal)
            assert len(legal) == 1 or values[legal.index(action)] >= max(values) - 1e-9
            if len(state) % 7 == 0:
                copy = state.determinize(state.current_player, k + 1)
                assert agent_class(k).choose(copy).to_json() == agent_class(k).choose(state).to_json()
            state.apply(action if coin.below(2) else other.choose(state))


def _ab_wins(agent_class, games, players=3, scenario="first_night"):
    wins = 0
    for k in range(games):
        state = cardboard.load_game("aberration", players, derive_seed("ab-team", k),
                                    {"scenario": scenario}).new_initial_state()
        bots = [agent_class(derive_seed("ab-team", k, s)) for s in range(players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        wins += state.result == "win"
    return wins


def test_aberration_team_beats_random_play():
    """The introductory night at 3 players, 16 fixed seeds: the random team never wins (0 of 40 in
    every cell when measured; 0 of these 16), the heuristic team 14 of these 16 (74-77% over 500 games,
    the lab campaign benchmarks/aberration-balance.toml). The bounds leave room for rule fixes to move a few games."""
    heuristic = _ab_wins(game_class("aberration").heuristic(), 16)
    random = _ab_wins(RandomAgent, 16)
    assert random <= 1 and heuristic >= 5 and heuristic - random >= 4, (heuristic, random)


def test_aberration_evaluate_is_a_team_estimate():
    from cardboard.games.aberration.heuristic import AberrationHeuristic

    s = cardboard.load_game("aberration", 2, 3).new_initial_state()
    v = AberrationHeuristic(0).evaluate(s)
    assert len(v) == 2 and v[0] == v[1] and 0 < v[0] < 1
    worse = s.clone()
    worse.fear += 5
    assert AberrationHeuristic(0).evaluate(worse)[0] < v[0]
