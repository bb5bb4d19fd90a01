"""What the lab measures of a finished Abyss game, per seat: Lords recruited, Locations
controlled, Allies affiliated, the Influence by source, and one 0/1 feature per Lord and per
Location of the content (`lord.<id>`, `location.<id>`), so a report can rank them."""
from __future__ import annotations

from .scoring import breakdown


def features(state) -> list[dict]:
    cfg = state.cfg
    points = breakdown(state)
    out = []
    for seat in range(cfg.players):
        lords = state.lords_owned(seat)
        held = {cfg.lords[x].id for x in lords}
        places = {cfg.locations[loc].id for loc, _ in state.locations[seat]}
        doc = {
            "lords": len(lords),
            "locations": len(places),
            "allies": len(state.affiliated[seat]),
            "monster_tokens": len(state.tokens[seat]),
            "pearls": state.pearls[seat],
            "guilds": len({cfg.guild[x] for x in lords}),
            "ip_lords": points[seat]["lords"],
            "ip_locations": points[seat]["locations"],
            "ip_allies": points[seat]["allies"],
            "ip_tokens": points[seat]["tokens"],
            "ended_by": state.ending or "",
        }
        doc.update({f"lord.{lord.id}": int(lord.id in held) for lord in cfg.lords})
        doc.update({f"location.{loc.id}": int(loc.id in places) for loc in cfg.locations})
        out.append(doc)
    return out
