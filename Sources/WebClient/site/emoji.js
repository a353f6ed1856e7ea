// Whether this browser can draw the page's emoji (rps signs, Concentration faces, the replay
// buttons). Where no emoji font is installed (a bare Linux, an old Windows) they came out as
// empty boxes; then <html> gets the class `no-emoji` and the views draw a lettered or drawn
// form of each face instead.
//
// How it is told: each probe is drawn in black on a transparent canvas. An emoji font paints
// colours of its own; what a browser draws for a glyph it lacks (a box, a box of hex digits,
// or nothing) is in the fill colour only, grey at its antialiased edges. So a probe with
// coloured pixels was drawn by an emoji font, however this browser draws a missing glyph.
// A black-and-white symbol font fails the test too, on purpose: it has some faces and not
// others, and its outlines of 24 animals are no easier to tell apart than words.
// The newest face the themes use, 🪦 (Emoji 13), is grey stone in the emoji fonts, so
// colour cannot tell it from a box: it must differ from the drawing of a code point no font
// has (U+0378), or an emoji font older than it would leave Halloween with a box.

const COLOURFUL = ['✊', '⏮', '🛹'];
const NEWEST = '🪦';
const NO_GLYPH = '\u0378';
const SIZE = 40;

let drawn = null;

/** Whether emoji come out as emoji here (tested once, on first use). */
export function emojiDrawn() {
  if (drawn === null) drawn = probe();
  return drawn;
}

/** Sets `no-emoji` on <html> where emoji would be boxes (the style sheet and the tests read it). */
export function markEmoji() {
  document.documentElement.classList.toggle('no-emoji', !emojiDrawn());
}

function probe() {
  const g = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!g) return true; // no canvas to ask: the emoji, as before
  g.canvas.width = g.canvas.height = SIZE;
  const pixels = (text) => {
    g.clearRect(0, 0, SIZE, SIZE);
    g.font = '32px system-ui, sans-serif';
    g.textBaseline = 'top';
    g.fillStyle = '#000';
    g.fillText(text, 2, 2);
    return g.getImageData(0, 0, SIZE, SIZE).data;
  };
  const coloured = (px) => {
    for (let i = 0; i < px.length; i += 4) {
      if (px[i + 3] > 64 && Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 48) return true;
    }
    return false;
  };
  if (!COLOURFUL.every((text) => coloured(pixels(text)))) return false;
  const newest = pixels(NEWEST);
  const missing = pixels(NO_GLYPH);
  return newest.some((v, i) => v !== missing[i]);
}
