"""Exact minimum-cost perfect matching on a small dense graph (Edmonds' blossom method).

Holds `min_cost_perfect_matching`, the exact solver Swiss pairing falls back to for
the parts of a round that pairing inside score groups cannot settle (a few dozen
players; the whole event only when it is small). Pure Python: must not import Qt,
SQL or any other organizer layer.

The method is Edmonds' primal-dual blossom algorithm for maximum-weight matching,
O(n^3) on an adjacency matrix (Galil, ACM Computing Surveys 18, 1986); vertex duals
are stored doubled so integer weights keep them integers. Costs become weights
`big - cost`, `big` above any perfect matching's cost, so a maximum-weight matching
is perfect whenever one exists, and then the cheapest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


class NoPerfectMatchingError(ValueError):
    """The allowed edges admit no perfect matching."""


def min_cost_perfect_matching(costs: Sequence[Sequence[int | None]]) -> list[int]:
    """Return `mate` with `mate[i]` the partner of vertex `i` in a cheapest perfect matching.

    `costs[i][j]` is the non-negative integer cost of pairing `i` with `j` (symmetric),
    or None when they may not be paired. Among equally cheap matchings the result
    depends only on the vertex order, so callers shuffle the order to break ties.
    """
    n = len(costs)
    if n % 2:
        raise NoPerfectMatchingError(f"{n} vertices cannot all be paired")
    if n == 0:
        return []
    top = max((c for row in costs for c in row if c is not None), default=0)
    big = (n // 2) * top + 1
    weights = [[0] * (n + 1)]
    for row in costs:
        weights.append([0] + [0 if c is None else big - c for c in row])
    mate = _Blossom(n, weights).solve()
    if any(m == 0 for m in mate[1:]):
        raise NoPerfectMatchingError("the allowed pairs admit no perfect matching")
    return [m - 1 for m in mate[1:]]


class _Blossom:
    """State of one maximum-weight matching run; vertices 1..n, blossoms n+1..2n, 0 = none."""

    def __init__(self, n: int, weights: list[list[int]]) -> None:
        size = 2 * n + 1
        self.n = self.n_x = n
        # g[x][y]: the best edge (eu, ev, w) between top-level blossoms x and y, eu in x.
        self.eu = [[0] * size for _ in range(size)]
        self.ev = [[0] * size for _ in range(size)]
        self.ew = [[0] * size for _ in range(size)]
        self.flower_from = [[0] * (n + 1) for _ in range(size)]
        for u in range(1, n + 1):
            self.flower_from[u][u] = u
            eu, ev, ew, wrow = self.eu[u], self.ev[u], self.ew[u], weights[u]
            for v in range(1, n + 1):
                eu[v] = u
                ev[v] = v
                ew[v] = wrow[v] if u != v else 0
        w_max = max(max(row) for row in weights)
        self.lab = [0] + [w_max] * n + [0] * n
        self.match = [0] * size
        self.slack = [0] * size
        self.st = list(range(size))
        self.pa = [0] * size
        self.label = [-1] * size  # -1 free, 0 outer (S), 1 inner (T)
        self.vis = [0] * size
        self.stamp = 0
        self.flower: list[list[int]] = [[] for _ in range(size)]
        self.queue: deque[int] = deque()

    def solve(self) -> list[int]:
        while self._augment_once():
            pass
        return self.match[: self.n + 1]

    def _dist(self, x: int, y: int) -> int:
        return self.lab[self.eu[x][y]] + self.lab[self.ev[x][y]] - 2 * self.ew[x][y]

    def _update_slack(self, u: int, x: int) -> None:
        s = self.slack[x]
        if not s or self._dist(u, x) < self._dist(s, x):
            self.slack[x] = u

    def _set_slack(self, x: int) -> None:
        self.slack[x] = 0
        st, label = self.st, self.label
        for u in range(1, self.n + 1):
            if self.ew[u][x] > 0 and st[u] != x and label[st[u]] == 0:
                self._update_slack(u, x)

    def _push(self, x: int) -> None:
        if x <= self.n:
            self.queue.append(x)
        else:
            for y in self.flower[x]:
                self._push(y)

    def _set_st(self, x: int, b: int) -> None:
        self.st[x] = b
        if x > self.n:
            for y in self.flower[x]:
                self._set_st(y, b)

    def _get_pr(self, b: int, xr: int) -> int:
        fl = self.flower[b]
        pr = fl.index(xr)
        if pr % 2:
            fl[1:] = fl[:0:-1]
            return len(fl) - pr
        return pr

    def _set_match(self, u: int, v: int) -> None:
        self.match[u] = self.ev[u][v]
        if u > self.n:
            xr = self.flower_from[u][self.eu[u][v]]
            pr = self._get_pr(u, xr)
            fl = self.flower[u]
            for i in range(pr):
                self._set_match(fl[i], fl[i ^ 1])
            self._set_match(xr, v)
            fl[:] = fl[pr:] + fl[:pr]

    def _augment(self, u: int, v: int) -> None:
        st = self.st
        while True:
            xnv = st[self.match[u]]
            self._set_match(u, v)
            if not xnv:
                return
            self._set_match(xnv, st[self.pa[xnv]])
            u, v = st[self.pa[xnv]], xnv

    def _lca(self, u: int, v: int) -> int:
        self.stamp += 1
        st, vis = self.st, self.vis
        while u or v:
            if u:
                if vis[u] == self.stamp:
                    return u
                vis[u] = self.stamp
                u = st[self.match[u]]
                if u:
                    u = st[self.pa[u]]
            u, v = v, u
        return 0

    def _add_blossom(self, u: int, lca: int, v: int) -> None:
        st = self.st
        b = self.n + 1
        while b <= self.n_x and st[b]:
            b += 1
        if b > self.n_x:
            self.n_x += 1
        self.lab[b] = self.label[b] = 0
        self.match[b] = self.match[lca]
        fl = [lca, *reversed(self._path_to(u, lca)), *self._path_to(v, lca)]
        self.flower[b] = fl
        self._set_st(b, b)
        eu, ev, ew = self.eu, self.ev, self.ew
        for x in range(1, self.n_x + 1):
            ew[b][x] = ew[x][b] = 0
        ffb = self.flower_from[b]
        for x in range(1, self.n + 1):
            ffb[x] = 0
        for xs in fl:
            for x in range(1, self.n_x + 1):
                if ew[xs][x] > 0 and (ew[b][x] == 0 or self._dist(xs, x) < self._dist(b, x)):
                    eu[b][x], ev[b][x], ew[b][x] = eu[xs][x], ev[xs][x], ew[xs][x]
                    eu[x][b], ev[x][b], ew[x][b] = eu[x][xs], ev[x][xs], ew[x][xs]
            ffx = self.flower_from[xs]
            for x in range(1, self.n + 1):
                if ffx[x]:
                    ffb[x] = xs
        self._set_slack(b)

    def _path_to(self, x: int, lca: int) -> list[int]:
        """Blossoms from `x` up the alternating tree to `lca` (excluded); queues the inner ones."""
        st = self.st
        path: list[int] = []
        while x != lca:
            y = st[self.match[x]]
            path += (x, y)
            self._push(y)
            x = st[self.pa[y]]
        return path

    def _expand_blossom(self, b: int) -> None:
        fl = self.flower[b]
        for x in fl:
            self._set_st(x, x)
        xr = self.flower_from[b][self.eu[b][self.pa[b]]]
        pr = self._get_pr(b, xr)
        label = self.label
        for i in range(0, pr, 2):
            xs, xns = fl[i], fl[i + 1]
            self.pa[xs] = self.eu[xns][xs]
            label[xs], label[xns] = 1, 0
            self.slack[xs] = 0
            self._set_slack(xns)
            self._push(xns)
        label[xr] = 1
        self.pa[xr] = self.pa[b]
        for xs in fl[pr + 1 :]:
            label[xs] = -1
            self._set_slack(xs)
        self.st[b] = 0

    def _on_found_edge(self, x: int, y: int) -> bool:
        """Handle the tight edge g[x][y]; True when it completed an augmentation."""
        st, label = self.st, self.label
        u, v = st[self.eu[x][y]], st[self.ev[x][y]]
        if label[v] == -1:
            self.pa[v] = self.eu[x][y]
            label[v] = 1
            nu = st[self.match[v]]
            self.slack[v] = self.slack[nu] = 0
            label[nu] = 0
            self._push(nu)
        elif label[v] == 0:
            lca = self._lca(u, v)
            if not lca:
                self._augment(u, v)
                self._augment(v, u)
                return True
            self._add_blossom(u, lca, v)
        return False

    def _delta(self) -> int | None:
        """The largest dual change keeping every edge feasible; None when nothing bounds it."""
        st, label, slack, lab = self.st, self.label, self.slack, self.lab
        bounds = [
            lab[b] // 2 for b in range(self.n + 1, self.n_x + 1) if st[b] == b and label[b] == 1
        ]
        for x in range(1, self.n_x + 1):
            if st[x] == x and slack[x] and label[x] != 1:
                bounds.append(self._dist(slack[x], x) // (2 if label[x] == 0 else 1))
        return min(bounds, default=None)

    def _augment_once(self) -> bool:
        n = self.n
        st, label, slack, lab = self.st, self.label, self.slack, self.lab
        self.queue.clear()
        for x in range(1, self.n_x + 1):
            slack[x] = 0
            label[x] = -1
            if st[x] == x and not self.match[x]:
                self.pa[x] = label[x] = 0
                self._push(x)
        if not self.queue:
            return False
        while True:
            while self.queue:
                u = self.queue.popleft()
                if label[st[u]] == 1:
                    continue
                ew_u = self.ew[u]
                for v in range(1, n + 1):
                    if ew_u[v] > 0 and st[u] != st[v]:
                        if self._dist(u, v) == 0:
                            if self._on_found_edge(u, v):
                                return True
                        else:
                            self._update_slack(u, st[v])
            d = self._delta()
            if d is None or any(label[st[u]] == 0 and lab[u] <= d for u in range(1, n + 1)):
                return False  # no augmenting path pays off any more
            for u in range(1, n + 1):
                lu = label[st[u]]
                if lu == 0:
                    lab[u] -= d
                elif lu == 1:
                    lab[u] += d
            for b in range(n + 1, self.n_x + 1):
                if st[b] == b:
                    if label[b] == 0:
                        lab[b] += 2 * d
                    elif label[b] == 1:
                        lab[b] -= 2 * d
            self.queue.clear()
            for x in range(1, self.n_x + 1):
                s = slack[x]
                if (
                    st[x] == x
                    and s
                    and st[s] != x
                    and self._dist(s, x) == 0
                    and self._on_found_edge(s, x)
                ):
                    return True
            for b in range(n + 1, self.n_x + 1):
                if st[b] == b and label[b] == 1 and lab[b] == 0:
                    self._expand_blossom(b)
