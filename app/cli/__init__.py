"""The command line: `chess-tournament COMMAND [FILE] [options]` (or `python -m app COMMAND ...`).

Each command runs the service's own operation in this process: it builds the `JobRequest` the HTTP front
would build (the file's bytes as a text/plain body, the options as the query string) and calls
`app.api.worker.execute`, then prints the answer as a table, JSON, CSV or TRF. So the command line and the
API give the same answers, and the same problems.

Exit codes, for a federation's CI: 0 done; 1 `check` found rounds that differ from the pairing rules; 2 the
input or the options were refused (the problem is printed on stderr, as the API's 4xx); 3 the engine failed
(the API's 5xx). `serve` starts the service (as `python -m app` without arguments).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.cli import render
from app.engine.messages import LANGUAGES

EXIT_OK, EXIT_DIFFERS, EXIT_BAD_INPUT, EXIT_FAILED = 0, 1, 2, 3
COMMANDS = ("standings", "compare", "pair", "check", "convert", "random", "serve")


class Answer:
    def __init__(self, status: int, media_type: str, body: bytes) -> None:
        self.status, self.media_type, self.body = status, media_type, body

    @property
    def is_json(self) -> bool:
        return self.media_type.split(";")[0].strip().endswith("json")

    def json(self) -> Any:
        return json.loads(self.body)


def run(operation: str, body: bytes, query: Sequence[tuple[str, str]], *, content_type: str = "text/plain",
        accept: str = "", accept_language: str = "") -> Answer:
    """The operation `operation` (a key of app.api.operations.HANDLERS), as the service runs it."""
    from app.api.job import JobRequest, Limits
    from app.api.worker import execute
    from app.config import settings

    job = JobRequest(operation=operation, limits=Limits.from_settings(settings), body=body,
                     content_type=content_type, query=tuple(query), accept=accept, accept_language=accept_language,
                     path=f"cli:{operation}")
    answer = execute(job)
    return Answer(answer.status, answer.media_type, answer.body)


# ---------------------------------------------------------------- arguments


def _options(pairs: Sequence[str] | None) -> list[tuple[str, str]]:
    out = []
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"chess-tournament: --set wants NAME=VALUE, got {pair!r}")
        out.append((name.strip(), value))
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chess-tournament", description="Chess tournament calculations (FIDE TRF, C.07 tie-breaks, Dutch "
        "pairings) from the command line: the service's own operations, run in this process.",
        epilog="Exit codes: 0 done, 1 check: rounds differ, 2 bad input or options, 3 engine failure.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str, formats: Sequence[str], file: bool = True) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if file:
            sub.add_argument("file", nargs="?", default="-", help="TRF, JSON form or Chess-JSON file; - or none: "
                                                                  "standard input")
        sub.add_argument("-f", "--format", choices=formats, default=formats[0], help=f"output (default {formats[0]})")
        sub.add_argument("-o", "--output", help="write to this file instead of standard output")
        sub.add_argument("--language", choices=LANGUAGES, help="explanations, warnings and problems")
        sub.add_argument("--set", action="append", metavar="NAME=VALUE", dest="options",
                         help="any option of the API operation, e.g. --set unrated_rating=1000 (repeatable)")
        return sub

    s = command("standings", "Standings with tie-breaks (POST /v1/standings)", ("table", "json", "csv"))
    s.add_argument("-t", "--tiebreaks", help="ordered specifiers, e.g. 'BH/C1 BH SB DE' (default: the file's "
                                             "212/202 record, else the recommended order)")
    s.add_argument("--preset", help="a preset id (GET /v1/presets)")
    s.add_argument("--round", type=int, help="standings after this round")
    c = command("compare", "Standings under several tie-break orders (POST /v1/standings/compare)",
                ("table", "json", "csv"))
    c.add_argument("--order", action="append", required=True, help="a tie-break list (repeat for each order)")
    p = command("pair", "Pair the next round (POST /v1/pairings)", ("table", "json", "csv", "trf"))
    p.add_argument("--round", type=int, help="round to pair (default: the first without games)")
    p.add_argument("--total-rounds", type=int, help="number of rounds of the event (else TRF 142/XXR)")
    k = command("check", "Re-pair every round and report those that differ (POST /v1/pairings/check); exit 1 if "
                         "any does", ("table", "json"))
    k.add_argument("--total-rounds", type=int, help="number of rounds of the event (else TRF 142/XXR)")
    command("convert", "Convert between TRF, the JSON form and Chess-JSON (POST /v1/convert)",
                ("auto", "json", "trf", "jch"))
    r = command("random", "A random complete Swiss paired by the engine (POST /v1/tournaments/random)",
                ("trf", "json"), file=False)
    r.add_argument("--players", type=int, required=True)
    r.add_argument("--rounds", type=int, required=True)
    r.add_argument("--seed", type=int, default=0)
    serve = commands.add_parser("serve", help="start the HTTP service (settings from CHESS_* variables)")
    serve.add_argument("--host", help="listen address (CHESS_HOST)")
    serve.add_argument("--port", type=int, help="listen port (CHESS_PORT)")
    return parser


def _read(file: str) -> bytes:
    if file == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(file).read_bytes()
    except OSError as exc:
        raise _Refused(f"chess-tournament: cannot read {file}: {exc.strerror}\n") from None


class _Refused(Exception):
    pass


# ---------------------------------------------------------------- commands


def _query(args: argparse.Namespace, **known: Any) -> list[tuple[str, str]]:
    query = [(k, str(v)) for k, v in known.items() if v is not None]
    if getattr(args, "language", None):
        query.append(("language", args.language))
    return query + _options(getattr(args, "options", None))


def _names(data: bytes) -> dict[int, str]:
    """Start number -> name, from the JSON form of the same file (the pairing answer lists numbers only)."""
    answer = run("convert", data, [("to", "json")])
    if answer.status != 200:
        return {}
    return {p["start_number"]: p.get("name", "") for p in answer.json()["tournament"]["players"]}


def _render(args: argparse.Namespace, answer: Answer, data: bytes) -> str | bytes:
    if not answer.is_json or args.format in ("json", "jch", "auto", "trf"):
        if answer.is_json:
            return json.dumps(answer.json(), ensure_ascii=False, indent=2) + "\n"
        return answer.body
    body = answer.json()
    if args.command == "standings":
        header, rows = render.standings_rows(body)
    elif args.command == "compare":
        header, rows = render.compare_rows(body)
    elif args.command == "pair":
        names = _names(data)
        header, rows = render.pairing_rows(body, names)
        bye_header, byes = render.bye_rows(body, names)
        if args.format == "csv":
            return render.csv_text(header, rows + [["", b[0], b[1], "bye", b[2], b[4]] for b in byes])
        return render.table(header, rows) + (f"\n{render.table(bye_header, byes)}" if byes else "")
    else:
        header, rows = render.check_rows(body)
        if args.format == "table" and not rows:
            return f"all {body['rounds_checked']} rounds agree with the pairing rules\n"
    return render.csv_text(header, rows) if args.format == "csv" else render.table(header, rows)


def _call(args: argparse.Namespace) -> tuple[Answer, bytes]:
    if args.command == "random":
        body = {"players": args.players, "rounds": args.rounds, "seed": args.seed, "format": args.format}
        extra = {k: _scalar(v) for k, v in _options(args.options)}
        return run("generate", json.dumps({**body, **extra}).encode(), [], content_type="application/json"), b""
    data = _read(args.file)
    if args.command == "standings":
        query = _query(args, tiebreaks=args.tiebreaks, preset=args.preset, round=args.round)
        return run("standings", data, query), data
    if args.command == "compare":
        return run("compare", data, [("orders", o) for o in args.order] + _query(args)), data
    if args.command == "pair":
        query = _query(args, round=args.round, total_rounds=args.total_rounds,
                       format="trf" if args.format == "trf" else None)
        return run("pairing", data, query), data
    if args.command == "check":
        return run("check", data, _query(args, total_rounds=args.total_rounds)), data
    return run("convert", data, _query(args, to=None if args.format == "auto" else args.format)), data


def _scalar(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _write(args: argparse.Namespace, output: str | bytes) -> None:
    raw = output.encode("utf-8") if isinstance(output, str) else output
    if args.output:
        Path(args.output).write_bytes(raw)
    else:
        sys.stdout.buffer.write(raw)
        sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "serve":
        from app.__main__ import serve_with

        serve_with(host=args.host, port=args.port)
        return EXIT_OK
    try:
        answer, data = _call(args)
    except _Refused as exc:
        sys.stderr.write(str(exc))
        return EXIT_BAD_INPUT
    if answer.status >= 400:
        problem = answer.json() if answer.is_json else {"detail": answer.body.decode("utf-8", "replace")}
        sys.stderr.write(render.problem_text(problem))
        return EXIT_BAD_INPUT if answer.status < 500 else EXIT_FAILED
    if answer.is_json:
        sys.stderr.write(render.warnings_text(answer.json()))
    _write(args, _render(args, answer, data))
    if args.command == "check" and answer.json()["discrepancies"]:
        return EXIT_DIFFERS
    return EXIT_OK


def entry_point() -> None:
    """`[project.scripts] chess-tournament`."""
    sys.exit(main())
