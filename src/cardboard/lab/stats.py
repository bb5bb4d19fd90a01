"""The statistics of the lab's reports: Wilson intervals for proportions, t intervals for
means, paired and unpaired differences, and the within-cell effect of a feature with an
interval robust to the seats of one game depending on each other."""
from __future__ import annotations

import math

from cardboard.agents.arena import wilson

Z = 1.959963984540054
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def t975(df: float) -> float:
    """The 97.5% quantile of Student's t (a table to 9 degrees of freedom, then the
    Cornish-Fisher expansion, within 0.001)."""
    if df < 1:
        return float("inf")
    if df < 10 and float(df).is_integer():
        return _T975[int(df)]
    z = Z
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def mean_ci(values) -> tuple[float, float, float]:
    """(mean, low, high): the t interval of a mean."""
    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(xs) / n
    if n == 1:
        return m, -math.inf, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return m, m - half, m + half


def proportion_ci(successes: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson interval (a share counts as a fraction of a win)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    lo, hi = wilson(successes, n)
    return successes / n, lo, hi


def paired_ci(diffs) -> tuple[float, float, float, int]:
    """(mean difference, low, high, pairs): the paired t interval."""
    m, lo, hi = mean_ci(diffs)
    return m, lo, hi, len(diffs)


def welch_ci(a, b) -> tuple[float, float, float]:
    """(mean(a) - mean(b), low, high): Welch's interval for independent samples."""
    a, b = [float(x) for x in a], [float(x) for x in b]
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return math.nan, math.nan, math.nan
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((x - ma) ** 2 for x in a) / (na - 1) / na
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1) / nb
    se = math.sqrt(va + vb)
    if se == 0:
        return ma - mb, ma - mb, ma - mb
    df = (va + vb) ** 2 / ((va ** 2 / (na - 1) if va else 0) + (vb ** 2 / (nb - 1) if vb else 0) or 1e-300)
    half = t975(max(1.0, df)) * se
    return ma - mb, ma - mb - half, ma - mb + half


def within_effect(x, y, strata, clusters) -> tuple[float, float, float, int] | None:
    """The effect of x on y within strata (player count x options x variant): the slope of y on
    x after both are centred in each stratum, so a 0/1 feature's effect is the difference of
    the outcome between those with and without it, cell by cell. Its interval is
    cluster-robust by game (the seats of one game share one result). None if x never varies."""
    import numpy as np

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    strata = np.asarray(strata)
    clusters = np.asarray(clusters)
    xc, yc = x.copy(), y.copy()
    for s in np.unique(strata):
        m = strata == s
        xc[m] -= x[m].mean()
        yc[m] -= y[m].mean()
    sxx = float((xc * xc).sum())
    if sxx <= 1e-12:
        return None
    b = float((xc * yc).sum()) / sxx
    e = yc - b * xc
    score = xc * e
    _, inverse = np.unique(clusters, return_inverse=True)
    sums = np.bincount(inverse, weights=score)
    g = len(sums)
    if g < 3:
        return None
    var = g / (g - 1) * float((sums ** 2).sum()) / sxx ** 2
    half = t975(g - 1) * math.sqrt(var)
    return b, b - half, b + half, g


def excludes_zero(lo: float, hi: float) -> bool:
    return (lo > 0 or hi < 0) and not (math.isnan(lo) or math.isnan(hi))
