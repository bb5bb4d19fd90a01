"""1. Event phase [AM-E-*]: the event card of the round (its side by round, icons, effects,
rule changes and markers), encounters read now or held secretly until triggered, the targets
First Player chooses, and the numbered story entries."""
from __future__ import annotations

from .game import ALIVE
from .knowledge import CADAVER

# effects on the shared board rather than on a player (content.py): they act once
BOARD_KINDS = frozenset({"advance_captain", "reveal_cadavers", "reveal_cadaver", "police_marker"})


class EventsMixin:
    __slots__ = ()

    def _task_event_phase(self) -> None:
        """[AM-E-1] First Player draws the top card and uses the side for this round."""
        self.phase = "event"
        if not self.event_deck:
            return
        card, self.event_deck = self.event_deck[0], self.event_deck[1:]
        cfg = self.cfg
        n_events = len(cfg.events)
        if card >= n_events:
            self._draw_encounter(card - n_events)
            return
        late = self.round >= cfg.setup.late_from_round
        side = cfg.events[card].late if late else cfg.events[card].early
        self.event = (card, "late" if late else "early")
        self.seen = self.seen + (card,)
        self._say("event", cfg.events[card].id, self.event[1])
        # [AM-E-2] rule changes for the round, markers as reminders, effects at once
        self.rules = side.this_round
        self.markers = side.markers
        if "execution" in side.icons:      # [AM-E-7]
            self._execution()
        if "lightning_storm" in side.icons:    # [AM-E-8]
            self._lightning_storm()
        if side.effects:
            if side.target is not None:
                self._choose_target(side.target, ("effects", side.effects, None))
            else:   # to each player; the shared board's effects act once [AM-E-2]
                board = tuple(e for e in side.effects if e.kind in BOARD_KINDS)
                own = tuple(e for e in side.effects if e.kind not in BOARD_KINDS)
                tasks = (("effects", self.first, board, None),) if board else ()
                if own:
                    tasks += tuple(("effects", seat, own, None) for seat in self.order_from(self.first))
                self._now(*tasks)

    def _execution(self) -> None:
        d = self.cfg.deck_index["public_square"]
        k = self.cfg.setup.execution_cards[self.cfg.players]
        deck = self.decks[d]
        self.display = self.display[:d] + (self.display[d] + deck[:k],) + self.display[d + 1:]
        self._set_deck(d, deck[k:])
        self._reveal(CADAVER, deck[:k])

    def _lightning_storm(self) -> None:
        self.storm = True
        for seat, p in enumerate(self.players):
            if p.empty:
                p = self._me(seat)
                p.charged += p.empty
                p.empty = 0

    # ---------------------------------------------------------------- targets [AM-E-6]
    def measure(self, seat: int, what: str) -> int:
        p = self.players[seat]
        if what in ("humanity", "reputation", "expertise", "francs"):
            return getattr(p, what)
        if what == "alive_parts":
            return p.count_parts(ALIVE)
        if what == "built_parts":
            return p.built()
        if what == "cards_in_hand":
            return p.cards()
        raise ValueError(what)

    def candidates(self, target) -> list:
        """The players meeting a target's condition; nobody meeting it means anyone (CONTENT.md 14)."""
        seats = list(range(self.cfg.players))
        k = target.kind
        if k in ("most", "fewest"):
            values = [self.measure(s, target.measure) for s in seats]
            best = max(values) if k == "most" else min(values)
            found = [s for s in seats if values[s] == best]
        elif k == "holds_police_marker":
            found = [s for s in seats if self.players[s].police]
        else:   # anyone (a placer is known where the encounter triggers)
            found = []
        return found or seats

    def _choose_target(self, target, then: tuple) -> None:
        found = self.candidates(target)
        if len(found) == 1:
            self._task_to_target(found[0], then)
        else:
            self.ask = ("target", self.first, tuple(found), then)

    def _moves_target(self):
        return [self._act("target", seat=s) for s in self.ask[2]]

    def _do_target(self, a, ask) -> None:
        self._say("target", a["seat"])
        self._task_to_target(a["seat"], ask[3])

    def _task_to_target(self, seat: int, then: tuple) -> None:
        if then[0] == "effects":
            self._now(("effects", seat, then[1], then[2]))
        else:   # ("encounter", index)
            self._now(("encounter", seat, then[1], None))

    # ---------------------------------------------------------------- encounters [AM-E-3..5]
    def _draw_encounter(self, enc: int) -> None:
        spec = self.cfg.encounters[enc]
        if spec.trigger == "now":
            self.seen = self.seen + (len(self.cfg.events) + enc,)
            self._say("encounter", spec.id)
            self._under_event_deck(enc)
            self._choose_target(spec.target, ("encounter", enc))
        else:   # held secretly by First Player until someone else places at the location
            p = self._me(self.first)
            p.held = p.held + (enc,)
            self._say("hold_encounter", self.first)

    def _under_event_deck(self, enc: int) -> None:
        self.event_deck = self.event_deck + (len(self.cfg.events) + enc,)   # [AM-K-1]

    def _task_encounters_at(self, seat: int, loc: str) -> None:
        """[AM-E-4] a held encounter triggers when anyone but its holder places at its location;
        the engine announces it (it never forgets), read before costs and effects."""
        for holder in self.order_from(self.first):
            if holder == seat:
                continue
            for enc in self.players[holder].held:
                if self.cfg.encounters[enc].trigger == loc:
                    p = self._me(holder)
                    held = list(p.held)
                    held.remove(enc)
                    p.held = tuple(held)     # [AM-E-5] discarded once triggered
                    self.seen = self.seen + (len(self.cfg.events) + enc,)
                    self._under_event_deck(enc)
                    self._say("encounter", self.cfg.encounters[enc].id)
                    self._now(("encounter", seat, enc, loc))

    def _task_encounter(self, seat: int, enc: int, origin) -> None:
        """Before an encounter is read, its target may cancel it with a card (Vigil). Anyone
        holding a humanity card is asked, so being asked says nothing of the hand."""
        if self.players[seat].humanity_cards:
            self.ask = ("vigil", seat, enc, origin)
        else:
            self._now(("entry", seat, self.cfg.encounters[enc].entry, origin))

    def _moves_vigil(self):
        seat = self.ask[1]
        cards = self._distinct("humanity", [c for c in self.players[seat].humanity_cards
                                            if any(e.kind == "cancel_encounter" for e in self.cfg.humanity[c].effects)])
        return [self._act("hear")] + [self._act("cancel", card=c) for c in cards]

    def _do_hear(self, a, ask) -> None:
        _, seat, enc, origin = ask
        self._now(("entry", seat, self.cfg.encounters[enc].entry, origin))

    def _do_cancel(self, a, ask) -> None:
        _, seat, enc, origin = ask
        spec = self.cfg.humanity[a["card"]]
        self._discard_card(seat, "humanity", a["card"])
        self._say("cancel", seat, spec.id)
        self._now(("effects", seat, spec.icons, None))

    # ---------------------------------------------------------------- story entries
    def _eff_go_to_entry(self, seat, e, origin) -> None:
        self._now(("entry", seat, e.entry, origin))

    def entry_choices(self, seat: int, number: int, origin=None) -> list:
        entry = self.cfg.entries[number]
        return [i for i, ch in enumerate(entry.choices) if all(self.holds(seat, c, origin) for c in ch.requires)]

    def _task_entry(self, seat: int, number: int, origin) -> None:
        choices = self.entry_choices(seat, number, origin)
        self._say("entry", seat, number)
        if len(choices) == 1:
            self._now(("effects", seat, self.cfg.entries[number].choices[choices[0]].effects, origin))
        elif choices:
            self.ask = ("entry", seat, number, origin)

    def _moves_entry(self):
        _, seat, number, origin = self.ask
        return [self._act("choose", entry=number, choice=i) for i in self.entry_choices(seat, number, origin)]

    def _do_choose(self, a, ask) -> None:
        _, seat, number, origin = ask
        self._say("choice", seat, number, a["choice"])
        self._now(("effects", seat, self.cfg.entries[number].choices[a["choice"]].effects, origin))

    # ---------------------------------------------------------------- the Captain
    def _move_captain(self, amount: int) -> None:
        """[AM-R-3] the Captain on the story track; the skull ends the game at once."""
        last = self.cfg.setup.story_track
        self.captain = max(1, min(last, self.captain + amount))
        self._say("captain", self.captain)
        if self.captain >= last:
            self._end_game(by_captain=True)
