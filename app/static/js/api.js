// Calls to the service's /v1 API (same origin). Tournaments go up as a multipart `file`, byte for byte,
// so the service detects the file's encoding itself; options go as form fields.

import { t } from "./i18n.js";

/** An error answer of the service (RFC 9457 problem+json), or a network failure. */
export class ProblemError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.name = "ProblemError";
    this.problem = problem;
    this.status = status;
  }
}

async function readAnswer(response) {
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : { detail: await response.text() };
  if (!response.ok) {
    throw new ProblemError(body && typeof body === "object" ? body : { detail: String(body) }, response.status);
  }
  return body;
}

async function send(path, init) {
  let response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: "application/json", ...(init?.headers || {}) } });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ProblemError({ detail: t("problem.network", { message: error.message }) }, 0);
  }
  return readAnswer(response);
}

export function getJson(path, signal) {
  return send(path, { method: "GET", signal });
}

/**
 * POST the tournament `source` ({blob, name}) to `path` with `fields` as form fields: a string, a number,
 * or an array (one field per element); null and undefined are left out.
 */
export function postTournament(path, source, fields = {}, signal = undefined) {
  const form = new FormData();
  form.append("file", source.blob, source.name || "tournament.trf");
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  return send(path, { method: "POST", body: form, signal });
}

/** The problem in plain words: its detail and where it is (line, column, field). */
export function describeProblem(error) {
  const problem = error instanceof ProblemError ? error.problem : { detail: String(error?.message || error) };
  const where = [];
  if (problem.line != null) where.push(t("problem.line", { line: problem.line }));
  if (problem.column != null) where.push(t("problem.column", { column: problem.column }));
  if (problem.field != null) where.push(t("problem.field", { field: problem.field }));
  return { detail: problem.detail || problem.title || "", where: where.join(", "), code: problem.code || "" };
}
