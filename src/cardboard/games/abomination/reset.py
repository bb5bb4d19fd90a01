"""4. Reset phase [AM-R-*]: decompose (or melt the ice), refresh the board, meeples home, the
Captain advances; the skull ends the game."""
from __future__ import annotations

from .game import STAGES, TRACKED
from .knowledge import CADAVER

class ResetMixin:
    __slots__ = ()

    def _task_reset_phase(self) -> None:
        self.phase = "reset"
        if self.cfg.react_reset:
            for seat in self.order_from(self.first):
                self._now(("reset_cards", seat))
        self._now(("decompose",), ("refresh",))

    def _task_reset_cards(self, seat: int) -> None:
        if self.players[seat].research or self.players[seat].humanity_cards:
            self.ask = ("reset_cards", seat)

    def _moves_reset_cards(self):
        return self._playable(self.ask[1], ("reset", "any_time")) + [self._act("done")]

    # ---------------------------------------------------------------- 1. decompose
    def _task_decompose(self) -> None:
        """[AM-R-1] without ice: stage IV and blood on stage II are discarded, the rest moves one
        stage on; with ice: no decay, the block melts a step. Event rules may stop or double it.
        A stage left past 15 loses its excess at once, its owner choosing [AM-G-1, AM-D-7]."""
        no_decay = any(r.kind == "no_decay" for r in self.rules)
        twice = any(r.kind == "extra_decay" for r in self.rules)
        tasks = []
        for seat, p in enumerate(self.players):
            if p.ice:
                self._me(seat).ice -= 1
                continue
            if no_decay:
                continue
            tasks += [("decay", seat), ("overflow", seat)] * (2 if twice else 1)
        self._now(*tasks)

    def _task_decay(self, seat: int) -> None:
        lab = self.cfg.content.lab
        p = self._me(seat)
        track = [0] * len(p.track)
        blood = TRACKED.index("blood")
        for m in range(len(TRACKED)):
            for stage in range(1, STAGES + 1):
                i = m * STAGES + stage - 1
                stay = p.skip[i]
                track[i] += stay            # kept fresh by a card: they do not move this time
                if stage == STAGES or (m == blood and stage >= lab.blood_last_stage):
                    continue                # discarded
                track[i + 1] += p.track[i] - stay
        p.track = tuple(track)
        p.skip = (0,) * len(track)

    # ---------------------------------------------------------------- 2-4
    def _task_refresh(self) -> None:
        """[AM-R-2] discard and replenish the Hospital and the three rows, clear the Public Square
        and the event; [AM-R-3] meeples home, the Captain advances."""
        cfg = self.cfg
        n = cfg.players
        hosp = cfg.deck_index["hospital"]
        square = cfg.deck_index["public_square"]
        for d in (hosp, square):
            for card in self.display[d]:
                self._put_back_cadaver(card)
            self.display = self.display[:d] + ((),) + self.display[d + 1:]
        k = cfg.setup.hospital_stack[n]
        deck = self.decks[hosp]
        self.display = self.display[:hosp] + (deck[:k],) + self.display[hosp + 1:]
        self._set_deck(hosp, deck[k:])
        self._reveal(CADAVER, deck[:k])
        rows, decks = [], []
        for row, deck in zip(self.rows, self.row_decks):
            deck = deck + tuple(c for c in row if c >= 0)
            rows.append(deck[:len(row)] + (-1,) * max(0, len(row) - len(deck)))
            decks.append(deck[len(row):])
        self.rows, self.row_decks = tuple(rows), tuple(decks)
        for zone, row in enumerate(rows):
            self._reveal(zone, [c for c in row if c >= 0])
        if self.event is not None:
            self.event_deck = self.event_deck + (self.event[0],)
            self.event = None
        self.rules, self.storm, self.closed, self.markers = (), False, frozenset(), ()
        # 3. meeples back to the character cards
        self.spaces = ((),) * len(cfg.spaces)
        self.bump = ()
        for seat, p in enumerate(self.players):
            p = self._me(seat)
            p.free_sci, p.free_asst = p.scientists, p.assistants
            p.study = p.generator = 0
            p.blue_bonus = 0
            p.earned = 0
        # 4. the Captain
        self._move_captain(1)
        if self.phase != "over":   # the skull ends the game: no further round begins
            self.round += 1
