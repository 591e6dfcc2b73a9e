"""The strength ladder of the computer players: a benchmark, not a test.

For each preset, table size and pairing of levels A and B it plays whole
matches with sixcardgolf.simulate.play_match and reports, per level, the mean
hole score, and A's win rate with a 95% confidence interval:

  hole win rate   per hole, A's score against B's (ties count half); at four-player
                  tables (seats A B A B) every A seat is compared with every B seat
  match win rate  the same on match totals (nine holes)

Seats are rotated in duplicate: every match seed is played twice, the second
time with the levels' seats swapped, so both sides get the same deals from the
same seats (the deal of a match depends on its seed alone). The unit of the
interval is one deal played both ways, so the interval is over independent units.

A pairing passes when the lower bound of A's hole win rate is above 50%. The
cheater (it sees every card) is the upper bound. It plays Normal on the same
deals with the same seeds as Hard does, so Hard's headroom is the distance
between the two rows against Normal (a cheater-against-Hard run costs as much
as Hard's own run and says the same thing less directly).

    .venv/bin/python bench/ai_ladder.py                  # everything, 2 processes
    .venv/bin/python bench/ai_ladder.py --presets basic --pairings hard-normal --tables 2 --holes 400
    .venv/bin/python bench/ai_ladder.py --rewrite        # redraw the tables from the stored results

Results go to bench/results/ai_ladder.json (every row, with the commit it was measured at, merged with earlier runs;
the strategy page renders it in both languages) and bench/results/ai_ladder.md,
whose table is also copied into bench/results/README.md between its ai-ladder markers.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from results_file import write_atomically

from sixcardgolf import load_preset
from sixcardgolf.ai import make_player
from sixcardgolf.seeds import game_seed, policy_seed
from sixcardgolf.simulate import play_match

PRESETS = ("basic", "jokers", "four-card", "nine-card")
PAIRINGS = (("normal", "easy"), ("hard", "normal"), ("cheater", "normal"))
TABLES = (2, 4)
RESULTS = Path(__file__).resolve().parent / "results"
RUN_SEED = 20240601


def seats_for(a: str, b: str, players: int, swapped: bool) -> list[str]:
    first, second = (b, a) if swapped else (a, b)
    return [first if seat % 2 == 0 else second for seat in range(players)]


def pairwise(a_scores: list[int], b_scores: list[int]) -> float:
    """Share of (A seat, B seat) comparisons A wins, ties counting half (lower is better)."""
    outcomes = [1.0 if x < y else 0.5 if x == y else 0.0 for x in a_scores for y in b_scores]
    return sum(outcomes) / len(outcomes)


def play_deal(task: tuple[str, int, str, str, int, int]) -> dict[str, Any]:
    """One match seed played both ways: per hole and per match, A's and B's scores and A's wins."""
    preset, players, a, b, game, run_seed = task
    rules = load_preset(preset)
    seed = game_seed(run_seed, game)
    holes: list[list[float]] = [[] for _ in range(rules.holes)]
    matches: list[float] = []
    scores: dict[str, list[int]] = {a: [], b: []}
    for swapped in (False, True):
        names = seats_for(a, b, players, swapped)
        policies = [
            make_player(name, policy_seed(run_seed, game * 2 + swapped, seat)) for seat, name in enumerate(names)
        ]
        match = play_match(rules, players, seed, policies)
        a_seats = [seat for seat, name in enumerate(names) if name == a]
        b_seats = [seat for seat, name in enumerate(names) if name == b]
        regular = [record for record in match.records if not record.playoff]
        for index, record in enumerate(regular):
            holes[index].append(pairwise([record.points[s] for s in a_seats], [record.points[s] for s in b_seats]))
            scores[a].extend(record.points[s] for s in a_seats)
            scores[b].extend(record.points[s] for s in b_seats)
        totals = match.totals()
        matches.append(pairwise([totals[s] for s in a_seats], [totals[s] for s in b_seats]))
    return {
        "hole_units": [sum(pair) / len(pair) for pair in holes],
        "match_unit": sum(matches) / len(matches),
        "scores": scores,
        "holes": 2 * rules.holes,
    }


def interval(units: list[float]) -> tuple[float, float, float]:
    """The mean of `units` (shares between 0 and 1) with a normal 95% interval, kept within 0 to 1: near 100%
    the normal interval would otherwise claim more than every match."""
    mean = statistics.fmean(units)
    half = 1.96 * statistics.pstdev(units) / math.sqrt(len(units)) if len(units) > 1 else float("nan")
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def source_commit() -> str:
    """The commit the engine was measured at, marked "+changes" if the engine has uncommitted changes."""
    root = Path(__file__).resolve().parent.parent

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return commit + ("+changes" if git("status", "--porcelain", "--", "engine/sixcardgolf") else "")


def run_pairing(
    preset: str, players: int, a: str, b: str, holes: int, procs: int, run_seed: int = RUN_SEED
) -> dict[str, Any]:
    rules = load_preset(preset)
    games = math.ceil(holes / (2 * rules.holes))
    tasks = [(preset, players, a, b, game, run_seed) for game in range(games)]
    started = time.perf_counter()
    with Pool(procs) as pool:
        deals = pool.map(play_deal, tasks, chunksize=1)
    hole_units = [unit for deal in deals for unit in deal["hole_units"]]
    match_units = [deal["match_unit"] for deal in deals]
    a_scores = [s for deal in deals for s in deal["scores"][a]]
    b_scores = [s for deal in deals for s in deal["scores"][b]]
    win, low, high = interval(hole_units)
    match_win, match_low, match_high = interval(match_units)
    return {
        "preset": preset,
        "players": players,
        "a": a,
        "b": b,
        "holes": sum(deal["holes"] for deal in deals),
        "mean_a": statistics.fmean(a_scores),
        "mean_b": statistics.fmean(b_scores),
        "hole_win": [win, low, high],
        "match_win": [match_win, match_low, match_high],
        "passes": low > 0.5,
        "seconds": round(time.perf_counter() - started, 1),
        "commit": source_commit(),
    }


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def markdown(rows: list[dict[str, Any]]) -> str:
    order = {
        (p, n, a, b): i
        for i, (p, n, (a, b)) in enumerate((p, n, ab) for p in PRESETS for n in TABLES for ab in PAIRINGS)
    }
    rows = sorted(rows, key=lambda r: order.get((r["preset"], r["players"], r["a"], r["b"]), 999))
    lines = [
        "# Computer players: strength ladder",
        "",
        "Generated by `bench/ai_ladder.py` (a benchmark, not a test). Seat-rotated duplicate matches of nine holes;",
        "win rates are level A's, per hole and per match, against level B (ties count half), with 95% confidence",
        "intervals over deals played both ways. Four-player tables seat A B A B and compare every A seat with every B",
        "seat. A pairing passes when the lower bound of A's hole win rate is above 50%. The cheater sees every card",
        "(its own face-down cards and the stock order): an upper bound, never offered as a level. It plays Normal on",
        "the same deals as Hard does, so Hard's headroom is the gap between those two rows.",
        "",
        "| preset | table | A vs B | holes | mean hole score A / B | A's hole win rate (95% CI) "
        "| A's match win rate (95% CI) | passes | measured at |",
        "|---|---|---|---:|---|---|---|---|---|",
    ]
    for r in rows:
        win, low, high = r["hole_win"]
        mwin, mlow, mhigh = r["match_win"]
        verdict = "yes" if r["passes"] else "no"
        if r["a"] == "cheater":
            verdict = "(yardstick)"
        lines.append(
            f"| {r['preset']} | {r['players']} players | {r['a']} vs {r['b']} | {r['holes']} | "
            f"{r['mean_a']:.2f} / {r['mean_b']:.2f} | {pct(win)} ({pct(low)}–{pct(high)}) | "
            f"{pct(mwin)} ({pct(mlow)}–{pct(mhigh)}) | {verdict} | {r.get('commit', 'not recorded')} |"
        )
    lines.append("")
    return "\n".join(lines)


QUOTE_START, QUOTE_END = "<!-- ai-ladder:start -->", "<!-- ai-ladder:end -->"


def quote_in_readme(table_md: str, readme: Path) -> None:
    """Replace the README's quote of the ladder (between the two markers) with the table of `table_md`."""
    text = readme.read_text(encoding="utf-8") if readme.exists() else ""
    if QUOTE_START not in text or QUOTE_END not in text:
        return  # nothing to refresh: the README no longer quotes the ladder
    table = "\n".join(line for line in table_md.splitlines() if line.startswith("|"))
    head, rest = text.split(QUOTE_START, 1)
    tail = rest.split(QUOTE_END, 1)[1]
    write_atomically(readme, f"{head}{QUOTE_START}\n{table}\n{QUOTE_END}{tail}")


def publish(rows: list[dict[str, Any]], out: Path) -> None:
    """The Markdown table of `rows` to `out` and into the quote in the README beside it (the JSON store is written
    apart)."""
    table = markdown(rows)
    write_atomically(out, table)
    quote_in_readme(table, out.parent / "README.md")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--pairings", default=",".join(f"{a}-{b}" for a, b in PAIRINGS))
    parser.add_argument("--tables", default=",".join(map(str, TABLES)))
    parser.add_argument("--holes", type=int, default=2000, help="at least this many holes per pairing")
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=RESULTS / "ai_ladder.md")
    parser.add_argument("--rewrite", action="store_true", help="play nothing: rewrite the tables from the results")
    args = parser.parse_args(argv)
    store = args.out.with_suffix(".json")
    rows: list[dict[str, Any]] = json.loads(store.read_text()) if store.exists() else []
    if args.rewrite:
        publish(rows, args.out)
        return 0
    for preset in args.presets.split(","):
        for players in map(int, args.tables.split(",")):
            for pairing in args.pairings.split(","):
                a, b = pairing.split("-")
                row = run_pairing(preset, players, a, b, args.holes, args.procs)
                rows = [r for r in rows if (r["preset"], r["players"], r["a"], r["b"]) != (preset, players, a, b)]
                rows.append(row)
                win, low, high = row["hole_win"]
                print(
                    f"{preset:10} {players}p {a:>7} vs {b:<7} holes {row['holes']:5}  mean {row['mean_a']:.2f} / "
                    f"{row['mean_b']:.2f}  hole win {pct(win)} ({pct(low)}-{pct(high)})  {row['seconds']}s",
                    flush=True,
                )
                write_atomically(store, json.dumps(rows, indent=1) + "\n")
                publish(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
