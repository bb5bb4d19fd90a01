"""The seeded random source every game draws its chance from.

A SplitMix64 generator: its whole state is one int, so cloning, saving and
reseeding are trivial and identical on every platform and Python version.
"""
import hashlib

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        return Rng(self.state)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform int in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n > 1 << 64:  # wider than one draw: rejection sampling on enough concatenated draws
            bits = n.bit_length()
            while True:
                x = 0
                for _ in range((bits + 63) // 64):
                    x = (x << 64) | self.next64()
                x &= (1 << bits) - 1
                if x < n:
                    return x
        limit = _SPAN - _SPAN % n
        while True:  # next64, written out: below() is the commonest draw of a rollout
            self.state = s = (self.state + _GOLDEN) & _MASK
            s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
            x = s ^ (s >> 31)
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """`count` dice: each `1 + below(sides)`, written out as shuffle() writes it out (a
        roll-and-write game rolls at every turn)."""
        if sides <= 0 or sides > _SPAN:  # not a die: below() says so, or draws it wider than 64 bits
            return tuple([1 + self.below(sides) for _ in range(count)])
        limit = _SPAN - _SPAN % sides
        s = self.state
        out = []
        for _ in range(count):
            while True:
                s = (s + _GOLDEN) & _MASK
                x = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x < limit:
                    break
            out.append(1 + x % sides)
        self.state = s
        return tuple(out)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place: each j is `below(i + 1)`, written out as below() writes out
        next64 (a search's re-deal is mostly shuffles)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GOLDEN) & _MASK
                x = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]


def derive_seed(*parts) -> int:
    """A stable 64-bit seed from ints and strings (unlike hash(), the same in every process)."""
    digest = hashlib.blake2b("\x1f".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")
