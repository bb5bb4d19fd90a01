"""One player's pieces: character card, laboratory board, dials, hand and operating table.

A Player is shared between clones of a state, so it is never changed in place once a state
holds it: the state copies it on its first edit within a move (`AbominationState._me`).
"""
from __future__ import annotations

from .game import STAGES, TRACKED

MUSCLE_I, ORGAN_I, BLOOD_I, ANIMAL_I = (TRACKED.index(m) for m in ("muscle", "organ", "blood", "animal"))


def cube(material: str, stage: int) -> int:
    """Index of (material, stage I..IV) on the decomposition track tuple."""
    return TRACKED.index(material) * STAGES + stage - 1


class Player:
    __slots__ = (
        "character",      # index into content.characters
        "francs",
        "humanity", "reputation", "expertise",   # dial positions
        "fired",          # frozenset of (attribute, icon position) whose icon took effect [AM-A-2]
        "best",           # (humanity low, humanity high, reputation, expertise) reached, for "best" scoring
        "vp",             # the score track: build VP [AM-L-4]
        "scientists", "assistants",          # owned meeples
        "free_sci", "free_asst",             # meeples still on the character card
        "study", "generator",                # lab spaces: 0 empty, 1 assistant, 2 scientist
        "track",          # 16 counts: (muscle, organ, blood, animal) x stages I..IV
        "bone",
        "preserved",      # (muscle, organ) on the preservation space
        "skip",           # 16 counts: cubes that skip the next decomposition
        "charged", "empty",                  # Leyden jars
        "ice",            # 0 none, 2 solid, 1 half-melted
        "police",         # police markers held
        "research", "humanity_cards",        # hands: card indices
        "held",           # encounters held secretly (encounter indices)
        "parts",          # per operating-table slot: EMPTY, MUSCLE, SKIN, ALIVE
        "damage",         # per slot: damage markers (0 or 1)
        "blue_bonus",     # extra blue dice this round (upgrade_dice)
        "lower",          # Expertise a build may lack this lab phase (lower_requirement)
        "switched",       # threw the switch this lab phase
        "rerolled",       # used the character's once-a-lab reroll
        "earned",         # francs from others' Humanity losses this round (Baptiste)
    )

    def copy(self) -> "Player":
        new = Player.__new__(Player)
        _copy_fields(self, new)
        return new

    # ---- counts the rules and the views read
    def cubes(self, material: str) -> int:
        if material == "bone":
            return self.bone
        i = TRACKED.index(material) * STAGES
        return sum(self.track[i:i + STAGES])

    def stage_total(self, stage: int) -> int:
        return sum(self.track[m * STAGES + stage - 1] for m in range(len(TRACKED)))

    def built(self) -> int:
        return sum(1 for p in self.parts if p)

    def count_parts(self, state: int) -> int:
        return sum(1 for p in self.parts if p >= state)

    def jars(self) -> int:
        return self.charged + self.empty

    def cards(self) -> int:
        return len(self.research) + len(self.humanity_cards)


def _field_copier(names: tuple):
    """The slots copied one by one, written out (as the engine's clone does): a Player is copied
    on its first edit in every move, and straight-line copies are about twice a loop's speed."""
    body = "".join(f"    new.{n} = old.{n}\n" for n in names)
    namespace: dict = {}
    exec(f"def copy_fields(old, new):\n{body}", namespace)
    return namespace["copy_fields"]


_copy_fields = _field_copier(Player.__slots__)
