// Small DOM helpers. Text always goes in as text nodes (never HTML), so nothing a
// player typed can become markup.

/** Makes an element: h('button', {class: 'x', onclick: f}, 'text', child, …). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Makes an SVG element with the same rules. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'class') {
      el.className = v;
    } else if (k === 'text') {
      el.textContent = v;
    } else if (k in el && typeof v !== 'string' && k !== 'style') {
      el[k] = v;
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** "ann, bob and carl". */
export function listWords(names) {
  if (names.length <= 1) return names.join('');
  return names.slice(0, -1).join(', ') + ' and ' + names[names.length - 1];
}

/** A count and its noun: 1 → "1 move", 3 → "3 moves" (nouns whose plural adds an s). */
export function counted(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Points as a score shows them: 3 → "+3", -5 → "−5" (a minus sign, as wide as the plus). */
export function signed(n) {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** 83 s → "1:23". */
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Time gone by, as a stopwatch shows it (the whole seconds passed): 83.9 s → "1:23". */
export function stopwatch(ms) {
  return clock(ms - (ms % 1000));
}

/** A duration for records: "4 min 12 s", "38 s". */
export function duration(ms) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
