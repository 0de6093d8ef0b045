"""Every text the API layer writes, in English and Chinese, keyed by problem code, message id or warning code.

- `PROBLEMS`: each problem code the service answers with: its HTTP status(es), a title and a description
  (the page GET /problems/{code} shows, the `title` of a problem answer).
- `DETAILS`: the `detail` templates of the problems the API layer raises itself (`str.format` placeholders,
  the same in every language), by message id (`<code>` or `<code>.<case>`).
- `WARNINGS`: what each warning code means, for warnings whose message the engine writes in English only:
  in Chinese a warning's message is this text followed by the engine's message.

Kept in one module so that the texts can move into the engine's message catalogues as they are, and a test
(tests/test_problem_types.py) checks that every code raised anywhere in app/ is listed here, in every language.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.messages import LANGUAGES

__all__ = ["DETAILS", "LANGUAGES", "PROBLEMS", "WARNINGS", "ProblemText"]


@dataclass(frozen=True)
class ProblemText:
    statuses: tuple[int, ...]
    title: dict[str, str]
    about: dict[str, str]


def _p(statuses: int | tuple[int, ...], title_en: str, title_zh: str, about_en: str, about_zh: str) -> ProblemText:
    return ProblemText(statuses if isinstance(statuses, tuple) else (statuses,),
                       {"en": title_en, "zh": title_zh}, {"en": about_en, "zh": about_zh})


PROBLEMS: dict[str, ProblemText] = {
    # ---- the request as HTTP
    "not-found": _p(404, "Not found", "未找到", "No resource at this path (see the OpenAPI document at /openapi.json).",
                    "此路径下没有资源（参见 /openapi.json 中的 OpenAPI 文档）。"),
    "method-not-allowed": _p(405, "Method not allowed", "方法不允许",
                             "The path exists but not with this HTTP method.", "此路径存在，但不支持该 HTTP 方法。"),
    "not-acceptable": _p(406, "Not acceptable", "无法提供所需格式",
                         "The Accept header names no media type the operation can produce; the problem lists the ones "
                         "it can.", "Accept 请求头中没有该操作能生成的媒体类型；问题详情列出了可用的类型。"),
    "request-timeout": _p(408, "Request timeout", "请求超时",
                          "The request head or body did not arrive within CHESS_READ_TIMEOUT seconds; the connection "
                          "is closed.", "请求头或请求体未在 CHESS_READ_TIMEOUT 秒内到达；连接已关闭。"),
    "payload-too-large": _p(413, "Payload too large", "请求体过大",
                            "The request body or the uploaded file is larger than CHESS_MAX_UPLOAD_BYTES.",
                            "请求体或上传的文件超过 CHESS_MAX_UPLOAD_BYTES。"),
    "invalid-content-length": _p(400, "Bad request", "请求错误", "The Content-Length header is not a number.",
                                 "Content-Length 请求头不是数字。"),
    "invalid-query": _p(400, "Bad request", "请求错误", "The query string is not UTF-8 after percent-decoding.",
                        "查询字符串在百分号解码后不是 UTF-8。"),
    "unsupported-media-type": _p(415, "Unsupported media type", "不支持的媒体类型",
                                 "The Content-Type of the body is not one the operation reads (see its request body "
                                 "in the OpenAPI document).", "请求体的 Content-Type 不是该操作可读取的类型（参见 "
                                 "OpenAPI 文档中的请求体说明）。"),
    "http-error": _p((400, 404, 405, 413), "HTTP error", "HTTP 错误", "An error of the HTTP layer.", "HTTP 层的错误。"),
    # ---- the body and its options
    "invalid-json": _p(400, "Invalid JSON", "JSON 无效", "The body (or the uploaded file) is not valid JSON.",
                       "请求体（或上传的文件）不是有效的 JSON。"),
    "json-too-deep": _p(422, "JSON nested too deeply", "JSON 嵌套过深",
                        "The JSON is nested deeper than CHESS_MAX_JSON_DEPTH levels.",
                        "JSON 的嵌套层数超过 CHESS_MAX_JSON_DEPTH。"),
    "invalid-text": _p(422, "Invalid text", "文本无效",
                       "A text holds a lone surrogate or a control character (tabs and line breaks are allowed only in "
                       "TRF text); `field` names it.", "文本中含有孤立代理项或控制字符（只有 TRF 文本可含制表符和换行）；"
                       "`field` 指出所在字段。"),
    "invalid-request": _p(422, "Invalid request", "请求无效",
                          "An option or a member of the body has a wrong type or value; `field` names the first and "
                          "`errors` lists them all.", "某个选项或请求体成员的类型或取值有误；`field` 指出第一个，"
                          "`errors` 列出全部。"),
    "bare-tournament": _p(422, "Tournament not wrapped", "赛事未包装",
                          "The JSON body is a tournament itself: send it as `{\"tournament\": {...}}`, with the "
                          "options (tie-breaks, round, ...) beside it.", "JSON 请求体本身就是赛事：请以 "
                          "`{\"tournament\": {...}}` 的形式发送，选项（破同分规则、轮次等）放在它旁边。"),
    "invalid-multipart": _p(400, "Bad request", "请求错误", "The multipart body cannot be read.",
                            "无法读取 multipart 请求体。"),
    "too-many-fields": _p(422, "Too many form fields", "表单字段过多", "The multipart body has more than 100 fields.",
                          "multipart 请求体的字段超过 100 个。"),
    "too-many-files": _p(422, "Too many files", "文件过多", "Send one tournament file, in the form field `file`.",
                         "请只发送一个赛事文件，放在表单字段 `file` 中。"),
    "missing-file": _p(422, "Missing file", "缺少文件",
                       "A multipart request carries the tournament in the form field `file`.",
                       "multipart 请求须在表单字段 `file` 中携带赛事文件。"),
    "missing-tournament": _p(422, "Missing tournament", "缺少赛事",
                             "The request carries no tournament: send `tournament` (JSON form), `trf` (TRF text), a "
                             "`file` upload or a text/plain TRF body.", "请求中没有赛事：请发送 `tournament`（JSON "
                             "形式）、`trf`（TRF 文本）、上传 `file`，或以 text/plain 发送 TRF。"),
    "specifier-too-long": _p(422, "Tie-break specifier too long", "破同分规则写法过长",
                             "A tie-break specifier has more than 48 characters or more than 10 modifiers; `field` "
                             "names it.", "某个破同分规则写法超过 48 个字符或 10 个修饰符；`field` 指出是哪一个。"),
    "too-many-tiebreaks": _p(422, "Too many tie-breaks", "破同分规则过多",
                             "The tie-break list is longer than CHESS_MAX_TIEBREAKS.", "破同分规则列表超过 "
                             "CHESS_MAX_TIEBREAKS。"),
    "invalid-input": _p(422, "Invalid input", "输入无效",
                        "The engine cannot use the input as given (an unknown tie-break, an impossible option, a "
                        "tournament that contradicts itself); `detail` and `field` say what.",
                        "引擎无法按原样使用该输入（未知的破同分规则、不可能的选项、自相矛盾的赛事）；`detail` 和 "
                        "`field` 说明原因。"),
    # ---- reading a tournament
    "trf-parse-error": _p(422, "TRF cannot be read", "无法读取 TRF",
                          "A TRF line cannot be read; `line`, `column` and `text` name it.",
                          "某一行 TRF 无法读取；`line`、`column` 和 `text` 指出位置。"),
    "not-trf": _p(422, "Not a TRF file", "不是 TRF 文件", "The file has no TRF player line (001).",
                  "文件中没有 TRF 选手行（001）。"),
    "empty-file": _p(422, "Empty file", "空文件", "The file is empty.", "文件为空。"),
    "binary-file": _p(422, "Binary file", "二进制文件", "The file is not text (a PDF, a spreadsheet, a zip...).",
                      "文件不是文本（PDF、电子表格、压缩包等）。"),
    "too-many-players": _p(413, "Too many players", "选手过多", "The tournament has more players than CHESS_MAX_PLAYERS.",
                           "赛事的选手数超过 CHESS_MAX_PLAYERS。"),
    "too-many-rounds": _p(422, "Too many rounds", "轮次过多", "The tournament has more rounds than CHESS_MAX_ROUNDS.",
                          "赛事的轮次超过 CHESS_MAX_ROUNDS。"),
    "invalid-field": _p(422, "Invalid field", "字段无效", "A field of the tournament has a value that cannot be used; "
                        "`field` (or `line` and `column`) names it.", "赛事中某字段的值无法使用；`field`（或 `line` "
                        "与 `column`）指出位置。"),
    "missing-field": _p(422, "Missing field", "缺少字段", "A field the tournament needs is missing; `field` names it.",
                        "赛事缺少必需的字段；`field` 指出是哪一个。"),
    "unknown-opponent": _p(422, "Unknown opponent", "未知对手", "A game names an opponent who is not in the tournament.",
                           "某局棋的对手不在赛事名单中。"),
    "duplicate-start-number": _p(422, "Duplicate start number", "序号重复", "Two players have the same start number.",
                                 "两名选手的序号相同。"),
    "missing-start-number": _p(422, "Missing start number", "缺少序号",
                               "Some players of the JSON form have a start number and others none: give one to "
                               "every player or to none (then the list's order numbers them).",
                               "JSON 形式中部分选手有序号、部分没有：请给每名选手都写上序号，或都不写（按列表顺序编号）。"),
    "duplicate-participant-id": _p(422, "Duplicate participant id", "参赛者标识重复",
                                   "Two players of the JSON form have the same `id`.",
                                   "JSON 形式中两名选手的 `id` 相同。"),
    "unknown-participant": _p(422, "Unknown participant", "未知参赛者",
                              "A game of the JSON form names a participant (start number or id) who is not in the "
                              "tournament; `field` names the game.",
                              "JSON 形式中某局棋提到的参赛者（序号或标识）不在赛事中；`field` 指出是哪一局。"),
    "conflicting-entries": _p(422, "Conflicting entries", "记录冲突",
                              "A player has two different entries for one round (in the games of the round and in "
                              "the player's own rounds, or twice in a round); `field` names the second.",
                              "某选手在同一轮有两条不同的记录（轮次对局与选手自己的轮次记录，或同一轮出现两次）；"
                              "`field` 指出第二条。"),
    "unknown-match-rule": _p(422, "Unknown match rule", "未知的对局规则",
                             "The rule that decides a round played as a match of several games is not one the "
                             "service knows; `detail` lists them.", "决定多局对抗轮次结果的规则无法识别；`detail` "
                             "列出可用的规则。"),
    "invalid-match": _p(422, "Invalid match", "对抗无效",
                        "A round played as a match of several games cannot be one (no games, a bye among them, too "
                        "many games for a best of 3, forfeits only and even); `field` names it.",
                        "某个多局对抗的轮次不成立（没有对局、其中有轮空、三局两胜超过三局、全部弃权且不分胜负）；"
                        "`field` 指出位置。"),
    "match-result-mismatch": _p(422, "Match result mismatch", "对抗结果不符",
                                "The result or colour given for a round played as a match differs from what its "
                                "games give under the match rule; `field` names it.",
                                "某个多局对抗轮次给出的结果或颜色与按对抗规则由其各局得出的不同；`field` 指出位置。"),
    "control-character": _p(422, "Control character in a TRF line", "TRF 行中含控制字符",
                            "A TRF line holds a control character, a line separator or a lone surrogate, which no "
                            "TRF field may hold; `line`, `column` and `text` name it.",
                            "某行 TRF 含有控制字符、行分隔符或孤立代理项，任何 TRF 字段都不能包含；`line`、"
                            "`column` 和 `text` 指出位置。"),
    "self-pairing": _p(422, "Self-pairing", "自己对自己", "A player is paired against themself.",
                       "某名选手被编排与自己对局。"),
    "unsupported-version": _p(422, "Unsupported version", "不支持的版本",
                              "The JSON form's `version` is not one this service reads (1).",
                              "JSON 形式的 `version` 不是本服务可读取的版本（1）。"),
    "rating-out-of-range": _p(422, "Rating out of range", "等级分超出范围", "A rating is outside 0..4000.",
                              "等级分不在 0 到 4000 之间。"),
    "number-too-long": _p(422, "Number too long", "数字过长", "A number in the file has too many digits.",
                          "文件中的某个数字位数过多。"),
    "jch-error-status": _p(422, "Chess-JSON file with an error", "Chess-JSON 文件带有错误",
                           "The Chess-JSON file's `status` reports an error.", "Chess-JSON 文件的 `status` 报告了错误。"),
    "draw-not-allowed": _p(422, "Draw not allowed", "不允许和棋",
                           "The scoring preset's game has no draws, but the tournament has a drawn game.",
                           "计分预设对应的棋类没有和棋，但赛事中有和局。"),
    # ---- pairing
    "no-valid-pairing": _p(422, "No valid pairing", "无合法编排",
                           "No pairing satisfies the absolute criteria (C.04.3 1.9): the arbiter decides.",
                           "没有满足绝对条件的编排（C.04.3 1.9）：由裁判长决定。"),
    "round-out-of-sequence": _p(422, "Round out of sequence", "轮次顺序不对",
                                "The round asked for is not the next one to pair; `detail` names it.",
                                "所请求的轮次不是下一轮；`detail` 指出应编排的轮次。"),
    "round-already-paired": _p(422, "Round already paired", "该轮已编排",
                               "The round is already paired in the file (with results, or a later round is "
                               "paired); the pairing checker audits recorded rounds.",
                               "文件中该轮已经编排（已有结果，或更后的轮次已编排）；已记录的轮次请用编排检查。"),
    "not-a-swiss-tournament": _p(422, "Not a Swiss tournament", "不是瑞士制赛事",
                                 "The tournament is not one the Swiss systems pair (a round robin: use "
                                 "system=berger; teams: /v1/team-pairings).",
                                 "该赛事不是瑞士制可编排的赛事（循环赛请用 system=berger；团体赛请用 "
                                 "/v1/team-pairings）。"),
    "team-tournament": _p(422, "Team tournament", "团体赛事", "A team tournament is paired with POST "
                          "/v1/team-pairings.", "团体赛事请用 POST /v1/team-pairings 编排。"),
    "unsupported-system": _p(422, "Unsupported pairing system", "不支持的编排制度",
                             "The pairing system asked for or declared is not one this service pairs; `detail` "
                             "lists those it can.", "所请求或声明的编排制度本服务无法编排；`detail` 列出可用的制度。"),
    "unsupported-option": _p(422, "Option not offered by this system", "该编排制度不提供此选项",
                             "The pairing system does not offer an option the request sets (for example club "
                             "avoidance outside the Dutch system); `field` names it.",
                             "所选编排制度不提供请求中设置的选项（例如荷兰制以外的避同队）；`field` 指明该选项。"),
    "rating-required": _p(422, "Rating required", "需要等级分",
                          "The pairing system pairs by rating (Dubov) and a player has none.",
                          "该编排制度按等级分编排（杜波夫制），但有选手没有等级分。"),
    # ---- the answer and the engine
    "response-too-large": _p(413, "Response too large", "结果过大",
                             "The answer would be larger than CHESS_MAX_RESPONSE_BYTES; the detail says what to ask "
                             "for instead.", "结果将超过 CHESS_MAX_RESPONSE_BYTES；详情说明可以改为请求什么。"),
    "too-complex": _p(422, "Input too complex", "输入过于复杂", "The input is nested or linked too deeply to be processed.",
                      "输入的嵌套或关联层次过深，无法处理。"),
    "out-of-memory": _p(507, "Insufficient storage", "内存不足",
                        "The job needed more memory than an engine process may use (CHESS_MAX_JOB_MEMORY_MB).",
                        "该任务所需内存超过引擎进程的上限（CHESS_MAX_JOB_MEMORY_MB）。"),
    "busy": _p(503, "Service busy", "服务繁忙", "Every engine process is taken and the queue is full; retry after "
               "`Retry-After` seconds.", "所有引擎进程都在工作且队列已满；请在 `Retry-After` 秒后重试。"),
    "engine-failed": _p(503, "Engine process failed", "引擎进程失败",
                        "The engine process ended unexpectedly and has been replaced; retry with a smaller request.",
                        "引擎进程意外退出，已被替换；请用较小的请求重试。"),
    "engine-unavailable": _p(503, "Engine unavailable", "引擎不可用", "The engine pool is restarting; retry shortly.",
                             "引擎进程池正在重启；请稍后重试。"),
    "timeout": _p(504, "Timeout", "超时", "The operation took longer than CHESS_REQUEST_TIMEOUT seconds (queueing "
                  "included); its process was stopped.", "该操作耗时超过 CHESS_REQUEST_TIMEOUT 秒（含排队时间）；"
                  "其进程已被终止。"),
    "internal-error": _p(500, "Internal server error", "服务器内部错误",
                         "An unexpected error; it has been logged with the request id.",
                         "意外错误；已连同请求编号记录在日志中。"),
}

DETAILS: dict[str, dict[str, str]] = {
    "not-acceptable": {
        "en": "the Accept header {accept!r} names no media type this operation can produce ({available})",
        "zh": "Accept 请求头 {accept!r} 中没有该操作能生成的媒体类型（可用：{available}）"},
    "not-found.problem": {"en": "no problem type {code!r}; GET /problems lists them",
                          "zh": "没有问题类型 {code!r}；GET /problems 列出全部类型"},
    "invalid-content-length": {"en": "Content-Length is not a number", "zh": "Content-Length 不是数字"},
    "payload-too-large.declared": {"en": "the request body has {size} bytes; the limit is {limit} bytes",
                                   "zh": "请求体有 {size} 字节；上限为 {limit} 字节"},
    "payload-too-large.body": {"en": "the request body exceeds the limit of {limit} bytes",
                               "zh": "请求体超过 {limit} 字节的上限"},
    "payload-too-large.what": {"en": "the {what} has {size} bytes; the limit is {limit}",
                               "zh": "{what}有 {size} 字节；上限为 {limit}"},
    "payload-too-large.file": {"en": "the uploaded file exceeds the limit of {limit} bytes",
                               "zh": "上传的文件超过 {limit} 字节的上限"},
    "request-timeout": {"en": "the request body did not arrive within {seconds:g} s (CHESS_READ_TIMEOUT)",
                        "zh": "请求体未在 {seconds:g} 秒内到达（CHESS_READ_TIMEOUT）"},
    "invalid-query": {"en": "the query string is not UTF-8 after percent-decoding",
                      "zh": "查询字符串在百分号解码后不是 UTF-8"},
    "invalid-text": {"en": "{where} holds {what}: only printable text is accepted",
                     "zh": "{where} 含有{what}：只接受可打印文本"},
    "invalid-text.surrogate": {"en": "a lone surrogate", "zh": "孤立代理项"},
    "invalid-text.control": {"en": "the control character U+{number}", "zh": "控制字符 U+{number}"},
    "invalid-text.form": {"en": "form field {name!r} is not UTF-8 text", "zh": "表单字段 {name!r} 不是 UTF-8 文本"},
    "invalid-text.encode": {"en": "the input holds text that cannot be encoded as UTF-8",
                            "zh": "输入中含有无法编码为 UTF-8 的文本"},
    "what.body": {"en": "request body", "zh": "请求体"},
    "what.file": {"en": "uploaded file", "zh": "上传的文件"},
    "invalid-request": {"en": "{field}: {message}", "zh": "{field}：{message}"},
    "invalid-request.twice": {"en": "option {name!r} is given both in the query string and in the body",
                              "zh": "选项 {name!r} 同时出现在查询字符串和请求体中"},
    "invalid-request.file-field": {"en": "form field {name!r} must be text, not a file",
                                   "zh": "表单字段 {name!r} 必须是文本，而不是文件"},
    "invalid-request.object": {"en": "the JSON body must be an object", "zh": "JSON 请求体必须是对象"},
    "invalid-request.both": {"en": "give either 'tournament' or 'trf', not both",
                             "zh": "'tournament' 和 'trf' 只能给出其一"},
    "bare-tournament": {"en": "the body is a tournament itself: wrap it as {{\"tournament\": {{...}}}} (options such "
                              "as tiebreaks go beside it)",
                        "zh": "请求体本身就是赛事：请包装为 {{\"tournament\": {{...}}}}（破同分规则等选项放在它旁边）"},
    "invalid-multipart.boundary": {"en": "the multipart body has no boundary", "zh": "multipart 请求体没有分隔符"},
    "invalid-multipart.parse": {"en": "the multipart body cannot be read: {error}",
                                "zh": "无法读取 multipart 请求体：{error}"},
    "invalid-multipart.files": {"en": "the multipart body has {count} files; at most {limit} are read",
                                "zh": "multipart 请求体有 {count} 个文件；最多读取 {limit} 个"},
    "too-many-fields": {"en": "more than {limit} form fields", "zh": "表单字段超过 {limit} 个"},
    "too-many-files": {"en": "send one tournament file in the field 'file'",
                       "zh": "请在字段 'file' 中只发送一个赛事文件"},
    "missing-file": {"en": "multipart requests carry the tournament in the field 'file'",
                     "zh": "multipart 请求须在字段 'file' 中携带赛事"},
    "missing-tournament": {"en": "the body needs 'tournament' (JSON form) or 'trf' (TRF text)",
                           "zh": "请求体需要 'tournament'（JSON 形式）或 'trf'（TRF 文本）"},
    "missing-tournament.empty": {"en": "the body is empty: send a TRF file or JSON",
                                 "zh": "请求体为空：请发送 TRF 文件或 JSON"},
    "unsupported-media-type.json": {"en": "content type {type!r} is not supported; send application/json",
                                    "zh": "不支持内容类型 {type!r}；请发送 application/json"},
    "unsupported-media-type": {"en": "content type {type!r} is not supported; use multipart/form-data, "
                                     "application/json or text/plain",
                               "zh": "不支持内容类型 {type!r}；请使用 multipart/form-data、application/json 或 "
                                     "text/plain"},
    "too-many-tiebreaks": {"en": "{count} tie-breaks; the limit is {limit}",
                           "zh": "共 {count} 个破同分规则；上限为 {limit}"},
    "response-too-large": {"en": "the answer would have more than {size} bytes; the limit is {limit} bytes "
                                 "(CHESS_MAX_RESPONSE_BYTES). {advice}",
                           "zh": "结果将超过 {size} 字节；上限为 {limit} 字节（CHESS_MAX_RESPONSE_BYTES）。{advice}"},
    "response-too-large.unsized": {"en": "the answer would be too large; the limit is {limit} bytes "
                                         "(CHESS_MAX_RESPONSE_BYTES). {advice}",
                                   "zh": "结果将过大；上限为 {limit} 字节（CHESS_MAX_RESPONSE_BYTES）。{advice}"},
    "advice.standings": {"en": "Ask for explanations=false, fewer tie-breaks, or standings after an earlier round.",
                         "zh": "请改用 explanations=false、减少破同分规则，或请求更早轮次后的排名。"},
    "advice.none": {"en": "", "zh": ""},
    "too-complex": {"en": "the input is nested or linked too deeply to be processed",
                    "zh": "输入的嵌套或关联层次过深，无法处理"},
    "out-of-memory": {"en": "the job needed more memory than an engine process may use (CHESS_MAX_JOB_MEMORY_MB); ask "
                            "for less (fewer players, rounds or tie-breaks, explanations=false)",
                      "zh": "该任务所需内存超过引擎进程的上限（CHESS_MAX_JOB_MEMORY_MB）；请减少请求（更少的选手、"
                            "轮次或破同分规则，explanations=false）"},
    "internal-error": {"en": "an unexpected error occurred; it has been logged", "zh": "发生意外错误；已记录在日志中"},
    "busy": {"en": "the service is busy; try again shortly", "zh": "服务繁忙；请稍后重试"},
    "timeout": {"en": "the {operation} took longer than the time budget of {budget:g} s",
                "zh": "{operation} 耗时超过 {budget:g} 秒的时间预算"},
    "timeout.queued": {"en": "the {operation} took longer than the time budget of {budget:g} s (it waited in the "
                             "queue and never started)",
                       "zh": "{operation} 耗时超过 {budget:g} 秒的时间预算（它在队列中等待，从未开始）"},
    "timeout.budget": {"en": "the {operation} took longer than the time budget",
                       "zh": "{operation} 耗时超过时间预算"},
    "engine-failed": {"en": "the engine process ended unexpectedly (it may have run out of memory) and has been "
                            "replaced; try again with a smaller request",
                      "zh": "引擎进程意外退出（可能内存不足），已被替换；请用较小的请求重试"},
    "engine-unavailable": {"en": "the engine pool is restarting; try again shortly",
                           "zh": "引擎进程池正在重启；请稍后重试"},
    "warning.board-statistics-ignored": {"en": "board statistics are for team events; this tournament has no teams",
                                         "zh": "台次统计只适用于团体赛；本赛事没有队伍"},
    "http-error": {"en": "{detail}", "zh": "{detail}"},
    "not-found": {"en": "Not Found", "zh": "未找到"},
    "method-not-allowed": {"en": "Method Not Allowed", "zh": "方法不允许"},
}

WARNINGS: dict[str, dict[str, str]] = {
    # reading a TRF file
    "encoding": {"en": "The file is not UTF-8.", "zh": "文件不是 UTF-8 编码"},
    "misaligned": {"en": "A player line is misaligned.", "zh": "选手行未对齐"},
    "sex": {"en": "Unknown sex ignored.", "zh": "未知的性别，已忽略"},
    "title": {"en": "Unknown title kept as written.", "zh": "未知的称号，按原样保留"},
    "rank": {"en": "A rank is not a number.", "zh": "名次不是数字"},
    "repeated-record": {"en": "A record is repeated; the last one is used.", "zh": "记录重复；采用最后一条"},
    "rounds-disagree": {"en": "Records disagree on the number of rounds.", "zh": "各记录给出的轮数不一致"},
    "xxc": {"en": "An XXC word is unknown.", "zh": "XXC 中有未知的词"},
    "unknown-record": {"en": "A line is not understood and kept as is.", "zh": "有一行无法识别，按原样保留"},
    "declared-players": {"en": "The declared number of players differs.", "zh": "声明的选手人数不符"},
    "start-numbers-gap": {"en": "Start numbers have gaps.", "zh": "序号不连续"},
    "birth-date": {"en": "Birth dates not in the YYYY/MM/DD form.", "zh": "出生日期不是 YYYY/MM/DD 格式"},
    "date": {"en": "A date is in a form the reader does not know.", "zh": "日期格式无法识别"},
    "duplicate-player": {"en": "A player is listed twice.", "zh": "选手重复列出"},
    "colour-without-opponent": {"en": "A colour without an opponent.", "zh": "有颜色但没有对手"},
    "result-without-opponent": {"en": "A result without an opponent.", "zh": "有结果但没有对手"},
    "bye-with-opponent": {"en": "A bye with an opponent.", "zh": "轮空却有对手"},
    "bye-placeholder": {"en": "A participant looks like a placeholder for byes.", "zh": "某参赛者看起来是轮空占位符，而非真实选手"},
    "match-unfinished": {"en": "A match is not finished; the round is paired without a result.",
                         "zh": "对抗尚未结束；该轮按无结果编排"},
    "match-game-after-decision": {"en": "A match has games after it was decided.", "zh": "对抗在决出胜负后仍有对局"},
    "tab-replaced": {"en": "A tab character replaced by spaces.", "zh": "制表符已替换为空格"},
    "text-cut": {"en": "A text cut to its TRF column's width.", "zh": "文本已截断为 TRF 栏宽"},
    "pairing-without-result": {"en": "A pairing without a result.", "zh": "有编排但没有结果"},
    "opponent-symmetry": {"en": "Two players' entries for a game disagree.", "zh": "同一局棋双方的记录不一致"},
    "points-mismatch": {"en": "The declared points differ from the results.", "zh": "声明的积分与成绩不符"},
    "several-pabs": {"en": "Several pairing-allocated byes in one round.", "zh": "同一轮有多个编排轮空"},
    "013-and-310": {"en": "Both 013 and 310 team records; 310 is used.", "zh": "同时有 013 和 310 团体记录；采用 310"},
    # Chess-JSON
    "jch-result": {"en": "A Chess-JSON result read differently.", "zh": "Chess-JSON 结果按另一种方式读取"},
    "jch-tournaments": {"en": "The event has several tournaments; the first is read.",
                        "zh": "该赛事包含多个比赛；只读取第一个"},
    "jch-duplicate-game": {"en": "A player has two games in one round.", "zh": "某选手在同一轮有两局棋"},
    # teams
    "team-lineup": {"en": "A team line-up (300) does not fit the games.", "zh": "队伍出场名单（300）与对局不符"},
    "team-opponent": {"en": "A team's players met different teams.", "zh": "同一队的选手遇到了不同的队伍"},
    "team-short": {"en": "A team played on fewer boards.", "zh": "某队出场台数不足"},
    "team-roster": {"en": "A team roster (310) does not fit the players.", "zh": "队伍名单（310）与选手不符"},
    "team-board": {"en": "A board of a team match does not fit.", "zh": "团体对抗中某台的记录不符"},
    "team-boards": {"en": "The number of boards (352) does not fit.", "zh": "台数（352）不符"},
    "team-result": {"en": "A team match result (330) does not fit.", "zh": "团体对抗结果（330）不符"},
    "team-points": {"en": "The declared team points differ.", "zh": "声明的团体积分不符"},
    "team-records-ignored": {"en": "Team records ignored.", "zh": "已忽略团体记录"},
    # pairing
    "round-already-paired": {"en": "The round is already paired in the file; paired again.",
                             "zh": "文件中该轮已编排；重新编排"},
    "system-assumed": {"en": "The pairing system is assumed.", "zh": "未指明编排制度，采用默认制度"},
    "system-overridden": {"en": "The requested system overrides the tournament's.", "zh": "所请求的编排制度取代了赛事声明的制度"},
    # standings and rules
    "system-default": {"en": "The tournament's system is assumed.", "zh": "未声明赛制，采用默认赛制"},
    "after-round": {"en": "Standings after an earlier round.", "zh": "为较早轮次后的排名"},
    "no-result": {"en": "A paired game without a result.", "zh": "已编排的对局没有结果"},
    "late-bye-scores-zero": {"en": "A late requested bye scores 0.", "zh": "比赛后期申请的轮空计 0 分"},
    "board-statistics-ignored": {"en": "Board statistics are for team events.", "zh": "台次统计只适用于团体赛"},
    # groups and knockout
    "swiss-group-count": {"en": "The number of Swiss groups departs from the seed document.",
                          "zh": "瑞士制分组数与规程文件不同"},
    "round-robin-group-count": {"en": "The number of round-robin groups departs from the seed document.",
                                "zh": "循环赛分组数与规程文件不同"},
}
