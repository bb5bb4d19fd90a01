from __future__ import annotations

from cardboard.lab import parse_campaign

PLANT = "tests.lab.plant_game:PlantGame"


def campaign(**fields):
    doc = {"name": "t", "game": "abyss", "players": [2, 3], "games": 6, "seed": 1, "agents": ["random", "greedy"]}
    doc.update(fields)
    return parse_campaign(doc)


def plant(**fields):
    doc = {"name": "plant", "game": PLANT, "players": [2], "games": 40, "seed": 0, "agents": ["random"],
           "report": {"outcome": "score"}}
    doc.update(fields)
    return parse_campaign(doc)
