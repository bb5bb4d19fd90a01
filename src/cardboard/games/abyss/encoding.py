"""How the research adapters (cardboard.interop) number Abyss's moves: every kind with the domain
of each field, from the default content. A recruit is chosen as its Lord, then each Ally paid (in
the order the payment lists them), then DONE where a payment could stop or go on; a request
names its races one by one; Location and Lord swaps name what they take as a second choice."""
from cardboard.interop.spec import each, step

from .content import RACES, load_content

_content = load_content()
LORDS = [lord.id for lord in _content.lords]
LOCATIONS = [loc.id for loc in _content.locations]
ALLIES = [[race, value] for race in RACES for value in sorted(set(_content.setup.ally_values))]
GAINS = ["pearl", "token", "key"]
SEATS = range(4)

ENCODING = {"moves": {
    "explore": {}, "buy": {}, "decline": {}, "take": {}, "explore_on": {}, "plot": {}, "fight": {},
    "end_turn": {}, "pass": {}, "skip": {}, "keep_smokers": {},
    "request": {"races": each(RACES)},
    "recruit": {"lord": LORDS, "pay": each(ALLIES), "pearls": step(range(0, 41)), "affiliate": step(ALLIES)},
    "location": {"location": LOCATIONS},
    "draw": {"n": range(1, 5)},
    "keep": {"location": LOCATIONS},
    "smokers_swap": {"location": LOCATIONS},
    "reward": {"gains": each(GAINS)},
    "discard": {"ally": ALLIES},
    "sell": {"lord": LORDS, "ally": step(ALLIES)},
    "oracle": {"lord": LORDS, "race": step(RACES)},
    "opportunist": {"lord": LORDS, "court": step(LORDS)},
    "betray": {"give": LORDS, "take": step(LORDS)},
    "scheme": {"give": LORDS},
    "corrupt": {"lord": LORDS},
    "assassinate": {"lord": LORDS},
    "take_stack": {"race": RACES},
    "swap_location": {"give": LOCATIONS, "take": step(LOCATIONS)},
    "use_keys": {"tokens": range(0, 4), "lords": each(LORDS)},
    "hunt": {"seat": SEATS},
}}
