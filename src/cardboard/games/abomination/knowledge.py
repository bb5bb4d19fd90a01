"""Who knows where each card is [AM-D-14], so a search re-deals only what its seat has not seen.

Every card of the four decks (scoundrels, research, humanity, cadavers) carries a mask of the
seats that know where it lies. A card shown face up (a row, the Hospital stack, the Public
Square, a card played or named) is known to all; a card drawn from the top of a deck is known
to its drawer, and the top card of a face-up deck (the Morgue) is in everyone's sight. A known
card stays known wherever it goes in sight, under a deck included: there
are no discard piles and every seat watches cards go under and come off the top [AM-K-1], so
whoever knew a card knows its place in the deck until it is drawn again. Cadavers drawn and put
back unresolved are known to their drawer only. There is no reshuffle in the game, so a mask
never narrows.
"""
from __future__ import annotations

SCOUNDREL, RESEARCH, HUMANITY, CADAVER = 0, 1, 2, 3   # zones: the rows' order, then cadavers


class KnowledgeMixin:
    __slots__ = ()

    def _init_knowledge(self) -> None:
        cfg = self.cfg
        self.known = tuple((0,) * len(cards) for cards in (cfg.scoundrels, cfg.research, cfg.humanity, cfg.cadavers))

    def _mark(self, zone: int, cards, bits: int) -> None:
        masks = list(self.known[zone])
        for c in cards:
            masks[c] |= bits
        self.known = self.known[:zone] + (tuple(masks),) + self.known[zone + 1:]

    def _reveal(self, zone: int, cards) -> None:
        """The cards are shown to every seat."""
        if cards:
            self._mark(zone, cards, (1 << self.cfg.players) - 1)

    def _learn(self, zone: int, cards, seat: int) -> None:
        """`seat` alone sees the cards (drawn from a deck's top)."""
        if cards:
            self._mark(zone, cards, 1 << seat)

    def _set_deck(self, d: int, cards: tuple) -> None:
        """Cadaver deck `d` is now `cards` (top first); a face-up deck's new top is seen by all."""
        self.decks = self.decks[:d] + (cards,) + self.decks[d + 1:]
        if cards and self.cfg.content.cadaver_decks[d].face_up:
            self._reveal(CADAVER, cards[:1])

    def knows(self, seat: int, zone: int, card: int) -> bool:
        return bool(self.known[zone][card] >> seat & 1)

    def _redeal_unknown(self, seat: int, zone: int, groups, rng) -> list[list]:
        """`groups` (a deck, hands) as lists in which the cards `seat` does not know trade
        places at random; the cards it knows stay where they are."""
        masks, bit = self.known[zone], 1 << seat
        out = [list(g) for g in groups]
        places = [(i, j) for i, g in enumerate(out) for j, c in enumerate(g) if not masks[c] & bit]
        cards = [out[i][j] for i, j in places]
        rng.shuffle(cards)
        for (i, j), c in zip(places, cards):
            out[i][j] = c
        return out
