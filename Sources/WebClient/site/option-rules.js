// The rules that tie a game's options to its seats and to each other, as the server's
// `games` catalog declares them (Protocol.md, The game catalog): `seats`, `excludes` and
// `required_for_seats`. The new-game form follows them, so it never offers a combination
// `create` refuses. The same rules as Wire's OptionRules.swift, which the server's tests
// hold its engines to.

/** Whether an option's value counts as given: present, neither null nor false. */
export function isGiven(value) {
  return value !== undefined && value !== null && value !== false;
}

const within = (range, n) => !!range && n >= range.min && n <= range.max;

/** The first value an option allows: what the form sets where the seats need the option. */
function firstValue(option) {
  if (Array.isArray(option.values)) return option.values[0];
  if (option.type === 'integer') return option.min;
  return true;
}

/** Why `options` cannot go with each other or with `seats`, in words; null when they can. */
export function conflict(options, seats, game) {
  for (const option of game.options) {
    const given = isGiven(options[option.name]);
    if (given && option.seats && !within(option.seats, seats)) return `option '${option.name}' needs ${option.seats.min === option.seats.max ? option.seats.min : `${option.seats.min} to ${option.seats.max}`} seats`;
    const other = given ? (option.excludes || []).find((name) => isGiven(options[name])) : undefined;
    if (other) return `give option '${option.name}' or '${other}', not both`;
    if (!given && within(option.required_for_seats, seats)) return `that many seats need option '${option.name}'`;
  }
  return null;
}

/**
 * Makes `options` (name → value or null) and `seats` go together after one of them changed:
 * the field just changed keeps its value, the others give way. `changed` is the option's
 * name, or null when the seats changed. Returns the new { options, seats }.
 */
export function reconcile(options, seats, game, changed) {
  const next = { ...options };
  let count = seats;
  const named = game.options.find((o) => o.name === changed);
  if (named) {
    if (isGiven(next[changed])) {
      if (named.seats) count = Math.max(named.seats.min, Math.min(named.seats.max, count));
      for (const other of named.excludes || []) next[other] = null;
    } else if (within(named.required_for_seats, count)) {
      // Taken away where it is needed: the nearest seats that do without it.
      let best = null;
      for (let n = game.seats.min; n <= game.seats.max; n += 1) {
        if (!within(named.required_for_seats, n) && (best === null || Math.abs(n - count) < Math.abs(best - count))) best = n;
      }
      if (best !== null) count = best;
    }
  }
  for (const option of game.options) {
    if (option.name !== changed && isGiven(next[option.name]) && option.seats && !within(option.seats, count)) next[option.name] = null;
    if (!isGiven(next[option.name]) && within(option.required_for_seats, count)) next[option.name] = firstValue(option);
  }
  for (const option of game.options) {
    if (!isGiven(next[option.name])) continue;
    for (const other of option.excludes || []) if (other !== changed) next[other] = null;
  }
  return { options: next, seats: count };
}
