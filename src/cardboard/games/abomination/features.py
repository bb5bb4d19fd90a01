"""What the lab measures of a finished Abomination game, per seat: the objectives claimed (one
0/1 feature per objective in play, `objective.<id>`, absent for those not in play; their worth
is the content's objective VP), the creature's parts (built, skinned, alive, by part), the
points by source, the character, francs and the dials."""
from __future__ import annotations

from .game import ALIVE, EMPTY, MUSCLE, SKIN


def features(state) -> list[dict]:
    cfg = state.cfg
    rows = state.score_breakdown()
    out = []
    for seat, p in enumerate(state.players):
        doc = {
            "character": cfg.characters[p.character].id,
            "objectives": sum(1 for claim in state.claimed if seat in claim),
            "parts_built": sum(1 for x in p.parts if x != EMPTY),
            "parts_skinned": sum(1 for x in p.parts if x >= SKIN),
            "parts_alive": sum(1 for x in p.parts if x == ALIVE),
            "parts_muscle_only": sum(1 for x in p.parts if x == MUSCLE),
            "francs": p.francs,
            "humanity": p.humanity,
            "reputation": p.reputation,
            "expertise": p.expertise,
            "scientists": p.scientists,
            "assistants": p.assistants,
        }
        for key, value in rows[seat].items():
            if key != "total":
                doc[f"vp_{key}"] = value
        for name in dict.fromkeys(cfg.slot_part):
            doc[f"alive.{name}"] = sum(1 for part, x in zip(cfg.slot_part, p.parts) if part == name and x == ALIVE)
        for k, o in enumerate(state.objectives):
            doc[f"objective.{cfg.objectives[o].id}"] = int(seat in state.claimed[k])
        out.append(doc)
    return out
