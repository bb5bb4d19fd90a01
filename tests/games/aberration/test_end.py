"""Winning and losing [AR-O-*, AR-W-*] and objectives [AR-OB-*]."""
from .util import at_turn, clear_map, edit, new, run, sp


def calm(**opts):
    opts.setdefault("heroes", ["ansel"])
    opts.setdefault("classes", ["slayer"])
    s = at_turn(new(1, **opts), 0, hand=())
    edit(s, 0, items=())
    clear_map(s)
    return s


def test_survival_end_wins():
    s = calm()
    s.survival = s.cfg.scenario.survival_track - 1
    k = 0
    edit(s, 0, space=s.cfg.vps[k][2][0], hand=tuple(s.cfg.vps[k][0].cost))
    for c in s.cfg.vps[k][0].cost:
        s.apply(next(a for a in s.legal_actions() if a.kind == "secure" and a["chip"] == c))
    assert s.is_terminal() and s.result == "win" and s.scores() == [1.0]   # [AR-W-3, AR-W-5]
    assert s.winners() == [0]


def test_extra_goal_holds_survival_on_its_last_space():
    s = calm(scenario="long_night")
    s.survival = s.cfg.scenario.survival_track + 3
    run(s, ("draw", 0))
    assert not s.is_terminal() and s.survival == s.cfg.scenario.survival_track   # [AR-W-2]
    s.vp_state = (1, 1, 1, 1, 0, 0, 0, 0)
    run(s, ("draw", 0))
    assert s.result == "win"


def test_fear_end_loses_and_a_loss_beats_a_win():
    s = calm()
    s.fear = s.cfg.scenario.fear_track - 1
    s.monsters = ((9, 3, sp(s, "1.r3"), 0, False),)
    run(s, ("activate", 9, True))
    assert s.result == "loss" and "AR-W-6" in s.cause and s.scores() == [0.0]   # [AR-W-6, AR-W-9]
    assert s.winners() == []                           # the team lost: nobody wins [AR-O-1]
    t = calm()
    t.fear = t.cfg.scenario.fear_track
    t.survival = t.cfg.scenario.survival_track
    run(t, ("draw", 0))
    assert t.result == "loss"


def test_objective_completion_gives_survival_and_flips_the_next():
    s = calm()
    sa = next(i for i, o in enumerate(s.cfg.objectives) if o.id == "slay_the_beast")
    s.objective, s.obj_deck = sa, (0,)
    here = sp(s, "2.a1")
    s.monsters = ((9, 4, here, 3, False),)
    s.roll = (2,)
    run(s, ("strike", 0, "ranged", here, ("monster", 9), True, False))
    assert s.survival == 2 and s.objective == 0                        # [AR-W-4, AR-OB-2]


def test_tokens_objective_needs_the_player_count_completions():
    s = calm()
    ey = next(i for i, o in enumerate(s.cfg.objectives) if o.id == "eyes_on_the_enemy")
    s.objective, s.obj_deck, s.obj_marks = ey, (), 0
    tok = s.cfg.shadow_pool.index("v")
    edit(s, 0, space=sp(s, "2.a1"))
    s.shadows = ((1, sp(s, "2.a2"), tok),)
    run(s, ("reveals", 0))
    assert s.obj_marks == 1 and s.survival == 0                        # [AR-OB-3, AR-OB-4] solo: 2
    s.shadows = ((2, sp(s, "2.fk"), tok),)
    edit(s, 0, space=sp(s, "2.a2"))
    run(s, ("reveals", 0))
    assert s.survival == 1 and s.objective == -1


def test_cooperative_scores_are_shared():
    s = new(3, heroes=["ansel", "pip", "mara"], classes=["slayer", "warden", "trapper"])
    sc = s.scores()
    assert len(set(sc)) == 1 and 0 < sc[0] < 1                          # [AR-O-1]


def test_ring_of_fire_counts_only_fires_lit_during_play():
    """Every tile has a Fire icon, so the set-up Fires stand on all 4 boards: Ring of Fire counts only
    Fires placed during play (RULES.md decision 11, CONTENT.md 21)."""
    s = new(1, seed=2, heroes=["ansel"], classes=["slayer"])
    ring = next(i for i, o in enumerate(s.cfg.objectives) if o.id == "ring_of_fire")
    assert len({s.cfg.board_of[x] for x in s.fire}) == 4 and s.lit == frozenset()
    at_turn(s, 0, hand=())
    s.objective, s.obj_deck = ring, ()
    survival = s.survival
    s._place_fire(sp(s, "1.a1"))
    s._place_fire(sp(s, "2.a1"))
    run(s, ("draw", 0))
    assert s.objective == ring and s.survival == survival   # set-up Fires do not count
    s._place_fire(sp(s, "3.fk"))
    run(s, ("draw", 0))
    assert s.objective == -1 and s.survival == survival + 1


def test_moves_name_spaces_by_their_ids():
    """Steps, targets, placements and shoves all name spaces by id ("1.r3", "VC") [AR-M-1]."""
    from cardboard.engine import IllegalAction
    s = calm()
    here = sp(s, "1.r2")
    edit(s, 0, space=here, hand=("R",))
    s.monsters = ((9, 1, here, 0, False),)
    s.apply_json({"kind": "use", "action": "cleave", "pay": ["R"]})
    assert [a.to_json() for a in s.legal_actions()] == [{"kind": "target", "space": "1.r2", "monster": 9}]
    assert str(s.legal_actions()[0]) == "Attack the Briar Lambs (monster 9, 2 of 2 HP) at Hollowroot Wood right branch 2"
    before = s._dump()
    try:
        s.apply_json({"kind": "target", "space": here, "monster": 9})
    except IllegalAction as exc:
        # the engine checks a move's shape before the game's rules (issue #22 item 18)
        assert "the field 'space' of a 'target' move must be a string, not an integer" in str(exc)
    else:
        raise AssertionError("a space index was accepted")
    assert s._dump() == before
    s.apply_json({"kind": "target", "space": "1.r2", "monster": 9})


def test_a_team_result_counts_whole_for_every_seat():
    """[AR-O-1] in the arena and in the search: a team win is a whole win for every seat."""
    from cardboard.agents.arena import record
    from cardboard.agents.mcts import state_rewards
    s = new(3, heroes=["ansel", "pip", "mara"], classes=["slayer", "warden", "trapper"])
    s.result = "win"
    assert s.winners() == [0, 1, 2] and state_rewards(s) == [1.0, 1.0, 1.0]
    stats = {n: {"seats": 0, "wins": 0.0, "scores": []} for n in ("a", "b")}
    assert record(stats, ["a", "b", "a"], s) == [1.0, 1.0, 1.0] and stats["a"]["wins"] == 2.0
    s.result = "loss"
    assert s.winners() == [] and state_rewards(s) == [0.0, 0.0, 0.0]
    assert record(stats, ["a", "b", "a"], s) == [0.0, 0.0, 0.0]
