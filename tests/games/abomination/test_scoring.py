"""The end of the game and the final scoring [AM-Z-*, AM-O-1]: a living monster ends it after the
lab phase, alive points, bonus objectives (first and most), the dial marks, the Humanity bonus
when the Captain ends it, and the tie-breakers."""
from cardboard.games.abomination.game import ALIVE, MUSCLE, SKIN

from .util import calm, do, edit, finish_lab, give_card, to_lab, track

FIRSTS = ["expertise_27", "most_francs", "reputation_20", "first_head"]
MOSTS = ["most_francs", "most_cards", "expertise_27", "reputation_20"]
HEAD, TORSO, ARM, ARM2, LEG, LEG2 = range(6)


def claimed(s, objective_id):
    k = next(k for k, o in enumerate(s.objectives) if s.cfg.objectives[o].id == objective_id)
    return s.claimed[k]


def end_by_captain(s):
    s.captain = s.cfg.setup.story_track - 1
    if s.phase == "city":
        to_lab(s)
    finish_lab(s)
    assert s.is_terminal() and s.ended_by_captain
    return s


def test_final_scoring_parts():
    s = calm(objectives=FIRSTS)
    s.claimed = ((), (), (0,), ())      # seat 0 holds Toast of Paris
    edit(s, 0, vp=7, parts=(0, SKIN, ALIVE, 0, ALIVE, 0), reputation=9, expertise=14, humanity=-6)
    row = s.score_breakdown()[0]
    assert row == {"builds": 7, "alive": 2 + 3, "objectives": 10, "reputation": 4, "expertise": 6,
                   "humanity": -4, "humanity_bonus": 0, "total": 7 + 5 + 10 + 4 + 6 - 4}
    assert s.scores()[0] == 28.0
    # a head and a torso alive are worth 6 and 5; a skin part with no marker nothing
    edit(s, 0, parts=(ALIVE, ALIVE, SKIN, SKIN, SKIN, SKIN))
    assert s.score_breakdown()[0]["alive"] == 11
    # the highest mark reached on each dial: Reputation 25 gives 15, Expertise 30 gives 18, Humanity 15 gives 10
    edit(s, 0, reputation=25, expertise=30, humanity=15)
    row = s.score_breakdown()[0]
    assert (row["reputation"], row["expertise"], row["humanity"]) == (15, 18, 10)
    edit(s, 0, reputation=4, expertise=5, humanity=2)
    row = s.score_breakdown()[0]
    assert (row["reputation"], row["expertise"], row["humanity"]) == (0, 0, 0)
    assert s.view(0)["scores"][0] == s.score_breakdown()[0]


def test_humanity_bonus_only_when_the_captain_ends_it():
    s = to_lab(calm(3))
    for seat, h in enumerate((3, 3, 1)):
        edit(s, seat, humanity=h)
    end_by_captain(s)
    assert [row["humanity_bonus"] for row in s.score_breakdown()] == [5, 5, 0]    # ties all gain
    # nobody positive: nobody gains
    s = to_lab(calm(3))
    for seat, h in enumerate((0, -2, -1)):
        edit(s, seat, humanity=h)
    end_by_captain(s)
    assert [row["humanity_bonus"] for row in s.score_breakdown()] == [0, 0, 0]
    # a monster brought to life ends it: no bonus
    s = to_lab(calm(3))
    edit(s, 0, parts=(ALIVE,) * 6, humanity=4)
    finish_lab(s)
    assert s.is_terminal() and not s.ended_by_captain
    assert [row["humanity_bonus"] for row in s.score_breakdown()] == [0, 0, 0]
    # during play the bonus is not counted
    s = calm(3)
    edit(s, 0, humanity=4)
    assert s.score_breakdown()[0]["humanity_bonus"] == 0


def test_dial_scoring_best_option():
    best, final = calm(dial_scoring="best"), calm()
    for s in (best, final):
        s._edited = set()
        s._turn_dial(0, "reputation", 12)     # 1 -> 13 ...
        s._turn_dial(0, "reputation", -5)     # ... back to 8
        s._turn_dial(0, "expertise", 9)       # 1 -> 10 ...
        s._turn_dial(0, "expertise", -5)      # ... back to 5
        s._turn_dial(0, "humanity", 9)        # 0 -> 9 ...
        s._turn_dial(0, "humanity", -7)       # ... back to 2
    assert best.players[0].best == (0, 9, 13, 10)
    assert [best.dial_vp(0, a) for a in ("reputation", "expertise", "humanity")] == [6, 4, 6]
    assert [final.dial_vp(0, a) for a in ("reputation", "expertise", "humanity")] == [2, 0, 0]
    # below 0 the lowest mark reached counts
    for s in (best, final):
        s._turn_dial(0, "humanity", -9)       # 2 -> -7 ...
        s._turn_dial(0, "humanity", 6)        # ... back to -1
    assert best.dial_vp(0, "humanity") == -4 and final.dial_vp(0, "humanity") == 0


def test_monster_alive_ends_after_the_lab_phase():
    s = to_lab(calm())
    edit(s, 0, parts=(SKIN,) + (ALIVE,) * 5, charged=1)
    do(s, "done")
    do(s, "throw", jars=1)
    s.roll = (("gray", "blank"), ("gray", "eye"))
    s._legal = None
    do(s, "accept")
    assert s.players[0].parts == (ALIVE,) * 6
    # the lab phase is played out first: seat 1 still works in its lab
    assert s.ask == ("build", 1) and not s.is_terminal()
    edit(s, 1, expertise=1, bone=1, track=track(muscle=(2, 0, 0, 0), blood=(1, 0, 0, 0)))
    do(s, "build", slot=ARM, side="start", stage=1, animal=(0, 0, 0))
    assert s.players[1].vp == 3
    do(s, "done")
    assert s.is_terminal() and s.phase == "over" and not s.ended_by_captain
    assert s.captain == 1 and s.round == 1                    # no reset: it ends there
    assert s.score_breakdown()[0]["alive"] == 2 * 2 + 2 * 3 + 5 + 6 and s.winners() == [0]
    assert s.view(1)["winners"] == [0]
    # five alive parts are not enough
    s = to_lab(calm())
    edit(s, 0, parts=(MUSCLE,) + (ALIVE,) * 5)
    finish_lab(s)
    assert not s.is_terminal() and s.round == 2


def test_tie_breakers_in_order():
    s = calm(3, first_player=1)
    assert len(set(s.scores())) == 1 and len({p.francs for p in s.players}) == 1
    # 3. turn order from First Player: First Player, then the player on the left
    assert s.winners() == [1]
    edit(s, 1, vp=-1)        # First Player out of the tie: the next in turn order (seat 2) wins
    assert s.winners() == [2]
    edit(s, 1, vp=0)
    # 2. most francs beats turn order
    edit(s, 0, francs=5)
    assert s.winners() == [0]
    # 1. most alive parts beats francs (totals equal: seat 2's alive arm against 2 VP of builds)
    edit(s, 2, parts=(0, 0, ALIVE, 0, 0, 0))
    edit(s, 0, vp=2)
    edit(s, 1, vp=2)
    assert len(set(s.scores())) == 1
    assert s.winners() == [2]
    # and the most VP first of all
    edit(s, 1, vp=3)
    assert s.winners() == [1]
    s2 = calm(3, first_player=2)
    assert s2.winners() == [2]


def test_first_objectives_claimed_once():
    s = calm(objectives=FIRSTS)
    edit(s, 0, reputation=18)
    edit(s, 1, reputation=19)
    do(s, "place", space="volunteer", meeple="scientist")     # seat 0: Reputation 20
    assert claimed(s, "reputation_20") == (0,)
    do(s, "place", space="lecture", meeple="scientist")       # seat 1: Reputation 20 too, later
    assert s.players[1].reputation == 20
    assert claimed(s, "reputation_20") == (0,)
    assert [row["objectives"] for row in s.score_breakdown()] == [10, 0]
    # met during the same lab phase: judged at its end, and both claim it
    to_lab(s)
    for seat in (0, 1):
        edit(s, seat, expertise=15, parts=(MUSCLE, 0, 0, 0, 0, 0),
             track=track(muscle=(1, 0, 0, 0), organ=(2, 0, 0, 0), blood=(2, 0, 0, 0)))
    do(s, "build", slot=HEAD, side="complete", stage=1, animal=(0, 0, 0))
    assert claimed(s, "first_head") == ()                     # not yet: the phase is simultaneous
    do(s, "done")
    do(s, "build", slot=HEAD, side="complete", stage=1, animal=(0, 0, 0))
    do(s, "done")
    assert claimed(s, "first_head") == (0, 1)
    assert [row["objectives"] for row in s.score_breakdown()] == [20, 10]
    # claimed once: a later head gives nothing more
    assert claimed(s, "expertise_27") == () and claimed(s, "most_francs") == ()


def test_most_objectives_at_the_end():
    s = to_lab(calm(objectives=MOSTS))
    edit(s, 0, francs=5)
    edit(s, 1, francs=3)
    assert claimed(s, "most_francs") == ()
    end_by_captain(s)
    assert claimed(s, "most_francs") == (0,)
    assert claimed(s, "most_cards") == ()                     # nobody holds a card: nobody scores
    assert [row["objectives"] for row in s.score_breakdown()] == [10, 0]
    # ties all score
    s = to_lab(calm(objectives=MOSTS))
    edit(s, 0, francs=4)
    edit(s, 1, francs=4)
    give_card(s, 1, "research", "galvanis_notes")
    give_card(s, 1, "humanity", "confession")
    end_by_captain(s)
    assert claimed(s, "most_francs") == (0, 1)
    assert claimed(s, "most_cards") == (1,)
    assert [row["objectives"] for row in s.score_breakdown()] == [10, 20]
