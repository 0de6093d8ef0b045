// What the page checks in the answers before showing them, to say what would otherwise go unnoticed: a file
// that does not name its system but whose games make a complete round robin, a tie-break column undefined
// for everybody, a participant that is a placeholder for byes rather than a player. Only the page's own
// notices are made here; the service's warnings are shown as they come.

import { folded } from "./format.js";

/**
 * "round-robin" or "double-round-robin" when every two participants of `tournament` (readTournament) met
 * exactly once (twice) over the board or by forfeit, and nobody met anybody more often; else null.
 * Only a complete round robin is recognised: part of one cannot be told from a Swiss.
 */
export function roundRobinByGames(tournament) {
  const players = tournament.players;
  const n = players.length;
  if (n < 3) return null;
  const index = new Map(players.map((player, i) => [player.number, i]));
  const met = new Map();
  for (const player of players) {
    for (const game of player.rounds) {
      const other = index.get(game.opponent);
      if (other === undefined) continue;
      const mine = index.get(player.number);
      if (mine >= other) continue; // each game once, from the lower index
      const key = mine * n + other;
      met.set(key, (met.get(key) || 0) + 1);
    }
  }
  if (met.size !== (n * (n - 1)) / 2) return null;
  const counts = new Set(met.values());
  if (counts.size !== 1) return null;
  const [times] = counts;
  return times === 1 ? "round-robin" : times === 2 ? "double-round-robin" : null;
}

const PLACEHOLDER_NAMES = new Set([
  "spielfrei", "freilos", "frei", "bye", "pauze", "pause", "vrij", "libre", "exempt", "descanso", "dummy",
  "bye player", "no opponent", "free", "轮空", "空",
]);

/** Participants whose name is a placeholder for byes ("spielfrei", "bye", "pauze", ...) and who have no rating. */
export function placeholders(tournament) {
  return tournament.players.filter((player) => player.rating === null
    && PLACEHOLDER_NAMES.has(folded(player.name).replace(/[\s._*()[\]-]+/g, " ").trim()));
}

/** The tie-breaks of `view` (readStandings) whose value is undefined for every entry. */
export function undefinedColumns(view) {
  if (view.entries.length === 0) return [];
  return view.tiebreaks.filter((_, k) => view.entries.every((entry) => entry.values[k] === null));
}

/** Whether the service already warned about `spec` being undefined for everybody (then the page says nothing). */
export function serviceWarnedUndefined(warnings, spec) {
  return warnings.some((warning) => /undefined/i.test(warning.code)
    && (warning.field === spec || warning.message.includes(spec)));
}
