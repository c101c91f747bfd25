// The harness `paxc bench --peer PEER` runs under node to time another engine of Pax Pamir
// beside paxc, the same way each time (README, Figures: "A peer engine").
//
//   node peer_bench.mjs PEER --players N --seconds S --seed SEED
//
// PEER is a JavaScript module (ES or CommonJS) that exports
//
//   playRandomGame({ players, seed })  ->  { decisions }
//
// which plays one whole game of `players` seats, every decision taken uniformly at random by
// the peer's own generator seeded with `seed`, and returns how many decisions were taken.
// The harness plays games with seeds seed, seed + 1, ... for S seconds (after one game to warm
// up), then prints one line of JSON on stdout:
//
//   {"games": G, "decisions": D, "seconds": T, "games_per_second": G/T, "decisions_per_second": D/T}
//
// Anything wrong (no such module, no such function, a game that returns no count) is one line
// on stderr and exit status 1.

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

function fail(message) {
  process.stderr.write(`peer_bench: ${message}\n`);
  process.exit(1);
}

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value < 0) fail(`${name} needs a number, not ${process.argv[at + 1]}`);
  return value;
}

const path = process.argv[2];
if (!path || path.startsWith("--")) fail("usage: node peer_bench.mjs PEER --players N --seconds S --seed SEED");
const players = option("--players", 2);
const seconds = option("--seconds", 2);
let seed = option("--seed", 1);

let peer;
try {
  peer = await import(pathToFileURL(resolve(path)).href);
} catch (error) {
  fail(`cannot load ${path}: ${error.message}`);
}
const play = peer.playRandomGame ?? peer.default?.playRandomGame;
if (typeof play !== "function") fail(`${path} exports no function playRandomGame`);

function one() {
  const result = play({ players, seed });
  seed += 1;
  const decisions = result?.decisions;
  if (!Number.isInteger(decisions) || decisions < 0) fail(`playRandomGame returned no whole count of decisions`);
  return decisions;
}

one(); // warm-up: the engine's code compiled, its tables built
let games = 0;
let decisions = 0;
const started = process.hrtime.bigint();
let elapsed = 0;
do {
  decisions += one();
  games += 1;
  elapsed = Number(process.hrtime.bigint() - started) / 1e9;
} while (elapsed < seconds);
process.stdout.write(
  JSON.stringify({
    games,
    decisions,
    seconds: elapsed,
    games_per_second: games / elapsed,
    decisions_per_second: decisions / elapsed,
  }) + "\n",
);
