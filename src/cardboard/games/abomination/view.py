"""What each seat may see, and a re-deal of what it may not (for search).

Hidden [AM-H]: hands of research and humanity cards (sizes public), encounters held secretly
(their number is public), the order and contents of every face-down deck (the Morgue's top card
lies face up), the cadavers another player has just drawn, another player's dice and lab work
while the lab phase runs (shown as the phase began). Everything is shown once the game is over.
What a seat has seen stays known (AM-D-14, knowledge.py): the cards it saw go into another hand are
listed there, and its re-deal moves none of the cards it knows the place of.
"""
from __future__ import annotations

from cardboard.engine import Rng

from .game import STAGES, TRACKED
from .knowledge import CADAVER, HUMANITY, RESEARCH, SCOUNDREL
from .words import log_lines

PART_STATES = ("empty", "muscle", "skin", "alive")


def _plain(value):
    """A player's field as JSON: sets sorted, tuples as lists."""
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class ViewMixin:
    __slots__ = ()

    def _player_json(self, seat: int, p, sees: bool, viewer: int | None = None) -> dict:
        cfg = self.cfg
        track = {m: list(p.track[k * STAGES:(k + 1) * STAGES]) for k, m in enumerate(TRACKED)}
        out = {
            "seat": seat,
            "character": cfg.characters[p.character].id,
            "character_name": cfg.characters[p.character].name,
            "character_text": cfg.characters[p.character].text,
            "francs": p.francs,
            "humanity": p.humanity, "reputation": p.reputation, "expertise": p.expertise,
            "vp_track": p.vp,
            "scientists": p.scientists, "assistants": p.assistants,
            "on_card": {"scientists": p.free_sci, "assistants": p.free_asst},
            "lab_spaces": {"study": ("", "assistant", "scientist")[p.study],
                           "generator": ("", "assistant", "scientist")[p.generator]},
            "track": track, "bone": p.bone,
            "preserved": {"muscle": p.preserved[0], "organ": p.preserved[1]},
            "kept_fresh": sum(p.skip),
            "jars": {"charged": p.charged, "uncharged": p.empty},
            "ice": ("none", "half-melted", "solid")[p.ice],
            "police": p.police,
            "table": [{"part": part, "state": PART_STATES[p.parts[i]], "damage": p.damage[i]}
                      for i, part in enumerate(cfg.slot_part)],
            "research_count": len(p.research), "humanity_count": len(p.humanity_cards),
            "held_encounters": len(p.held),
            "first_player": seat == self.first,
        }
        if sees:
            out["research"] = [{"card": c, "id": cfg.research[c].id, "name": cfg.research[c].name,
                                "text": cfg.research[c].text} for c in p.research]
            out["humanity_cards"] = [{"card": c, "id": cfg.humanity[c].id, "name": cfg.humanity[c].name,
                                      "text": cfg.humanity[c].text} for c in p.humanity_cards]
            out["held"] = [{"id": cfg.encounters[e].id, "name": cfg.encounters[e].name,
                            "trigger": cfg.encounters[e].trigger} for e in p.held]
        else:   # the cards seen going into the hand (taken from a face-up row) [AM-D-14]
            bits = (1 << cfg.players) - 1 if viewer is None else 1 << viewer
            for key, zone, hand, specs in (("research_seen", RESEARCH, p.research, cfg.research),
                                           ("humanity_seen", HUMANITY, p.humanity_cards, cfg.humanity)):
                masks = self.known[zone]
                out[key] = [{"card": c, "id": specs[c].id, "name": specs[c].name, "text": specs[c].text}
                            for c in hand if masks[c] & bits == bits]
        return out

    def _view(self, seat):
        cfg = self.cfg
        over = self.phase == "over"
        lab = self.phase == "lab" and self.lab_start
        # the lab phase is simultaneous: others' work is not seen until it ends [AM-H-1]
        seen = tuple(self.lab_start[s] if lab and s != seat and not over else p
                     for s, p in enumerate(self.players))
        players = [self._player_json(s, p, over or s == seat, seat) for s, p in enumerate(seen)]
        scores = self.score_breakdown()
        if lab and not over:
            scores = [row if s == seat else None for s, row in enumerate(scores)]
        decider = None if over else self.ask[1]
        view = {
            "game": "abomination", "viewer": seat,
            "round": self.round, "phase": self.phase, "captain": self.captain,
            "story_track": cfg.setup.story_track,
            "first_player": self.first,
            "players": players,
            "scores": scores,
            "board": self._board_json(seat, over, seen),
            "event": self._event_json(),
            "objectives": [{"id": cfg.objectives[o].id, "name": cfg.objectives[o].name,
                            "timing": cfg.objectives[o].timing, "claimed_by": list(self.claimed[k])}
                           for k, o in enumerate(self.objectives)],
            "event_deck": len(self.event_deck),
            "to_move": decider,
            "deciding": None if over else ("lab" if lab and decider != seat else self.ask[0]),
            "log": log_lines(self, seat),
            "over": over,
        }
        if seat is not None and decider == seat:
            view["decision"] = self._decision_json()
        if over:
            view["winners"] = self.winners()
        return view

    def _board_json(self, seat, over: bool, seen: tuple) -> dict:
        cfg = self.cfg
        spaces = []
        for i, space in enumerate(cfg.spaces):
            spaces.append({"id": space.id, "name": space.name, "location": cfg.space_loc[i],
                           "location_name": cfg.loc_names.get(cfg.space_loc[i], cfg.space_loc[i]), "text": space.text,
                           "immoral": space.immoral,
                           "who": space.who, "cost": self.space_cost(i), "slots": cfg.slots[i],
                           "meeples": [{"seat": s, "meeple": "scientist" if sci else "assistant"}
                                       for s, sci in self.spaces[i]],
                           "closed": cfg.loc_index[cfg.space_loc[i]] in self.closed})
        decks = {}
        for d, deck_id in enumerate(cfg.decks):
            face_up = cfg.content.cadaver_decks[d].face_up
            decks[deck_id] = {"cards": len(self.decks[d]),
                              "top": self._cadaver_json(self.decks[d][0]) if face_up and self.decks[d] else None,
                              "display": [self._cadaver_json(c) for c in self.display[d]]}
        drawer = self.ask[1] if self.ask and self.ask[0] == "cadavers" else None
        rows = {}
        for name, family, row, deck in zip(("scoundrels", "research", "humanity"),
                                           ("scoundrels", "research", "humanity"), self.rows, self.row_decks):
            cards = getattr(cfg, family)
            rows[name] = {"slots": [None if c < 0 else {"card": c, "id": cards[c].id, "name": cards[c].name,
                                                        "text": cards[c].text,
                                                        **({"cost": cards[c].cost} if family == "scoundrels" else {})}
                                    for c in row],
                          "deck": len(deck)}
        if self.phase == "lab" and self.lab_start and not over:
            # cards others played in this lab phase are not seen under their deck yet [AM-H-1]
            for name, hand in (("research", "research"), ("humanity", "humanity_cards")):
                rows[name]["deck"] -= sum(len(getattr(self.lab_start[s], hand)) - len(getattr(p, hand))
                                          for s, p in enumerate(self.players) if s != seat)
        return {
            "spaces": spaces,
            "bump_track": {"costs": list(cfg.bump_costs),
                           "meeples": [{"seat": s, "meeple": "scientist" if sci else "assistant"}
                                       for s, sci in self.bump]},
            "cadavers": decks,
            "drawn": ([self._cadaver_json(c) for c in self.drawn] if over or seat == drawer
                      else len(self.drawn)),
            "rows": rows,
            "police": [cfg.loc_ids[i] for i in sorted(self.closed)],
            "event_markers": list(self.markers),
            "supply": {k: self.supply_left(k, seen) for k in ("jars", "ice", "police", "alive", "damage")},
        }

    def _cadaver_json(self, c: int) -> dict:
        spec = self.cfg.cadavers[c]
        return {"id": spec.id, "name": spec.name, "deck": spec.deck,
                "cost": {"humanity": spec.cost.humanity, "francs": spec.cost.francs},
                "option": {"attribute": spec.option.attribute, "amount": spec.option.amount},
                "materials": [{"material": m.material, "stage": m.stage, "count": m.count} for m in spec.materials]}

    def _event_json(self):
        if self.event is None:
            return None
        card, side = self.event
        spec = getattr(self.cfg.events[card], side)
        return {"id": self.cfg.events[card].id, "side": side, "name": spec.name, "text": spec.text,
                "icons": list(spec.icons), "rules": [r.kind for r in self.rules]}

    def _decision_json(self) -> dict:
        ask = self.ask
        out = {"kind": ask[0]}
        if ask[0] == "dice":
            out["roll"] = [{"colour": c, "face": f} for c, f in self.roll]
        elif ask[0] == "entry":
            entry = self.cfg.entries[ask[2]]
            out["entry"] = {"number": entry.number, "title": entry.title, "text": entry.text,
                            "choices": [ch.text for ch in entry.choices]}
        elif ask[0] == "vigil":
            out["encounter"] = self.cfg.encounters[ask[2]].name
        elif ask[0] == "target":
            out["candidates"] = list(ask[2])
        elif ask[0] == "replace":
            out["meeple"] = "scientist" if ask[2] else "assistant"
        elif ask[0] == "block":   # who placed what where: the placement the card would answer
            _, _, placer, i, sci = ask
            out.update(placer=placer, space=self.cfg.spaces[i].id, space_name=self.cfg.spaces[i].name,
                       location=self.cfg.space_loc[i], meeple="scientist" if sci else "assistant")
        elif ask[0] == "may_pay":
            out["francs"] = ask[2].francs
        elif ask[0] in ("restore", "skip"):
            out["cubes_left"] = ask[2]
        elif ask[0] == "cadavers":
            _, _, d, resolve, free = ask[:5]
            out.update(deck=self.cfg.decks[d], resolve=resolve, free=bool(free))
        elif ask[0] == "take_cadaver":
            out["deck"] = self.cfg.decks[ask[2]]
        elif ask[0] == "card":
            out.update(family=ask[2], cards_left=ask[3])
        elif ask[0] == "market":
            out["animal_bought"] = ask[2]
        elif ask[0] == "sell_bone":
            out["bone_per_franc"] = ask[2]
        elif ask[0] == "marker":
            out.update(marker=ask[2], markers_left=ask[3])
        elif ask[0] == "overflow":
            p = self.players[ask[1]]
            out.update(stage=ask[2], cubes=p.stage_total(ask[2]), limit=self.cfg.content.lab.stage_limit)
        return out

    def _dump(self) -> dict:
        doc = self._view(None)
        doc["hidden"] = {
            "hands": [[list(p.research), list(p.humanity_cards), list(p.held)] for p in self.players],
            "decks": [list(d) for d in self.decks], "rows": [list(d) for d in self.row_decks],
            "event_deck": list(self.event_deck), "drawn": list(self.drawn), "roll": _plain(self.roll),
            "players": [self._player_json(s, p, True) for s, p in enumerate(self.players)],
            "known": [list(masks) for masks in self.known],
            # every field of every player, and the decision as it really is: the public view
            # shows lab work as the phase began, but a save must tell every position apart
            "player_fields": [{k: _plain(getattr(p, k)) for k in type(p).__slots__} for p in self.players],
            "lab_start": [[_plain(getattr(p, k)) for k in type(p).__slots__] for p in self.lab_start],
            "ask": None if self.ask is None else [self.ask[0], self.ask[1], self._decision_json()],
        }
        return doc

    # ---------------------------------------------------------------- search re-deal
    def determinize(self, seat: int, seed: int):
        """A copy where what `seat` cannot know is dealt again at random, consistently with what
        it has seen: face-down decks and other hands (the cards it saw keep their places
        [AM-D-14]), other players' held encounters and the event deck, and the lab work of players
        who went before it this lab phase."""
        new = self.clone()
        new._edited = set()
        rng = Rng(seed)
        new.rng = Rng(rng.next64())
        cfg = self.cfg
        # first, so that the hands re-dealt below are the ones held as the lab phase began
        if new.phase == "lab" and new.lab_start:
            new._undo_earlier_labs(seat)
        # cadaver decks: the cards whose place the seat does not know trade places (the Morgue's
        # top, face up, is known to all) [AM-D-14]
        new.decks = tuple(tuple(new._redeal_unknown(seat, CADAVER, (deck,), rng)[0]) for deck in new.decks)
        # scoundrels: the deck alone; research and humanity: the deck and the other hands
        others = [s for s in range(cfg.players) if s != seat]
        (s_deck,) = new._redeal_unknown(seat, SCOUNDREL, (new.row_decks[0],), rng)
        new.row_decks = (tuple(s_deck),) + new.row_decks[1:]
        for r, family in ((RESEARCH, "research"), (HUMANITY, "humanity")):
            deck, *hands = new._redeal_unknown(seat, r, [new.row_decks[r]] + [new.hand(s, family) for s in others], rng)
            for s, hand in zip(others, hands):
                new._set_hand(s, family, tuple(hand))
            new.row_decks = new.row_decks[:r] + (tuple(deck),) + new.row_decks[r + 1:]
        new._redeal_events(seat, rng)
        new._legal = None   # the clone kept the real game's list: other hands, other moves
        return new

    def _redeal_events(self, seat: int, rng: Rng) -> None:
        cfg = self.cfg
        n_events = len(cfg.events)
        known = set(self.seen) | {n_events + e for e in self.players[seat].held}
        if self.event is not None:
            known.add(self.event[0])
        # encounters the seat has not seen are in the event deck or held by others
        held = {s: self.players[s].held for s in range(cfg.players) if s != seat}
        pool_enc = [c for c in range(n_events, n_events + len(cfg.encounters)) if c not in known]
        pool_ev = [c for c in range(n_events) if c not in known]
        rng.shuffle(pool_enc)
        rng.shuffle(pool_ev)
        for s, cards in held.items():
            k = len(cards)
            if k:
                # only location encounters are ever held: a "now" one is read at once [AM-E-3, AM-E-4]
                local = [c for c in pool_enc if cfg.encounters[c - n_events].trigger != "now"][:k]
                p = self._me(s)
                p.held = tuple(c - n_events for c in local)
                pool_enc = [c for c in pool_enc if c not in local]
        deck = list(self.event_deck)
        for i, c in enumerate(deck):
            if c in known:
                continue   # a card put back under the deck after being seen stays where it is
            if c >= n_events:
                deck[i] = pool_enc.pop()
            else:
                deck[i] = pool_ev.pop()
        unknown = [i for i, c in enumerate(deck) if c not in known]
        drawn_so_far = self.round - 1 if self.event is None else self.round
        top = max(0, cfg.setup.events_on_top - drawn_so_far)
        # the covered deck: its first cards are events while set-up's top events remain
        mix = [deck[i] for i in unknown[top:]]
        rng.shuffle(mix)
        for i, c in zip(unknown[top:], mix):
            deck[i] = c
        self.event_deck = tuple(deck)

    def _undo_earlier_labs(self, seat: int) -> None:
        """Players who went before `seat` this lab phase go back to the phase's start and take
        their turn again after it: their dice are not known yet."""
        done = []
        for s in self.lab_order:
            if s == seat:
                break
            done.append(s)
        if not done:
            return
        for r, family in ((1, "research"), (2, "humanity")):   # cards they played come back from under the deck
            deck = list(self.row_decks[r])
            for s in done:
                now = list(self.hand(s, family))
                start = self.lab_start[s].research if family == "research" else self.lab_start[s].humanity_cards
                for c in start:
                    if c in now:
                        now.remove(c)
                    else:
                        del deck[len(deck) - 1 - deck[::-1].index(c)]
            self.row_decks = self.row_decks[:r] + (tuple(deck),) + self.row_decks[r + 1:]
        self.players = tuple(self.lab_start[s] if s in done else p for s, p in enumerate(self.players))
        i = next(k for k, t in enumerate(self.todo) if t[0] == "lab_end")
        self.todo = self.todo[:i] + tuple(("lab_turn", s) for s in done) + self.todo[i:]
