"""The three attribute dials [AM-A-1, AM-A-2] and the meeples their icons give and take.

An icon is "passed" while the pointer is at or beyond it, away from 0 (icons at negative
Humanity are passed going down: CONTENT.md decision 16). Turning a dial resolves the icons it
newly passes, in the order it meets them, and undoes those it passes back over. An icon that
could do nothing (no assistant to exchange, no meeple left in the box) is not recorded in
`fired`, so turning back does not undo what never happened.
"""
from __future__ import annotations


def _passed(at: int, pos: int) -> bool:
    return pos >= at if at > 0 else pos <= at


class DialsMixin:
    __slots__ = ()

    def _ignored(self, seat: int, attribute: str) -> frozenset:
        out = set()
        for ability in self.cfg.characters[self.players[seat].character].abilities:
            if ability.kind == "ignore_icons" and ability.attribute == attribute:
                out.update(ability.icons)
        return frozenset(out)

    def _turn_dial(self, seat: int, attribute: str, amount: int, origin: str | None = None) -> int:
        """Turn `attribute` by `amount` (clamped to the dial); returns the change made."""
        cfg = self.cfg
        dial = cfg.dial[attribute]
        p = self._me(seat)
        old = getattr(p, attribute)
        new = min(dial.max, max(dial.min, old + amount))
        if new == old:
            return 0
        setattr(p, attribute, new)
        lo, hi, rep, exp = p.best
        if attribute == "humanity":
            p.best = (min(lo, new), max(hi, new), rep, exp)
        elif attribute == "reputation":
            p.best = (lo, hi, max(rep, new), exp)
        else:
            p.best = (lo, hi, rep, max(exp, new))
        self._say("dial", seat, attribute, new - old)
        if attribute == "humanity" and new < old and origin is not None:
            self._others_lose_humanity(seat)
        # the icons met on the way, nearest first (passed at one end and not the other)
        met = [ic for ic in cfg.dial_icons[attribute]
               if ((old >= ic[0]) != (new >= ic[0]) if ic[0] > 0 else (old <= ic[0]) != (new <= ic[0]))]
        if not met:
            return new - old
        ignored = self.game.tab.ignored[p.character, attribute]
        met.sort(key=lambda ic: ic[0], reverse=new < old)
        for at, icon, _vp in met:
            if icon in ("vp", "blue_die") or icon in ignored:
                continue  # read from the pointer when scoring and rolling
            if _passed(at, new):
                self._fire(seat, attribute, at, icon)
            else:
                self._undo(seat, attribute, at, icon)
        return new - old

    def _fire(self, seat: int, attribute: str, at: int, icon: str) -> None:
        done = None
        if icon == "gain_assistant":
            done = self._gain_meeple(seat, scientist=False)
        elif icon == "exchange_assistant":
            done = self._exchange(seat, to_scientist=True)
        elif icon == "gain_reputation":
            done = self._turn_dial(seat, "reputation", 1) != 0
        elif icon == "lose_reputation":
            done = self._turn_dial(seat, "reputation", -1) != 0
        elif icon == "lose_assistant":
            done = self._lose_meeple(seat)   # "scientist" or "assistant" lost, or None
        if done:
            p = self._me(seat)
            p.fired = p.fired | {(attribute, at, done if isinstance(done, str) else "")}

    def _undo(self, seat: int, attribute: str, at: int, icon: str) -> None:
        p = self.players[seat]
        entry = next((f for f in p.fired if f[0] == attribute and f[1] == at), None)
        if entry is None:
            return
        p = self._me(seat)
        p.fired = p.fired - {entry}
        if icon == "gain_assistant":
            self._lose_meeple(seat, assistant_only=True)
        elif icon == "exchange_assistant":
            self._exchange(seat, to_scientist=False)
        elif icon == "gain_reputation":
            self._turn_dial(seat, "reputation", -1)
        elif icon == "lose_reputation":
            self._turn_dial(seat, "reputation", 1)
        elif icon == "lose_assistant":
            self._gain_meeple(seat, scientist=entry[2] == "scientist")

    # ---------------------------------------------------------------- meeples
    def _gain_meeple(self, seat: int, scientist: bool) -> bool:
        """A meeple from the box to the character card (placeable this city phase)."""
        setup = self.cfg.setup
        p = self.players[seat]
        if scientist:
            if p.scientists >= setup.max_scientists:
                return False
            p = self._me(seat)
            p.scientists += 1
            p.free_sci += 1
        else:
            if p.assistants >= setup.max_assistants:
                return False
            p = self._me(seat)
            p.assistants += 1
            p.free_asst += 1
        return True

    def _exchange(self, seat: int, to_scientist: bool) -> bool:
        """Swap an assistant for a scientist (or back, undoing): the one on the character card if
        there is one, else one already placed, whose resolved effect stands."""
        setup = self.cfg.setup
        p = self.players[seat]
        if to_scientist and (p.assistants == 0 or p.scientists >= setup.max_scientists):
            return False
        if not to_scientist and (p.scientists <= 1 or p.assistants >= setup.max_assistants):
            return False
        p = self._me(seat)
        step = 1 if to_scientist else -1
        p.scientists += step
        p.assistants -= step
        if (p.free_asst if to_scientist else p.free_sci) > 0:
            p.free_sci += step
            p.free_asst -= step
        else:
            self._swap_placed(seat, not to_scientist)
        return True

    def _lose_meeple(self, seat: int, assistant_only: bool = False):
        """Lose an assistant (a scientist if every assistant has become one): from the character
        card, else from play: the bump track, the lab, then the board (decision in RULES.md).
        Returns what was lost, or None."""
        p = self.players[seat]
        scientist = p.assistants == 0
        if scientist and (assistant_only or p.scientists <= 1):
            return None  # a scientist is never lost to nothing: every player keeps one
        p = self._me(seat)
        if scientist:
            p.scientists -= 1
            if p.free_sci:
                p.free_sci -= 1
            else:
                self._remove_placed(seat, True)
            return "scientist"
        p.assistants -= 1
        if p.free_asst:
            p.free_asst -= 1
        else:
            self._remove_placed(seat, False)
        return "assistant"

    def _placed_spots(self, seat: int, scientist: bool):
        """Where the seat's placed meeples of that kind are, in the order they are taken away."""
        for i, (s, sci) in enumerate(self.bump):
            if s == seat and sci == scientist:
                yield "bump", i
        p = self.players[seat]
        code = 2 if scientist else 1
        if p.study == code:
            yield "study", 0
        if p.generator == code:
            yield "generator", 0
        for i in range(len(self.spaces) - 1, -1, -1):
            for j, (s, sci) in enumerate(self.spaces[i]):
                if s == seat and sci == scientist:
                    yield "space", (i, j)

    def _remove_placed(self, seat: int, scientist: bool) -> None:
        where, at = next(self._placed_spots(seat, scientist))
        self._edit_spot(seat, where, at, None)

    def _swap_placed(self, seat: int, scientist: bool) -> None:
        where, at = next(self._placed_spots(seat, scientist))
        self._edit_spot(seat, where, at, not scientist)

    def _edit_spot(self, seat: int, where: str, at, scientist) -> None:
        """Remove (scientist None) or retype a placed meeple."""
        if where == "bump":
            track = list(self.bump)
            if scientist is None:
                del track[at]
            else:
                track[at] = (seat, scientist)
            self.bump = tuple(track)
        elif where in ("study", "generator"):
            setattr(self._me(seat), where, 0 if scientist is None else (2 if scientist else 1))
        else:
            i, j = at
            occ = list(self.spaces[i])
            if scientist is None:
                del occ[j]
            else:
                occ[j] = (seat, scientist)
            self.spaces = self.spaces[:i] + (tuple(occ),) + self.spaces[i + 1:]
