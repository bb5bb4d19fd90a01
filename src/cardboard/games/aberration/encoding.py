"""How the research adapters (cardboard.interop) number Aberration's moves, from the default
content: actions, spaces (board.space on four boards, and the Village Center), spots, Vantage
Points and chips by name; items, monsters, shadows and cards by number. An action with a chip
payment is chosen as the action, then each chip paid (then DONE where a payment could stop or go
on); a target names its space, then what is attacked there."""
from cardboard.interop.spec import each, step

from .content import VC, load_content

_content = load_content()
BOARDS = range(1, 5)
SPACES = sorted({f"{b}.{s}" for b in BOARDS for tile in _content.tiles for s in tile.spaces}) + [VC]
ACTIONS = sorted({a.id for cls in _content.classes for a in cls.actions} | {a.id for a in _content.general_actions})
COLOURS = ["B", "R", "G", "Y"]
CHIPS = COLOURS + ["H", "X"] + [f"{a}>{b}" for a in COLOURS + ["H", "X"] for b in COLOURS]
STATS = [a.id for a in _content.abilities]
SPOTS = [s.id for s in _content.spots] + [f"vp:{i}" for i in range(16)]  # a Vantage Point spot by number
VPS = [f"{b}{side}" for b in BOARDS for side in "AB"]
NUMBERS = range(64)   # items, monsters, shadows, cards by number
HEROES = range(4)

ENCODING = {"moves": {
    "stop": {}, "pass": {}, "draw": {}, "take": {},
    "use": {"action": ACTIONS, "pay": each(CHIPS)},
    "wield": {"item": NUMBERS, "pay": each(CHIPS)},
    "item": {"item": NUMBERS},
    "exploit": {"item": NUMBERS, "to": step(HEROES), "chip": step(CHIPS), "colour": step(COLOURS)},
    "end": {"hold": [""] + CHIPS},
    "step": {"to": SPACES, "escort": [None, 0, 1, 2, 3]},
    "target": {"space": SPACES, "monster": step(NUMBERS), "shadow": step(NUMBERS)},
    "smite": {"item": NUMBERS},
    "block": {"item": NUMBERS},
    "keep": {"item": NUMBERS},
    "attune": {"item": NUMBERS},
    "reroll": {"item": [None, *NUMBERS], "power": step(["coin", "streak"]), "dice": each(range(16))},
    "place": {"space": SPACES},
    "arrange": {"top": each(NUMBERS), "bottom": each(NUMBERS)},
    "upgrade": {"stat": STATS},
    "unlock": {"colour": COLOURS},
    "secure": {"vp": VPS, "chip": step(CHIPS)},
    "assign": {"spot": SPOTS, "source": ["here", "pool"]},
    "monster": {"monster": NUMBERS},
    "shove": {"monster": NUMBERS, "to": step(SPACES)},
    "reveal": {"shadow": NUMBERS},
    "redraw": {"chip": CHIPS},
    "pick": {"hero": HEROES},
    "victim": {"hero": HEROES},
    "board": {"board": ["N", "E", "S", "W"]},
    "choose": {"option": range(8)},
}}
