"""How the research adapters (cardboard.interop) number Abomination's moves, from the default
content: spaces, cadavers, materials and dice faces by their ids; hand cards, slots, entries and
prices by number. A build names its slot, side and stage with its first choice and the animal
cubes (a triple) with a second; a reroll names its dice one by one (their faces follow)."""
from cardboard.interop.spec import each, step

from .content import load_content

_content = load_content()
SPACES = [space.id for loc in _content.locations for space in loc.spaces] + [s.id for s in _content.lab.spaces]
CADAVERS = [card.id for card in _content.cadavers]
MATERIALS = [m.id for m in _content.materials]
FACES = sorted({f"{die.colour} {face}" for die in _content.dice for face in die.faces})
STAGES = range(1, 5)
CARDS = range(64)     # a card's number in a hand, row or list
NUMBERS = range(41)   # francs, jars
ANIMAL = [[a, b, c] for a in range(4) for b in range(4) for c in range(4)]
TAKE = ["materials", "option"]

ENCODING = {"moves": {
    "decline": {}, "done": {}, "done_buying": {}, "let_be": {}, "pass": {}, "pay_police": {},
    "stay": {}, "hear": {}, "accept": {}, "no_switch": {},
    "place": {"space": SPACES, "meeple": ["assistant", "scientist"], "bump": [None, 0, 1, 2, 3]},
    "hire": {"slot": range(8)},
    "build": {"slot": range(8), "side": ["complete", "start"], "stage": STAGES, "animal": step(ANIMAL)},
    "preserve": {"material": MATERIALS, "stage": STAGES},
    "restore": {"material": MATERIALS, "stage": STAGES},
    "keep_fresh": {"material": MATERIALS, "stage": STAGES},
    "discard_cube": {"material": MATERIALS, "stage": STAGES},
    "draw_card": {"source": ["deck", "row"], "family": [None, "humanity", "research"], "slot": [None, 0, 1, 2, 3],
                  "discard": step(CARDS)},
    "resolve": {"card": CADAVERS, "take": TAKE},
    "take": {"card": CADAVERS, "take": TAKE},
    "play": {"family": ["humanity", "research"], "card": CARDS},
    "choose": {"entry": range(64), "choice": [0, 1]},
    "sell_bone": {"francs": NUMBERS},
    "buy": {"item": ["animal", "ice", "jar"]},
    "throw": {"jars": range(11)},
    "cancel": {"card": CARDS},
    "block": {"card": CARDS},
    "mark": {"slot": range(8)},
    "target": {"seat": range(4)},
    "research_dice": {"card": CARDS, "dice": each(range(16)), "faces": each(FACES)},
    "reroll": {"dice": each(range(16)), "faces": each(FACES)},
    "pay": {"francs": NUMBERS},
}}
