"""Scoring: consistency, Grand Prizes, Awards, ties (HA-SC-*, HA-E-3..5, HA-D-9, HA-D-13)."""
from cardboard.games.hideous_abomination.scoring import card_winners, consistency, measure

from .helpers import make, reveal_awards, set_slab

# tiles only need to exist on the slab for scoring: placed in a row, loose ends ignored
def row(*ids, torso="torso-1"):
    cells = {(0, 0): (torso, 0)}
    cells.update({(0, 2 * (i + 1)): (tid, 0) for i, tid in enumerate(ids)})
    return cells


def scored(players=2, **slabs):
    _, s = make(players, seed=11)
    for seat, cells in slabs.items():
        set_slab(s, int(seat[1:]), cells, keep_torso=False)
    return s


def test_rulebook_consistency_examples():
    s = scored(s0=row("red-01", "red-02", "wld-01", "wld-02"),  # red torso + 2 red = 3 red, 2 wild
               s1=row("tea-01", "blu-01", "blu-02", "wld-03", torso="torso-5"))  # 2 teal, 2 blue, 1 wild
    b = s.score_breakdown()
    assert b[0]["consistency"] == 5 and b[0]["dominant"] == "red"
    assert b[1]["consistency"] == 3 and b[1]["dominant"] in ("teal", "blue")


def test_consistency_at_least_one():
    s = scored(s0=row())
    assert consistency(s.cfg, {})[0] == 1
    assert s.score_breakdown()[0]["consistency"] == 1  # just a torso


def test_showy_counts_wilds_as_colours():
    s = scored(s0=row("ora-01", "wld-01", "wld-02"), s1=row("ora-01", "yel-01", "gre-01", torso="torso-5"))
    showy = s.cfg.cards["showy"]
    assert [measure(s, i, showy) for i in (0, 1)] == [4, 4]  # red, orange + 2 wilds; teal + 3
    assert card_winners(s, showy) == [0, 1]


def test_tied_cards_pay_everyone():
    s = scored(s0=row("red-01"), s1=row("tea-02", torso="torso-5"))
    b = s.score_breakdown()
    assert "runt" in b[0]["cards"] and "runt" in b[1]["cards"]  # both have 2 tiles: both score 3
    assert "showy" in b[0]["cards"] and "showy" in b[1]["cards"]  # one colour each
    assert b[0]["prizes"] == b[1]["prizes"] == 6


def test_total_is_consistency_plus_cards():
    s = scored(s0=row("red-01", "red-02"), s1=row("tea-01", torso="torso-5"))
    b = s.score_breakdown()
    assert b[1]["cards"] == ["showy", "runt"] and b[1]["total"] == 2 + 3 + 3
    assert b[0]["cards"] == ["showy"] and b[0]["total"] == 3 + 3  # one colour each: Showy tied
    reveal_awards(s, 1)  # the first Award in the deck's file order: All-Seeing (most eyes)
    award = s.cfg.comps.awards[0]
    b = s.score_breakdown()
    winners = card_winners(s, award)
    for seat in range(2):
        assert (award.id in b[seat]["cards"]) == (seat in winners)
        assert b[seat]["total"] == b[seat]["consistency"] + b[seat]["prizes"]


def test_tie_break_by_cards():
    s = scored(s0=row("red-01", "red-02"), s1=row("tea-01", "tea-02", torso="torso-5"))
    b = s.score_breakdown()
    assert b[0]["total"] == b[1]["total"] and len(b[0]["cards"]) == len(b[1]["cards"])
    assert s.winners() == [0, 1]  # still tied: shared
    reveal_awards(s, 1)
    b = s.score_breakdown()
    if b[0]["total"] == b[1]["total"]:
        assert s.winners() == [i for i in (0, 1) if len(b[i]["cards"]) == max(len(x["cards"]) for x in b)]


def test_most_needs_at_least_one():
    s = scored(s0=row("red-11"), s1=row("red-15", torso="torso-5"))  # two blank limbs
    nosy = s.cfg.cards["nosy"]
    assert card_winners(s, nosy) == []


def test_disconnected_tiles_count():
    s = scored(s0={(0, 0): ("torso-1", 0), (7, 7): ("red-01", 0)})
    assert measure(s, 0, s.cfg.cards["runt"]) == 2
    assert s.score_breakdown()[0]["consistency"] == 2


def test_every_card_measure():
    cells = {(0, 0): ("torso-1", 0), (-1, 0): ("red-11", 0), (-2, 0): ("red-12", 0),
             (-3, 0): ("red-01", 2), (0, 1): ("wld-12", 0), (5, 5): ("red-19", 0)}
    s = scored(s0=cells)
    s.bolts = (frozenset({((-1, 0), (0, 0))}), frozenset())
    m = {c: measure(s, 0, s.cfg.cards[c]) for c in s.cfg.cards}
    assert m["done"] == 0 and m["runt"] == 6
    assert m["showy"] == 2  # red + one wild
    assert m["all_seeing"] == 5  # red-01 2, wld-12 2, red-19 1
    assert m["hydra"] == 1 and m["huggy"] == 2 and m["knotty"] == 2
    assert m["obsessive"] == 2 and m["towering"] == 9 and m["battle_scarred"] == 1
    assert m["long_limb"] == 2  # the two arms joined loose to loose
    assert m["frayed"] == S_open(s, 0)


def S_open(s, seat):
    from cardboard.games.hideous_abomination.slab import open_loose_ends
    return open_loose_ends(s.slabs[seat])


def test_scores_are_whole_numbers_as_ints():
    """Every score is whole points: scores() and outcome() give ints (floats before)."""
    import random

    for players, options in ((2, {}), (3, {"variant": "ages_6_7"})):
        _, s = make(players, seed=21, **options)
        r = random.Random(4)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        scores, _ = s.outcome()
        assert all(type(x) is int for x in s.scores() + scores), (s.scores(), scores)
