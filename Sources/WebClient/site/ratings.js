// Ratings as the server sends them (Protocol.md, Ratings): beside a name, a game's change at
// its end, and an account's history drawn as a chart. Nothing here computes a rating.

import { h, svg } from './dom.js';

/** 1662.3 and provisional → "1662?" (a provisional rating is still uncertain: lichess's "?"). */
export function ratingText(rating, provisional) {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** 162.3 → "+162", -162.3 → "−162" (a minus sign), rounded alike either way; 0.3 → "±0". */
export function diffText(diff) {
  const n = Math.round(Math.abs(diff));
  if (n === 0) return '±0';
  return `${diff > 0 ? '+' : '\u2212'}${n}`;
}

/**
 * The rating shown beside a seated player: the change a game that just ended sent, when there
 * is one (the state that ends a game still carries the ratings it began with), else the
 * state's own; null for a guest, a robot, or a casual room.
 */
export function playerRating(state, gameOver, name) {
  const change = state && state.phase === 'over' && gameOver && gameOver.ratings && gameOver.ratings[name];
  if (change) return { rating: change.after, provisional: change.provisional };
  const p = state && state.players.find((x) => x.name === name);
  return p && typeof p.rating === 'number' ? { rating: p.rating, provisional: !!p.provisional } : null;
}

/** A rating as an element beside a name, or null when the player has none. */
export function ratingBadge(r) {
  if (!r) return null;
  return h('span', { class: 'rating', title: r.provisional ? `rating ${r.rating.toFixed(1)}, provisional` : `rating ${r.rating.toFixed(1)}` },
    ratingText(r.rating, r.provisional));
}

/** A rated game's `game_over.ratings` as a list, the viewer's own line emphasised. */
export function ratingChanges(ratings, me) {
  return h('ul', { class: 'ratingchanges', id: 'rating-changes', 'aria-label': 'rating changes' },
    Object.entries(ratings).map(([name, c]) => h('li', {
      class: name === me ? 'mine' : '',
      'data-name': name,
      title: `${c.before.toFixed(1)} → ${c.after.toFixed(1)} (${c.diff > 0 ? '+' : ''}${c.diff.toFixed(1)}), deviation ${c.deviation.toFixed(1)}`,
    },
    name, ' ', ratingText(c.after, c.provisional), ' ',
    h('span', { class: c.diff > 0 ? 'up' : c.diff < 0 ? 'down' : '' }, `(${diffText(c.diff)})`))));
}

// The chart's box, in the SVG's own units; it scales to the width it is given.
const W = 360, H = 164;
const PAD = { left: 44, right: 14, top: 12, bottom: 28 };

/**
 * A small line chart of a rating's history (`stats.ratings[game]`): x the rated game's number,
 * y the rating after it, a shaded band of rating ± deviation around the line.
 * - Parameters: `title` the game's title; `r` the game's entry of `stats.ratings`.
 */
export function ratingChart(title, r) {
  const points = r.history;
  const n = points.length;
  const first = r.games - n + 1; // the number of the oldest game shown (the server keeps 30)
  const start = points[0].rating - points[0].diff;
  const label = `${title} rating over the last ${n === 1 ? 'rated game' : `${n} rated games`}: ${Math.round(start)} to ${Math.round(points[n - 1].rating)}`;

  // The band's extent, widened to round numbers: at most four steps between gridlines.
  const min = Math.min(...points.map((p) => p.rating - p.deviation));
  const max = Math.max(...points.map((p) => p.rating + p.deviation));
  const step = [25, 50, 100, 200, 250, 500, 1000].find((d) => Math.ceil(max / d) - Math.floor(min / d) <= 4) || 2000;
  const lo = Math.floor(min / step) * step;
  const hi = Math.max(Math.ceil(max / step) * step, lo + step);
  const plotW = W - PAD.left - PAD.right, plotH = H - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (n === 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v) => PAD.top + ((hi - v) * plotH) / (hi - lo);
  const at = (i, v) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;

  const ticks = Array.from({ length: Math.round((hi - lo) / step) + 1 }, (_, i) => lo + i * step);
  const grid = ticks.map((v) => [
    svg('line', { class: 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v).toFixed(1), y2: y(v).toFixed(1) }),
    svg('text', { x: PAD.left - 6, y: (y(v) + 4).toFixed(1), 'text-anchor': 'end' }, String(v)),
  ]);
  const band = n === 1
    ? svg('rect', { class: 'band', x: x(0) - 8, width: 16, y: y(points[0].rating + points[0].deviation).toFixed(1),
      height: (y(points[0].rating - points[0].deviation) - y(points[0].rating + points[0].deviation)).toFixed(1) })
    : svg('polygon', { class: 'band', points: [
      ...points.map((p, i) => at(i, p.rating + p.deviation)),
      ...points.map((p, i) => at(i, p.rating - p.deviation)).reverse()].join(' ') });
  const line = n > 1 ? svg('polyline', { class: 'line', points: points.map((p, i) => at(i, p.rating)).join(' ') }) : null;
  const dots = points.map((p, i) => svg('circle', { class: 'pt', cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3.5 },
    svg('title', {}, `game ${first + i}, ${new Date(p.ended_ms).toLocaleDateString()}: ${Math.round(p.rating)} (${diffText(p.diff)}), deviation ${Math.round(p.deviation)}`)));
  const xLabels = n === 1
    ? [svg('text', { x: x(0), y: H - 8, 'text-anchor': 'middle' }, `game ${first}`)]
    : [svg('text', { x: x(0), y: H - 8, 'text-anchor': 'start' }, `game ${first}`),
      svg('text', { x: x(n - 1), y: H - 8, 'text-anchor': 'end' }, `game ${r.games}`)];
  return svg('svg', { class: 'ratingchart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, 'data-points': n },
    svg('title', {}, label), grid, band, line, dots, xLabels);
}
