"""Chess-JSON (JCH), the JSON format of the FIDE Technical Commission's tools, read and written.

The layout is the one the TEC reference converter (TieBreakServer, `trf2json`) makes from a TRF: an
`Event` with its `profiles` (one per person), `teams` and `tournaments`; a tournament has
`competitors` (`cid` = start number; in a team event the teams, with their players in `cplayers`),
a `gameList` (`white`, `black`, `wResult`, `bResult`, `played`, `rated`, `board`), a `matchList` for
team events and a `scoreSystem` (result letter -> points). docs/chess-json.md maps every field.

Writing follows the reference field by field: the same fields, the same ids given in the same order
(arbiters; each player's profile followed by the games first met on his line; teams; matches), the
same board numbers. One deliberate difference: points are JSON numbers with a decimal point (`3.5`,
`1.0`), where the reference quotes them as strings, which its own reader cannot read back (measured:
its tie-break checker stops with a type error on quoted points, and on whole numbers such as `1`, and
reads the same file with `1.0`). Hence our own number helper here rather than the JSON form's.

What the standard fields cannot express (a forfeit without an opponent, texts as written, records
the format has no place for) goes into the tournament's `other` object under `chess-tournament`, as
the JSON form's values (docs/json-format.md) that differ from what the standard fields give: reading
our own output back is lossless, and a file from another tool is read from its standard fields.
"""

from app.formats.chess_json.common import EXTENSION, FILETYPE, ORIGIN, VERSION, ChessJsonDocument, is_chess_json
from app.formats.chess_json.reader import read_chess_json
from app.formats.chess_json.writer import write_chess_json

__all__ = ["EXTENSION", "FILETYPE", "ORIGIN", "VERSION", "ChessJsonDocument", "is_chess_json", "read_chess_json",
           "write_chess_json"]
