#!/usr/bin/env python3
"""An independent Glicko-2 reference for ReferenceImplementationTests.swift.

Written from Mark E. Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf),
step by step as the paper states it, not from the Swift module (Sources/Ratings). Python 3 and its
standard library only (math, json, sys).

Usage:
    glicko2_reference.py < cases.json     prints the rated cases as JSON
    glicko2_reference.py --self-test      checks Glickman's worked example; exit 0 or 1

A case is {"rating": r, "deviation": rd, "volatility": s, "results": [[opp_r, opp_rd, score], ...],
"idle_days": t}; score is 1 (win), 0.5 (draw) or 0 (loss). Each is one player rated over one
rating period after t idle days, and comes back as {"rating", "deviation", "volatility"}, unrounded
(json writes a float's shortest round-trip form, so nothing is lost).

Two rules come from this package, not from the paper, and are kept apart from the paper's steps:

- Idle growth. The package rates every game as its own rating period and grows the deviation by
  the days since the player's last game, one day counting as one period of the paper's step 6:
  phi' = sqrt(phi^2 + sigma^2 * t) on the Glicko-2 scale (phi = RD / 173.7178), t in days, then
  RD' = min(350, 173.7178 * phi'). This is the paper's pre-period growth applied t times over
  (Glickman's Glicko-1 paper, "The Glicko system", has the same RD = min(sqrt(RD0^2 + c^2 t), 350)
  on its own scale). No time (t <= 0) leaves RD as it was (still at most 350).
- The cap. The paper leaves a maximum deviation to the administrator; the package caps every new
  RD at 350, the RD of an unrated player, so a player with no games and RD 350 stays at 350 (the
  paper's step 6 alone would give 350.155 for sigma 0.06).
"""

import json
import math
import sys

SCALE = 173.7178  # Step 2: the factor between the Glicko-1 scale and the Glicko-2 scale.
CENTER = 1500.0  # Step 2: the Glicko-1 rating that sits at 0 on the Glicko-2 scale.
TAU = 0.5  # Step 1: the system constant of the paper's example.
EPSILON = 0.000001  # Step 5: the convergence tolerance.
MAX_DEVIATION = 350.0  # The package's cap (see above).
ILLINOIS_GUARD = 10_000  # Not in the paper: a bound so that a bug fails loudly instead of hanging.


def g(phi):
    """Step 3: g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu, mu_j, phi_j):
    """Step 3: E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(sigma, phi, v, delta, tau=TAU, epsilon=EPSILON):
    """Step 5: sigma' by the Illinois algorithm, on x = ln(sigma'^2)."""
    # 5.1
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    # 5.2: the initial bracket.
    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    # 5.3
    f_a = f(big_a)
    f_b = f(big_b)
    # 5.4. The paper's 2022 text says "f_C f_B <= 0" in (b); older copies say "< 0". They differ
    # only when f(C) is exactly 0, where "<" would leave the bracket stuck at its width.
    steps = 0
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
        steps += 1
        if steps > ILLINOIS_GUARD:
            raise RuntimeError("the Illinois iteration did not converge")
    # 5.5
    return math.exp(big_a / 2.0)


def rating_period(rating, deviation, volatility, results, tau=TAU):
    """Steps 2 to 8 for one player over one rating period, without the package's cap.

    results: (opponent rating, opponent RD, score) triples. Returns the new (r, RD, sigma) on the
    Glicko-1 scale and a dict of the Glicko-2-scale intermediates (empty with no games).
    """
    # Step 2
    mu = (rating - CENTER) / SCALE
    phi = deviation / SCALE
    sigma = volatility
    if not results:
        # A player who did not compete: only the deviation grows, phi' = sqrt(phi^2 + sigma^2).
        return rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma, {}
    opponents = [((r_j - CENTER) / SCALE, rd_j / SCALE, s_j) for r_j, rd_j, s_j in results]
    # Step 3: v = [sum g(phi_j)^2 E (1 - E)]^-1
    v = 1.0 / sum(g(phi_j) ** 2 * expected(mu, mu_j, phi_j) * (1.0 - expected(mu, mu_j, phi_j))
                  for mu_j, phi_j, _ in opponents)
    # Step 4: delta = v sum g(phi_j) (s_j - E)
    performance = sum(g(phi_j) * (s_j - expected(mu, mu_j, phi_j)) for mu_j, phi_j, s_j in opponents)
    delta = v * performance
    # Step 5
    sigma_new = new_volatility(sigma, phi, v, delta, tau=tau)
    # Step 6
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    # Step 7
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * performance
    # Step 8
    steps = {"v": v, "delta": delta, "sigma": sigma_new, "phi_star": phi_star, "phi": phi_new, "mu": mu_new}
    return SCALE * mu_new + CENTER, SCALE * phi_new, sigma_new, steps


def deviation_after_idle(deviation, volatility, days):
    """The package's idle growth (see the module's text): on the Glicko-2 scale, capped at 350."""
    if not days > 0:  # also NaN
        return min(deviation, MAX_DEVIATION)
    phi = deviation / SCALE
    return min(SCALE * math.sqrt(phi * phi + volatility * volatility * days), MAX_DEVIATION)


def rate_case(case):
    """One case: idle growth, then one rating period, then the package's cap."""
    volatility = float(case["volatility"])
    deviation = deviation_after_idle(float(case["deviation"]), volatility, float(case.get("idle_days", 0)))
    results = [(float(r), float(rd), float(s)) for r, rd, s in case["results"]]
    rating, deviation, volatility, _ = rating_period(float(case["rating"]), deviation, volatility, results)
    return {"rating": rating, "deviation": min(deviation, MAX_DEVIATION), "volatility": volatility}


def self_test():
    """Glickman's worked example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    rating, deviation, volatility, steps = rating_period(
        1500.0, 200.0, 0.06, [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)])
    # The paper prints g and E rounded (to 4 and 3 decimals) and carries the rounding into v and
    # delta, hence the looser tolerance on those two.
    checks = [
        ("v", steps["v"], 1.7785, 0.001),
        ("delta", steps["delta"], -0.4834, 0.001),
        ("sigma'", volatility, 0.05999, 0.00001),
        ("phi*", steps["phi_star"], 1.152862, 0.00001),
        ("phi'", steps["phi"], 0.8722, 0.0001),
        ("mu'", steps["mu"], -0.2069, 0.0001),
        ("r'", rating, 1464.06, 0.01),
        ("RD'", deviation, 151.52, 0.01),
    ]
    failed = False
    for name, got, want, tolerance in checks:
        ok = abs(got - want) < tolerance
        failed |= not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name} = {got!r} (paper: {want} ± {tolerance})")
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    cases = json.load(sys.stdin)
    json.dump([rate_case(case) for case in cases], sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
