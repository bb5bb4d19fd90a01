"""What the lab measures of a finished Aberration game (co-operative: the team's figures are
the same in every seat): the scenario, each seat's hero and class, the result and the cause of
a defeat in a word (`cause`: fear, fourth_card, beast_deck, or "" on a win), rounds survived,
Fear by source, Aberration cards, Vantage Points unlocked and corrupted, objectives completed
and Experience left (the figures the balance campaign reports)."""
from __future__ import annotations

from cardboard.engine.data import cons_to_list

CAUSES = (("fear", "Fear track"), ("fourth_card", "fourth Aberration card"),
          ("beast_deck", "Great Beast card must be played"))


def cause_word(state) -> str:
    if state.result != "loss":
        return ""
    return next((word for word, text in CAUSES if text in (state.cause or "")), "other")


def features(state) -> list[dict]:
    cfg = state.cfg
    n = cfg.players
    fear = {"monster_enters": 0, "villager_dies": 0, "aberration_card": 0, "point_corrupted": 0,
            "paths_full": 0}
    objectives = 0
    for ev in cons_to_list(state.log):
        kind = ev[2] if len(ev) > 2 else None
        if kind == "enters_village":
            fear["monster_enters"] += 2 if ev[3] in ("IV", "V") else 1
        elif kind == "villager_dies":
            fear["villager_dies"] += 1
        elif kind == "transform":
            fear["aberration_card"] += 1
        elif kind == "corrupted":
            fear["point_corrupted"] += 1
        elif kind == "influence_full":
            fear["paths_full"] += 1
        elif kind == "objective":
            objectives += 1
    team = {
        "scenario": cfg.scenario.id,
        "win": int(state.result == "win"),
        "cause": cause_word(state),
        "rounds": state.round,
        "fear": state.fear,
        "survival": state.survival,
        "vps_unlocked": state.vps_unlocked(),
        "vps_corrupted": sum(1 for s in state.vp_state if s == 2),
        "objectives": objectives,
        "aberration_cards_per_hero": sum(len(h.cards) for h in state.heroes) / n,
        "xp_left_per_hero": sum(h.xp for h in state.heroes) / n,
        **{f"fear.{k}": v for k, v in fear.items()},
    }
    out = []
    for seat, hero in enumerate(state.heroes):
        doc = dict(team)
        doc.update({"hero": cfg.heroes[hero.hero].id, "class": cfg.classes[hero.cls].id,
                    "aberration_cards": len(hero.cards), "xp_left": hero.xp})
        out.append(doc)
    return out
