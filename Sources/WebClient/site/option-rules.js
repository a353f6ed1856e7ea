// The catalog's rules tying options to seats and to each other (Protocol.md, The game
// catalog), as Wire's OptionRules.swift has them: the form follows them, so Create never
// sends what the server refuses.

/** Given: present, neither null nor false. */
const isGiven = (v) => v !== undefined && v !== null && v !== false;
const within = (r, n) => !!r && n >= r.min && n <= r.max;
const first = (o) => (Array.isArray(o.values) ? o.values[0] : o.type === 'integer' ? o.min : true);

/**
 * `options` and `seats` made to go together after `changed` (an option's name, or null for
 * the seats) changed: it keeps its value, the others give way. Returns { options, seats }.
 */
export function reconcile(options, seats, game, changed) {
  const next = { ...options };
  const named = game.options.find((o) => o.name === changed);
  if (named && isGiven(next[changed])) {
    if (named.seats) seats = Math.max(named.seats.min, Math.min(named.seats.max, seats));
    for (const n of named.excludes || []) next[n] = null;
  } else if (named && within(named.required_for_seats, seats)) {
    // Taken away where it is needed: the nearest seats that do without it.
    let best = null;
    for (let n = game.seats.min; n <= game.seats.max; n += 1) {
      if (!within(named.required_for_seats, n) && (best === null || Math.abs(n - seats) < Math.abs(best - seats))) best = n;
    }
    if (best !== null) seats = best;
  }
  for (const o of game.options) {
    if (o.name !== changed && isGiven(next[o.name]) && o.seats && !within(o.seats, seats)) next[o.name] = null;
    if (!isGiven(next[o.name]) && within(o.required_for_seats, seats)) next[o.name] = first(o);
  }
  for (const o of game.options) {
    if (isGiven(next[o.name])) for (const n of o.excludes || []) if (n !== changed) next[n] = null;
  }
  return { options: next, seats };
}
