// What a player wants to know about their own game, from the history (history-store.js): pure functions, no page.
// Only matches with a seat that is "you" count (against the computer and in rooms; a pass-and-play match has
// several people at one device, so it is listed but not counted as anyone's).

function holeWon(hole, seat) {
  return hole.points[seat] === Math.min(...hole.points);
}

export function historyStats(matches) {
  const mine = matches.filter((match) => match.you !== null && match.you !== undefined);
  const byPreset = new Map();
  let holes = 0;
  let won = 0;
  let pairs = 0;
  let wentOut = 0;
  let wentOutWon = 0;
  let matchesWon = 0;
  const series = []; // each match's average hole score, oldest first
  const reviews = []; // each reviewed match's accuracy, oldest first
  let good = 0;
  let choices = 0;
  for (const match of mine) {
    if (match.review) {
      good += match.review.good;
      choices += match.review.choices;
      reviews.push({ date: match.date, accuracy: match.review.good / match.review.choices });
    }
    const seat = match.you;
    if (match.winners.includes(seat)) matchesWon += 1;
    let sum = 0;
    for (const hole of match.holes) {
      const points = hole.points[seat];
      sum += points;
      holes += 1;
      pairs += hole.pairs[seat];
      if (holeWon(hole, seat)) won += 1;
      if (hole.went_out === seat) {
        wentOut += 1;
        if (holeWon(hole, seat)) wentOutWon += 1;
      }
      const preset = byPreset.get(match.preset) || { preset: match.preset, holes: 0, points: 0 };
      preset.holes += 1;
      preset.points += points;
      byPreset.set(match.preset, preset);
    }
    series.push({ date: match.date, average: sum / match.holes.length });
  }
  return {
    matches: mine.length,
    matchesWon,
    holes,
    holesWon: won,
    pairs,
    wentOut,
    wentOutWon,
    presets: [...byPreset.values()].map((p) => ({ ...p, average: p.points / p.holes })),
    series,
    reviewed: reviews.length,
    reviewAccuracy: choices ? good / choices : null,
    reviews,
  };
}
