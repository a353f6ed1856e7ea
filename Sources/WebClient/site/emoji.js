// Whether this browser draws the page's emoji (rps signs, Concentration faces, replay
// buttons); where it cannot (no emoji font: boxes), <html> gets `no-emoji` and the views
// draw a lettered or drawn form instead. Each probe is drawn in black: an emoji font paints
// its own colours, a missing glyph (a box, hex digits, nothing) only the fill colour. 🪦
// is grey in emoji fonts, so it must differ from a code point no font has (U+0378).

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
