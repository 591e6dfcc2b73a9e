// Which puzzle is today's: the same for everyone on a date, in both languages, from the date alone (FNV-1a, 32
// bits, of a text naming the date, as the daily deal's seed is made in play-share.js), and the date itself as the
// person's calendar says it.
export function dateText(now) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

export function dailyIndex(date, count) {
  let hash = 0x811c9dc5;
  for (const char of `sixcardgolf-puzzle/${date}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return count ? hash % count : -1;
}

// A move in the engine's notation ("swap 4", "draw") as the page says it: the key of its words and their numbers.
export function moveWords(action) {
  const [word, position] = action.split(" ");
  return { key: `puzzle.move.${word}`, values: position ? { n: Number(position) } : {} };
}
