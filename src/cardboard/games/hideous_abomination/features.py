"""What the lab measures of a finished Hideous Abomination game, per seat: the Awards and Grand
Prizes taken (one 0/1 feature each, `award.<id>` and `prize.<id>`, and their counts), the
points by source, steals made and suffered, bolts placed, and who finished the creature."""
from __future__ import annotations

from cardboard.engine.data import cons_to_list

from .scoring import final_scores


def features(state) -> list[dict]:
    cfg = state.cfg
    n = cfg.players
    scores = final_scores(state)
    prize_ids = {card.id for card in cfg.comps.grand_prizes}
    award_ids = [cfg.comps.awards[i].id for i in state.awards]  # the Awards drawn this game
    steals, stolen, bolts = [0] * n, [0] * n, [0] * n
    for event in cons_to_list(state.log):
        if event[0] == "steal":
            steals[event[1]] += 1
            stolen[event[2]] += 1
        elif event[0] == "bolt":
            bolts[event[1]] += 1
    out = []
    for seat in range(n):
        cards = set(scores[seat]["cards"])
        doc = {
            "consistency": scores[seat]["consistency"],
            "dominant": scores[seat]["dominant"] or "",
            "prize_points": scores[seat]["prizes"],
            "grand_prizes": len(cards & prize_ids),
            "awards": len(cards - prize_ids),
            "awards_drawn": len(award_ids),
            "steals": steals[seat],
            "stolen_from": stolen[seat],
            "bolts": bolts[seat],
            "tiles": len(state.slabs[seat]),
            "finished": int(state.done_by == seat),
            "ended_by": state.ended_by or "",
        }
        doc.update({f"prize.{pid}": int(pid in cards) for pid in sorted(prize_ids)})
        doc.update({f"award.{aid}": int(aid in cards) for aid in award_ids})
        out.append(doc)
    return out
