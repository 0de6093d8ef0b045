"""中文消息：引擎产生的全部文字，按消息编号排列（见 app/engine/messages/__init__.py）。

Chinese messages, by message id."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Words every explanation shares
    "explain.participant": "{start_number}号",
    "explain.round": "第{round}轮",
    "explain.nothing": "无",
    "explain.none": "无",
    "explain.points": "积分",
    "score.GP": "局分",
    "score.MP": "场分",
    # Kinds of round (C.07 16.2)
    "kind.game": "对局",
    "kind.pairing_allocated_bye": "编排轮空",
    "kind.full_point_bye": "全分轮空",
    "kind.forfeit_win": "弃权胜",
    "kind.forfeit_loss": "弃权负",
    "kind.half_point_bye": "半分轮空",
    "kind.zero_point_bye": "零分轮空/缺席",
    # Buchholz-type sums (BH, FB, SB, ESB) and their cuts (C.07 8, 9, 14, 16)
    "explain.sum": "{specifier} = {total}{note}: {terms}",
    "explain.sum.cut": "{specifier} = {total}{note}: {terms} = {uncut}；剔除：{cut}",
    "explain.cut.vur": "（自愿未赛轮次优先剔除，16.5）",
    "explain.cut.least": "（最低）",
    "explain.cut.most": "（最高）",
    "explain.slot.opponent": "对 {opponent}: {score}{note}",
    "explain.slot.counted": "{round} 对 {opponent}: {value}（{kind}按已赛计）{note}",
    "explain.slot.round-robin-zero": "{round} {kind}: 0（循环赛未赛对局，15.2）",
    "explain.slot.virtual": "{round} {kind}: 虚拟对手 {value}（2023年前规则）",
    "explain.slot.own": "{round} {kind}: 虚拟对手 {value}（本人得分，16.4）",
    "explain.slot.cap-forfeit": "{round} {kind}: 虚拟对手 {value}（本人得分 {own}，以原定对手{opponent}的调整分 {value} 为上限，16.4.1）",
    "explain.slot.cap-half": "{round} {kind}: 虚拟对手 {value}（本人得分 {own}，以最高可能得分的一半 {value} 为上限，16.4.2）",
    "explain.adjusted.pre-2023": "（实得{score}；其未赛轮次 {rounds} 计为和棋，2023年前规则）",
    "explain.adjusted.fore": "（实得{score}；预布赫霍尔兹将其末轮对局计为和棋，8.3）",
    "explain.adjusted.after-last-game": "（实得{score}；其最后一局之后的未赛轮次 {rounds} 计为和棋，16.3）",
    "explain.note.fore-modifier": "（预布赫霍尔兹：末轮按和棋计）",
    "explain.note.fore": "（末轮按和棋计）",
    "explain.note.team-products": "（对手{opponent_score} × 本队{own_score}）",
    "explain.note.by-contribution": "（按贡献值剔除，种子文档003）",
    "explain.undefined.no-game": "{code}无定义：没有实际对局",
    "explain.rounded": "，四舍五入为 {value}",
    "explain.aob": "AOB = （{terms}）/ {count} = {value}{rounded}",
    "explain.koya.game": "{round} 对 {opponent} ({opponent_score}): {points}",
    "explain.koya": "KS = {value}：门槛 {limit}（{rounds}轮的{percent}%{shift}）；{terms}",
    "explain.sssc": "SSSC = {secondary}（{secondary_name}）+ {buchholz}（{buchholz_name}，{primary_name}）/ {divisor}",
    # Own results (C.07 7)
    "explain.count": "{what}：{count}（第 {rounds} 轮）",
    "explain.count.rounds-won": "胜局数（含不战而胜）",
    "explain.count.boards-won": "胜盘数（含弃权胜、轮空）",
    "explain.count.boards-won-otb": "实战胜盘数",
    "explain.count.games-won": "实战胜局数",
    "explain.count.black-games": "执黑局数",
    "explain.count.black-wins": "执黑胜局数",
    "explain.count.rounds-elected": "选择参赛轮次",
    "explain.mcmahon": "麦克马洪分 {total} = 初始积分 {initial} + （{rest}）",
    "explain.best-rounds": "最好的{best}轮：{terms}",
    "explain.progressive.left-out": "（去掉第 {rounds} 轮后的累进分）",
    "explain.pairing-number": "编排号 {number}",
    "explain.lot": "抽签号 {lot}（种子 {seed}）",
    # Direct encounter and the board criteria (C.07 6, 12, 13.3)
    "explain.encounter.at-most": "（最多 {best}）",
    "explain.encounter.not-separated": "未能区分",
    "explain.encounter.everyone-met": "全部相遇（6.2）",
    "explain.encounter.not-everyone-met": "未全部相遇：只确定无论未赛对局结果如何都不变的名次（6.3）",
    "explain.encounter.table": "{criterion}（{members}之间）：{table}；{rule} → {outcome}",
    "explain.encounter.place": "组内第 {place} 名（共 {size} 人）",
    "explain.encounter.places": "组内并列第 {low}-{high} 名（共 {size} 人）",
    "explain.encounter.own-line": "{criterion}（同分的 {size} 人之间）：{participant} 对他们得 {score}；{rule} → {outcome}",
    "explain.encounter.not-tied": "{code}：无同分",
    "explain.top-board": "各台局分：{boards}",
    "explain.board": "第{board}台 {points}",
    "explain.bottom-board": "去掉最后k台后的局分：{sums}",
    # Rating tie-breaks (C.07 10)
    "explain.undefined.unrated": "无定义：存在无等级分棋手且未规定其等级分",
    "explain.undefined.no-performance": "{code}无定义",
    "explain.aro": "对手等级分 {opponents}；ARO = {total} / {count} = {aro}",
    "explain.aro.cut": "（剔除第 {rounds} 轮）",
    "explain.tpr": "；得分 {score}/{count} = {percent}% → dp {dp}；TPR = {tpr}",
    "explain.ptp": "；PTP = {ptp}：期望得分达到 {score} 的最低等级分",
    "explain.rating": "等级分 {rating}",
    "explain.rating.unrated": "无等级分，按 {rating} 计",
    # National variants (seeds 000, 001, 004)
    "explain.solkoff.cut": "；剔除：{cut}",
    "explain.solkoff-iterated": "依次去掉最低的1、2……个对手后的对手分：{sums}",
    "explain.progressive-iterated": "累进分，依次去掉第1轮、第1-2轮……后的累进分：{sums}",
    # Modifiers of a specifier (MTB26)
    "modifier.cut": "/Cn（扣除最低）",
    "modifier.median": "/Mn（中间值）",
    "modifier.limit": "/L（门槛）",
    "modifier.divisor": "/Kx（除数）",
    "modifier.played": "/P（弃权按已赛计）",
    "modifier.fore": "/F（预布赫霍尔兹）",
    "modifier.reverse": "/R（倒序）",
    "modifier.swiss": "/S（按瑞士制规则）",
    "modifier.unrated": "/Un（无等级分棋手的等级分）",
    "modifier.edition": "/V（规则版本）",
    "modifier.score": ":MP / :GP（场分/局分）",
    "modifier.score-pair": ":MM / :MG / :GM / :GG（场分/局分组合）",
    # Warnings (the stable code is the part after 'warning.' up to the next dot)
    "warning.no-result": "{player}号棋手第{round}轮：与{opponent}号配对但没有结果，按缺席计",
    "warning.team-records-ignored": "只有一条队伍记录：按个人赛排名",
    "warning.system-default": "比赛未说明是瑞士制还是循环赛（没有192/092记录）：按瑞士制规则计算",
    "warning.after-round": "第{after}轮后的排名（已赛{played}轮）",
    "warning.team-lineup.unknown-team": "第{round}轮的300记录指向不存在的{team}号队伍：已忽略",
    "warning.team-opponent.not-mirrored": "第{round}轮：{team}号队与{opponent}号队对阵，但{opponent}号队没有与{team}号队对阵的记录",
    "warning.team-short": "第{round}轮：{team}号队对{opponent}号队只有{boards}台（共{board_count}台）有成绩，其余台次按空台计",
    "warning.team-roster.no-player": "{team}号队的名单列有{player}号棋手，但没有其001记录",
    "warning.team-board.no-team": "第{round}轮：{player}号棋手（{team}号队）的对手{opponent}号棋手不属于任何队伍",
    "warning.team-board.same-team": "第{round}轮：{team}号队的{player}号与{opponent}号棋手相互对阵",
    "warning.team-opponent.several": "第{round}轮：{team}号队的棋手对阵了多支队伍（{teams}）：以{opponent}号队为对手",
    "warning.team-roster.two-teams": "{player}号棋手同时列在{first}号队和{second}号队：按{first}号队计",
    "warning.team-boards.declared": "352记录为{declared}台，但有队伍在一场比赛中派出了{most}名棋手",
    "warning.team-lineup.no-game": "第{round}轮：{team}号队的300出场名单列有{player}号棋手，但其该轮没有为该队比赛",
    "warning.team-lineup.not-listed": "第{round}轮：{team}号队的{players}号棋手参赛但不在300出场名单中：排在其后的台次",
    "warning.team-boards.too-many": "第{round}轮：{team}号队派出的棋手多于{boards}台",
    "warning.team-result.forfeit-played": "第{round}轮：{white}号队与{black}号队的比赛记为弃权（330），但有台次实际对局",
    "warning.team-result.mismatch":
        "第{round}轮：{white}号队对{black}号队的330结果{result}与各台成绩{points}-{opponent_points}不符：按330结果计",
    "warning.team-board.no-opponent": "第{round}轮：{team}号队有台次成绩但没有对阵队伍：按缺席计",
    "warning.team-points.match": "{team}号队：310记录为{declared}场分，按比赛计算为{computed}",
    "warning.team-points.game": "{team}号队：310记录为{declared}局分，按各台计算为{computed}",
    "warning.edition-ignored": "{specifier}：各版C.07对该破同分规则的规定相同，/V 不起作用",
    "warning.edition-default.unreadable":
        "无法识别开始日期“{start}”（042）：按现行的C.07 {edition}版计算；请指定版本（edition），或把日期写成YYYY/MM/DD",
    "warning.edition-default.no-date": "没有开始日期（042）：按现行的C.07 {edition}版计算；请指定版本（edition）或开始日期",
    "warning.unrated-players":
        "{specifiers}：对所有参赛者均无定义，因为有{count}名棋手没有等级分（{players}号）；可用选项 unrated_rating（例如 unrated_rating=1000）或修饰符 /U（例如 "
        "{example}）给他们指定等级分",
    "warning.unrated-players.more":
        "{specifiers}：对所有参赛者均无定义，因为有{count}名棋手没有等级分（{players}号等，另有{more}人）；可用选项 unrated_rating（例如 unrated_rating=1000）"
        "或修饰符 /U（例如 {example}）给他们指定等级分",
    "warning.tiebreak-undefined": "{specifiers}：对所有参赛者均无定义，不能区分任何名次",
    # Team pairing (app.engine.pairing.team_swiss, team_berger, team_round): C.04.6 and the Berger tables
    "pairing.team.bracket": "{score} 分组",
    "pairing.team.bracket.upfloaters": "，上浮队：{teams}",
    "pairing.team.bracket.upfloater": "{team}队（{score}分）",
    "pairing.team.first-team": "{bracket}；{team}队为先列队（4.2），第 1 台执{colour}：规则 {rule}，{rule_text}",
    "pairing.team.white": "白",
    "pairing.team.black": "黑",
    "pairing.team.rule.4.3.1": "两队均未赛过：由先列队编号的奇偶与首轮颜色决定",
    "pairing.team.rule.4.3.2": "只有一队有颜色偏好：予以满足",
    "pairing.team.rule.4.3.3": "两队偏好的颜色相反：均予满足",
    "pairing.team.rule.4.3.4": "只有一队有强烈偏好（B 型）：予以满足",
    "pairing.team.rule.4.3.5": "颜色差较小的队执白",
    "pairing.team.rule.4.3.6": "从两队颜色不同的最近一场起交替颜色",
    "pairing.team.rule.4.3.7": "满足先列队的颜色偏好",
    "pairing.team.rule.4.3.8": "先列队的颜色与其上一场交替",
    "pairing.team.rule.4.3.9": "另一队的颜色与其上一场交替",
    "pairing.team.pab": "编排轮空（3.4）：可获轮空的队中积分最低、已赛场次最多、编号最大",
    "pairing.team.bye.requested": "第 {round} 轮申请轮空（{code}）",
    "pairing.team.bye.absent": "缺席：本轮不编排",
    "pairing.team.bye.withdrawn": "退赛：本轮不编排",
    "pairing.team.rest": "轮休：贝格尔表中对阵虚拟队（队数为奇数）",
    "pairing.team.berger.match": "贝格尔表：先列的队为主队，各台颜色为 {pattern}",
    "pairing.team.berger.tables": "按国际棋联贝格尔表编排（C.05 附件 1），{kind}循环；{mapping}",
    "pairing.team.berger.double": "双",
    "pairing.team.berger.single": "单",
    "pairing.team.berger.given": "按给定的贝格尔编号",
    "pairing.team.berger.equal": "贝格尔编号 = 队号",
    "pairing.team.berger.boards": "{boards} 台（依据{source}）；先列的队各台颜色为 {pattern}",
    "pairing.team.swiss.system": "国际棋联团体瑞士制（C.04.6，2026 年版），按{primary}编排；颜色偏好：{kind}",
    "pairing.team.swiss.boards": "{boards} 台（依据{source}）；第 1 台执白的队为先列队时，各台颜色为 {pattern}",
    "pairing.team.swiss.unfulfilled": "{n} 个颜色偏好未满足（[C8]）",
    "pairing.team.swiss.budget": "上浮队选择：检查 {n} 组候选后停止（保留已找到的最佳组合）",
    "pairing.team.score.match-points": "场分",
    "pairing.team.score.game-points": "局分",
    "pairing.team.preferences.A": "A 型",
    "pairing.team.preferences.B": "B 型",
    "pairing.team.preferences.none": "无",
    "pairing.team.source.request": "请求",
    "pairing.team.source.352": "352 记录",
    "pairing.team.source.games": "已赛对局",
    "pairing.team.source.rosters": "队员名单",
    "pairing.team.lineup.default": "第 1 至 {boards} 台为各队名单的前 {boards} 名队员（默认台次顺序）；队长可另行排阵",
    "pairing.team.lineup.unknown": "{teams}队的排阵未知（队员少于 {boards} 台）：其各台只显示颜色（队对队及 352 颜色顺序）",
    # Rounds advice (seed 002)
    # 读取器的错误（问题详情）及其读取的对象
    "error.invalid-json": "{what}不是有效的 JSON：{error}",
    "error.json-too-deep": "{what}的嵌套超过 {depth} 层",
    "error.json-too-deep.recursion": "{what}的嵌套过深",
    "what.file": "文件",
    "what.request-body": "请求体",
    "what.trf": "trf 文本",
    "advice.usual.local": "地区性的小型比赛：5轮比较恰当，少一点4轮，3轮的很少见。",
    "advice.usual.national": "较大的比赛，如全国个人赛：7至9轮比较合适。",
    "advice.usual.international": "9轮以上一般是国际比赛。",
    "advice.clear-winner":
        "要无争议地确定冠军，理论上需要与淘汰赛相同的轮次，即参赛人数取以2为底的对数（向上取整）：{players}名选手需要{rounds}轮（8人3轮，16人4轮）。轮次少于此数时，可能出现多名选手全胜。",
    "advice.round-robin": "{players}人单循环需要{round_robin}轮，双循环需要{double_round_robin}轮。{odd}",
    "advice.round-robin.odd": "人数为奇数时，每名选手每个循环轮空一次。",
    "advice.fixed-in-advance": "轮数及赛程应在报名前制订并公布，不应按报名人数临时决定（单位内部赛除外）。",
    "advice.round-word.one": "轮",
    "advice.round-word.many": "轮",
    "advice.sole-winner":
        "确定唯一冠军需要{rounds}{rounds_word}：与淘汰赛相同，{players}人取以2为底的对数向上取整为{rounds}，"
        "{rounds}{rounds_word}后至多一名选手全胜（文档002）。",
    "advice.all-places": "排出全部名次需要{rounds}{rounds_word}：文档002取能够得出所有选手名次的最小轮次，{why}。",
    "advice.all-places.round-robin": "{players}人单循环（{round_robin}{round_robin_word}）即可排出全部名次",
    "advice.all-places.one-more": "比确定冠军多一轮（{rounds}+1），如文档的例子：60人需要7轮",
    # Club avoidance in pairing (seed 002, app.engine.pairing.avoidance)
    "pairing.same-club": "；同一单位（{club}）：在不降低任何 FIDE 编排标准、不改变浮动棋手的前提下无法避开（避亲原则）",
    "pairing.same-club.fewest": "；同一单位（{club}）：在不降低任何 FIDE 编排标准的前提下无法避开：本轮编排标准值相同的所有对阵中，没有同一单位对局更少的（避亲原则）",
    "pairing.same-club.unproven": "；同一单位（{club}）：保留；寻找编排标准值相同、同一单位对局更少的本轮对阵时达到搜索上限（避亲原则）",
    # Scoring presets of the games (app.engine.scoring_presets)
    "scoring.chess.name": "国际象棋",
    "scoring.chess.source": "FIDE：胜1分，和½分，负0分（种子文档002：赢1分，和0.5分，输0分）",
    "scoring.xiangqi.name": "中国象棋",
    "scoring.xiangqi.source": "issue 13：中国象棋通常的2 / 1 / 0（胜2分，和1分，负0分）",
    "scoring.go.name": "围棋（无和棋）",
    "scoring.go.source":
        "issue 13：围棋无和棋（贴半目）；胜1分，负0分，与麦克马洪制按胜局计分相同（种子文档002，麦克马洪制）；申请的半分轮空仍计半胜",
    "scoring.gomoku.name": "五子棋",
    "scoring.gomoku.source": "种子文档002把五子棋列为采用瑞士制的棋种，其例子按1 / ½ / 0计分",
    "scoring.junqi.name": "军棋",
    "scoring.junqi.source": "种子文档002，模拟比赛过程（军棋）：每轮胜1分，负0分，和0.5分",
    "scoring.magic.name": "万智牌赛制",
    "scoring.magic.source": "种子文档002，万智牌赛制：胜者获得3分，平局得1分",
    # The tie-break catalogue: names and definitions
    "tiebreak.AOB.name": "对手平均布赫霍尔兹",
    "tiebreak.AOB.definition": "实际交手对手的布赫霍尔兹分（/F 为预布赫霍尔兹）平均值。",
    "tiebreak.APPO.name": "对手平均完美表现分",
    "tiebreak.APPO.definition": "实际交手对手PTP的平均值（四舍五入）。",
    "tiebreak.APRO.name": "对手平均表现分",
    "tiebreak.APRO.definition": "实际交手对手TPR的平均值（四舍五入）。",
    "tiebreak.ARO.name": "对手平均等级分",
    "tiebreak.ARO.definition": "实际交手对手等级分的平均值（四舍五入）。",
    "tiebreak.BBE.name": "末台淘汰",
    "tiebreak.BBE.definition": "去掉最后一台的局分，相同再去掉最后两台，依此类推。",
    "tiebreak.BC.name": "台次计分",
    "tiebreak.BC.definition": "各轮台次号乘以该台局分之和（小者在前）。",
    "tiebreak.BH.name": "布赫霍尔兹（对手分、小分）",
    "tiebreak.BH.definition": "所有对手得分之和（未赛轮次按第16条调整）。",
    "tiebreak.BPG.name": "执黑局数（后手局数）",
    "tiebreak.BPG.definition": "实际执黑对局的盘数。",
    "tiebreak.BWG.name": "执黑胜局数",
    "tiebreak.BWG.definition": "执黑实际获胜的盘数。",
    "tiebreak.DE.name": "直胜（直接对局）",
    "tiebreak.DE.definition": "同分者之间对局的得分，并对仍同分的子组再次应用；瑞士制中只确定未赛对局无法改变的名次。",
    "tiebreak.EDE.name": "扩展直胜",
    "tiebreak.EDE.definition": "先按主要积分、再按次要积分比较直接对局，反复直至稳定。",
    "tiebreak.EDEB.name": "扩展直胜（B）",
    "tiebreak.EDEB.definition": "先按主要积分、再按次要积分比较直接对局，反复直至稳定；两队仍同分时比较相互对抗中去掉最后一台、两台……后的局分。",
    "tiebreak.EDEBB.name": "扩展直胜（BB）",
    "tiebreak.EDEBB.definition": "先按主要积分、再按次要积分比较直接对局，反复直至稳定；再比较台次计分和末台淘汰。",
    "tiebreak.EDEBT.name": "扩展直胜（BT）",
    "tiebreak.EDEBT.definition": "先按主要积分、再按次要积分比较直接对局，反复直至稳定；再比较台次计分和首台成绩。",
    "tiebreak.EDET.name": "扩展直胜（T）",
    "tiebreak.EDET.definition": "先按主要积分、再按次要积分比较直接对局，反复直至稳定；两队仍同分时依次比较相互对抗中第1台、第2台……的成绩。",
    "tiebreak.ESB.name": "扩展索伯分",
    "tiebreak.ESB.definition": "各场对手积分乘以本队该场所得积分之和（:MM、:MG、:GM、:GG 选择场分或局分）。",
    "tiebreak.FB.name": "预布赫霍尔兹",
    "tiebreak.FB.definition": "假定末轮所有对局均为和棋时计算的布赫霍尔兹分。",
    "explain.GPTS.match-games": "（每轮各局得分之和；无分局记录的轮次计该轮得分）",
    "tiebreak.GPTS.name": "局分",
    "tiebreak.GPTS.definition": "团体的局分（各台得分之和）；每轮为多局比赛（如三局两胜）时，个人的局分为各局得分之和（无分局记录的轮次计该轮得分）。",
    "tiebreak.KS.name": "科亚分",
    "tiebreak.KS.definition": "对最终得分不低于最高可能得分50%的对手所得的分数。",
    "tiebreak.LOT.name": "抽签",
    "tiebreak.LOT.definition": "以种子进行可复现的抽签，签号小者在前。",
    "tiebreak.MPTS.name": "场分",
    "tiebreak.MPTS.definition": "团体的场分。",
    "tiebreak.MPVGP.name": "另一种积分（场分/局分）",
    "tiebreak.MPVGP.definition": "非主要积分：以场分排名时为局分，反之为场分。",
    "tiebreak.OPS.name": "对手累进分",
    "tiebreak.OPS.definition": "所遇对手累进分之和。",
    "tiebreak.PS.name": "累进分",
    "tiebreak.PS.definition": "每轮结束后累计得分之和（/Cn：去掉前n轮的累计分）。",
    "tiebreak.PSI.name": "扣除累进分（逐轮扣除）",
    "tiebreak.PSI.definition": "比较累进分；仍同分则从第一轮起逐轮扣除后再比较，直至区分名次。",
    "tiebreak.PTP.name": "完美比赛表现分",
    "tiebreak.PTP.definition": "对所遇对手的期望得分达到实际得分的最低等级分。",
    "tiebreak.PTS.name": "积分（大分）",
    "tiebreak.PTS.definition": "总积分（团体赛为主要积分）。",
    "tiebreak.RBH.name": "递归布赫霍尔兹（二级布赫霍尔兹）",
    "tiebreak.RBH.definition": "所遇对手布赫霍尔兹分之和。",
    "tiebreak.REP.name": "选择参赛轮次",
    "tiebreak.REP.definition": "总轮次减去申请轮空、弃权负及退赛后的轮次。",
    "tiebreak.RTNG.name": "等级分",
    "tiebreak.RTNG.definition": "本人等级分，高者在前（/R：低者在前）。",
    "tiebreak.SB.name": "索伯分（索尼伯恩-伯格）",
    "tiebreak.SB.definition": "各轮对手得分乘以对该对手所得分数之和。",
    "tiebreak.SBC.name": "索伯分（剔除最低贡献值）",
    "tiebreak.SBC.definition": "按贡献值剔除的索伯分：/C1、/C2、/M1 剔除最低（及最高）的贡献值（对手得分×本人所得），即种子文档003的算法；C.07（SB/C1）剔除的是得分最低对手的贡献。",
    "tiebreak.SOLK.name": "索尔科夫（对手分）",
    "tiebreak.SOLK.definition": "所遇全部对手最终得分之和，未赛轮次不计（/M1：索尔科夫中间值法）。",
    "tiebreak.SOLKC.name": "索尔科夫截断法（逐次去除）",
    "tiebreak.SOLKC.definition": "去除得分最低的对手后比较对手分之和，仍同分则再去除次低的对手，依此类推直至破除同分。",
    "tiebreak.SSSC.name": "积分与赛程强度组合",
    "tiebreak.SSSC.definition": "次要积分加上主要积分的布赫霍尔兹分除以K（保留两位小数）。",
    "tiebreak.STD.name": "标准分",
    "tiebreak.STD.definition": "每轮得分高于和棋记1分，等于和棋记½分，否则记0分。",
    "tiebreak.TBR.name": "首台成绩",
    "tiebreak.TBR.definition": "全程第1台局分，相同再比第2台，依此类推。",
    "tiebreak.TPN.name": "编排号",
    "tiebreak.TPN.definition": "最终编排号，小者在前（/R：大者在前）。",
    "tiebreak.TPR.name": "比赛等级分表现",
    "tiebreak.TPR.definition": "ARO 加上实际对局得分率对应的FIDE等级分差。",
    "tiebreak.WIN.name": "胜局数",
    "tiebreak.WIN.definition": "获得一胜分数的轮次数（含弃权胜、轮空）。",
    "tiebreak.WON.name": "实战胜局数",
    "tiebreak.WON.definition": "在棋盘上实际获胜的对局数。",
    # Named forms of the tie-breaks (catalogue)
    "form.BH/C1": "扣除对手分1型",
    "form.BH/C2": "扣除对手分2型",
    "form.BH/M1": "中间对手分1型",
    "form.BH/M2": "中间对手分2型",
    "form.FB/C1": "预布赫霍尔兹Cut-1",
    "form.FB/C2": "预布赫霍尔兹Cut-2",
    "form.FB/M1": "中间预布赫霍尔兹",
    "form.FB/M2": "中间预布赫霍尔兹-2",
    "form.SB/C1": "索伯分Cut-1",
    "form.SB/C2": "索伯分Cut-2",
    "form.SB/M1": "中间索伯分",
    "form.SB/M2": "中间索伯分-2",
    "form.SBC/C1": "索伯-伯格Cut-1（剔除最低贡献值，种子文档003）",
    "form.SBC/C2": "索伯-伯格Cut-2（剔除两个最低贡献值，种子文档003）",
    "form.SBC/M1": "中间索伯分（按贡献值剔除）",
    "form.PS/C1": "累进分Cut-1",
    "form.PS/C2": "累进分Cut-2",
    "form.PS/M1": "渐进中位数",
    "form.PS/M2": "渐进中位数-2",
    "form.ARO/C1": "对手平均等级分Cut-1",
    "form.ARO/C2": "对手平均等级分Cut-2",
    "form.ARO/M1": "ARO中位数",
    "form.ARO/M2": "ARO中位数-2",
    "form.SOLK/C1": "索尔科夫Cut-1",
    "form.SOLK/M1": "Solkoff中间值法",
    "form.DE/P": "直接对局（含弃权）",
    # Presets: names and sources
    "preset.fide-swiss.name": "个人瑞士制（FIDE推荐参考顺序）",
    "preset.fide-swiss.source": "种子文档000（破同分指南）：布赫霍尔兹Cut-1、布赫霍尔兹、胜局数、直胜、赛前FIDE等级分",
    "preset.fide-swiss-rapid.name": "快棋/超快棋瑞士制",
    "preset.fide-swiss-rapid.source": "种子文档000，按比赛类型推荐的破同分顺序表",
    "preset.fide-round-robin.name": "个人循环赛",
    "preset.fide-round-robin.source": "种子文档000，按比赛类型推荐的破同分顺序表（循环赛不用布赫霍尔兹系列：C.07第8条，2026）",
    "preset.fide-team-swiss.name": "团体瑞士制",
    "preset.fide-team-swiss.source": "种子文档000，推荐顺序表：场分、局分、队伍布赫霍尔兹分、直胜",
    "preset.fide-team-round-robin.name": "团体循环赛",
    "preset.fide-team-round-robin.source": "C.07 13.3和13.2（实用默认顺序，循环赛不用布赫霍尔兹系列）",
    "preset.junior-school.name": "学校/青少年比赛",
    "preset.junior-school.source": "种子文档000，推荐顺序表：胜局数、直胜、初始等级分、抽签",
    "preset.c02-swiss-ratings-inconsistent.name": "瑞士制，等级分不可靠（旧C.02 13.16）",
    "preset.c02-swiss-ratings-inconsistent.source": "FIDE C.02 13.16（2023年改写前有效），见spec/tiebreaks.md第7节",
    "preset.c02-swiss-ratings-consistent.name": "瑞士制，等级分可靠（旧C.02 13.16）",
    "preset.c02-swiss-ratings-consistent.source": "FIDE C.02 13.16（2023年改写前有效），见spec/tiebreaks.md第7节",
    "preset.tec-team-swiss.name": "团体瑞士制（TEC示例）",
    "preset.tec-team-swiss.source": "FIDE技术委员会TRF-2026示例文件，202记录",
    "preset.cn-national-swiss.name": "全国等级赛 瑞士制积分编排",
    "preset.cn-national-swiss.source": "种子文档001：直胜、对手分、中间对手分、胜局数、抽签（扣除/中间法至少保留7轮）",
    "preset.cn-national-round-robin.name": "全国等级赛 循环制积分编排",
    "preset.cn-national-round-robin.source": "种子文档001：直胜、索伯分、胜局数、抽签",
    "preset.cn-zhisai-swiss-1.name": "智赛网推荐 瑞士制积分编排①",
    "preset.cn-zhisai-swiss-1.source": "种子文档001：直胜、胜局数、后手局数、扣除对手分1型、对手分、索伯分（至少保留7轮）",
    "preset.cn-zhisai-swiss-2.name": "智赛网推荐 瑞士制积分编排②",
    "preset.cn-zhisai-swiss-2.source": "种子文档001：直胜、对手分、中间对手分1型、胜局数（至少保留7轮）",
    "preset.cn-team.name": "团体赛（李杯团体赛）",
    "preset.cn-team.source": "种子文档001：场分→局分→直胜→对手分",
    "preset.cn-mostly-unrated.name": "大部分选手无等级分的比赛",
    "preset.cn-mostly-unrated.source": "种子文档004：Solkoff法、Solkoff中间值法、Solkoff截断法（逐次去除）",
    "preset.mcmahon.name": "麦克马洪制（初始积分计入总分）",
    "preset.mcmahon.source":
        "种子文档002，麦克马洪制：最终总分（初始积分加比赛得分）即麦克马洪分（需给出 initial_scores 或 mcmahon_bands；"
        "不给则为普通瑞士制）；以布赫霍尔兹分和索伯分代替围棋的SOS和SODOS，按对手的比赛得分计算",
    # Pairing (app/engine/pairing): colours, colour rules, byes
    "pairing.colour.white": "白",
    "pairing.colour.black": "黑",
    "pairing.preference.none": "无偏好",
    "pairing.preference": "{strength}{colour}",
    "pairing.strength.absolute": "绝对",
    "pairing.strength.strong": "强",
    "pairing.strength.mild": "弱",
    "pairing.strength.none": "无",
    "pairing.bye.requested": "申请轮空",
    "pairing.bye.absent": "本轮缺席",
    "pairing.dutch.rule.5.2.1": "双方都得到各自的颜色偏好",
    "pairing.dutch.rule.5.2.2": "满足较强的颜色偏好",
    "pairing.dutch.rule.5.2.3": "从双方颜色不同的最近一轮起交替颜色",
    "pairing.dutch.rule.5.2.4": "排名较高的棋手得到其颜色偏好",
    "pairing.dutch.rule.5.2.5": "由排名较高棋手编号的奇偶决定（初始颜色）",
    "pairing.c0404.rule.5.2.1": "双方都未下过棋：由排名较高棋手编号的奇偶决定（初始颜色）",
    "pairing.c0404.rule.5.2.2": "双方都得到各自的颜色偏好",
    "pairing.c0404.rule.5.2.3": "满足较强的颜色偏好",
    "pairing.c0404.rule.5.2.4": "从最近一次一方执白、一方执黑的轮次起交替颜色",
    "pairing.c0404.rule.5.2.5": "排名较高的棋手得到其颜色偏好",
    "pairing.lim.rule.5.1": "颜色限制只允许的颜色（不得连续三次同色，不得某色多三盘）",
    "pairing.lim.rule.5.2": "双方都得到应得颜色（先平衡，后交替）",
    "pairing.lim.rule.5.3": "按平衡原则应得颜色的棋手得到该颜色",
    "pairing.lim.rule.5.4": "从两人颜色不同的最近一轮起交替颜色",
    "pairing.lim.rule.5.4a": "颜色历史相同，中位分组或以上：排名较高者得到应得颜色",
    "pairing.lim.rule.5.4b": "颜色历史相同，中位分组以下：排名较低者得到应得颜色",
    "pairing.lim.rule.7.2": "双方都未下过棋：由排名较高者编号的奇偶和抽签给 1 号的颜色决定",
    "pairing.colours": "；颜色：{rule_text}（第 {rule} 条）",
    "pairing.dutch.bye": "最后一个分组后剩余未配对（配对分 {score}，已赛 {games} 局），符合编排轮空条件",
    "pairing.dutch.float": "{high}号（{high_score}分）降组，在 {bracket} 分组与 {low}号（{low_score}分）相遇",
    "pairing.dutch.same": "{high}号与{low}号在同分组（{score}分）相遇",
    "pairing.dubov.bye": "编排轮空（3.1）：可获轮空者中分数最低（{score}），已赛 {games} 局，编号最大（{id}），其余棋手仍可全部配对",
    "pairing.dubov.upfloat": "{player}号（{score}分）升入 {bracket} 分组",
    "pairing.dubov.bracket": "在 {bracket} 分组",
    "pairing.dubov.pair": "{where}：S1 中 {s1}号（对手平均等级分 {aro}）对 T2 中 {t2}号（等级分 {rating}）",
    "pairing.burstein.seeding": "第 {round} 轮是种子轮（伯斯坦制 1.6：前 {seeding} 轮按荷兰制编排）",
    "pairing.burstein.bye":
        "编排轮空（3.1）：可获轮空者中分数最低（{score}），已赛 {games} 局，指数最低（布赫霍尔茨 {buchholz}，索伯 {sonneborn_berger}），其余棋手仍可全部配对",
    "pairing.burstein.float": "{high}号（{high_score}分）降入 {bracket} 分组与 {low}号相遇",
    "pairing.burstein.same": "{top}号与{other}号在 {bracket} 分组相遇",
    "pairing.burstein.pair":
        "{where}（分组序号 {bsn_top} 对 {bsn_other}，按指数排序：布赫霍尔茨 {buchholz_top} / {buchholz_other}，索伯 {sb_top} / "
        "{sb_other}）",
    "pairing.lim.bye": "编排轮空（1.1）：最低分组（{score}分）中排名最低的可获轮空者，其余棋手仍可全部配对",
    "pairing.lim.median": "中位分组",
    "pairing.lim.group": "{score} 分组（{direction}编排）",
    "pairing.lim.direction.down": "向下",
    "pairing.lim.direction.up": "向上",
    "pairing.lim.meet": "{a}号与{b}号在{kind}相遇",
    "pairing.lim.floated": "（{players}为浮动棋手）",
    "pairing.lim.float-reason": "；{id}号离开{score}分组：{reason}（第{rule}条）",
    "pairing.lim.rule.2.3.1": "他已与该组其余棋手都下过",
    "pairing.lim.rule.2.3.2": "他某色已多两盘，组内无人能让他执另一色",
    "pairing.lim.rule.2.3.3": "他最近两轮同色，组内无人能让他执另一色",
    "pairing.lim.rule.2.3.4": "为使该组人数为偶数须有一人离开",
    "pairing.lim.rule.2.3": "其余棋手的配对需要他在组内的对手",
    "pairing.player": "{id}号",
    "pairing.list-separator": "、",
    # Pairing: float histories, notes, rounds no pairing satisfies, the round to pair, the checker's reports
    "pairing.float.pab": "第{round}轮编排轮空",
    "pairing.float.forfeit-win": "第{round}轮弃权胜",
    "pairing.float.half-point-bye": "第{round}轮半分轮空",
    "pairing.float.full-point-bye": "第{round}轮全分轮空",
    "pairing.float.unplayed": "第{round}轮未赛",
    "pairing.float.down": "第{round}轮对阵积分较低的{opponent}号",
    "pairing.float.up": "第{round}轮对阵积分较高的{opponent}号",
    "pairing.float-history.down": "降组：{reason}",
    "pairing.float-history.up": "升组：{reason}",
    "pairing.float-history.none": "无",
    "pairing.dubov.upfloats": "已升组 {count} 次",
    "pairing.dubov.upfloats.last-round": "已升组 {count} 次，上一轮也升组",
    "pairing.dubov.budget.upfloaters": "{bracket} 分组有 {count} 组升组棋手候选：只比较了前 {budget} 组",
    "pairing.dubov.budget.shifters": "调换棋手：只比较了前 {budget} 组",
    "pairing.dubov.rating-required": "杜波夫制要求每名棋手都有等级分（C.04.4.1 1.1.1；由总裁判长指定临时等级分，1.1.2）：{players}号没有等级分",
    "pairing.lim.note":
        "林氏制：第 1.1、2.1-2.3 条及第一轮、第二轮的示例依照 C.04.4.3 原文；第 2.4-2.6 条、浮动棋手的选择、交换和颜色的细节"
        "依照其已发表的摘要（docs/swiss-systems.md）",
    "pairing.berger.rest": "轮休：贝格尔表中对阵虚拟对手（人数为奇数）",
    "pairing.berger.tables": "按 FIDE 贝格尔表编排（C.05 附录 1）；贝格尔编号 = 序号",
    "pairing.lots.drawn": "编排号由抽签决定（种子 {seed}）；之后各轮请用同一种子编排",
    "pairing.system.dubov": "杜波夫制",
    "pairing.system.burstein": "伯斯坦制",
    "pairing.system.lim": "林氏制",
    "pairing.unpairable": "没有满足绝对标准的配对",
    "pairing.unpairable.dutch":
        "{count} 名待配对棋手的任何配对都不满足绝对标准（[C1] 不重复对局、不配禁止的对子，[C2] 编排轮空资格，"
        "[C3] 绝对颜色偏好）{isolated}{odd}。由总裁判长决定（C.04.3 1.9）。",
    "pairing.unpairable.isolated": "；{players}号没有可配的对手",
    "pairing.unpairable.odd": "；人数为奇数，且没有人可获编排轮空",
    "pairing.unpairable.system":
        "{count} 名待配对棋手的任何配对都不满足{system}的绝对标准（[C1] 不重复对局、不配禁止的对子，[C2] 编排轮空"
        "资格，[C3] 绝对颜色偏好）。由总裁判长决定（{article} 1.9.3）。",
    "pairing.round.start": "轮次从 1 开始",
    "pairing.round.out-of-sequence": "无法编排第 {round} 轮：文件已编排到第 {last} 轮，下一轮应为第 {next} 轮",
    "pairing.round.without-results":
        "文件中第 {last} 轮已编排，其中 {missing} 局尚无结果：请先录入第 {last} 轮的结果再编排第 {next} 轮，"
        "或用 round={last} 重新编排第 {last} 轮",
    "pairing.round.repaired": "文件中第 {last} 轮已编排（尚无结果）：本次根据此前各轮重新编排该轮，并取代文件中的编排",
    "pairing.round.already-paired": "文件中第 {round} 轮已编排（{why}）：不再重新编排；编排检查可审核已记录的轮次",
    "pairing.round.has-results": "已有结果",
    "pairing.round.paired-up-to": "文件已编排到第 {last} 轮",
    "pairing.unknown-players": "轮空或缺席名单中有未知的棋手 {players}",
    "pairing.initial-colour": "初始颜色必须是 W 或 B，而不是 {value!r}",
    "checker.cannot-pair": "引擎无法编排第 {round} 轮：{error}",
    "checker.colours": "对子相同，颜色不同：[第 5 条] 颜色分配",
    "checker.not-to-be-paired": "[C1] 文件配对了 {white}-{black}，但其中一人本轮不应配对",
    "checker.rematch": "[C1] 不重复对局、不配禁止的对子：文件配对了 {white}-{black}",
    "checker.absolute-colours": "[C3] 绝对颜色偏好：文件配对了 {white}-{black}",
    "checker.pab-eligibility": "[C2] 编排轮空资格：{player}号不得获得编排轮空",
    "checker.order": "[{article}] 文件的编排满足绝对标准，但不是该编排制首先得出的编排",
    "checker.no-player": "无",
    "checker.bracket": "[{criterion}] {bracket} 分组的{name}：文件 {file}，引擎 {engine}",
    "checker.criterion.C1": "不重复对局、不配禁止的对子",
    "checker.criterion.C2": "编排轮空资格",
    "checker.criterion.C3": "绝对颜色偏好",
    "checker.criterion.completion": "可完成配对",
    "checker.criterion.colour-preferences": "颜色偏好",
    "checker.criterion.pab": "编排轮空的选择",
    "checker.dutch.C5": "编排轮空者的分数",
    "checker.dutch.C6": "降组棋手人数",
    "checker.dutch.C7": "降组棋手的分数",
    "checker.dutch.C8": "下一分组中的对子数",
    "checker.dutch.C8s": "下一分组中配对的分数",
    "checker.dutch.C9": "编排轮空者的未赛局数",
    "checker.dutch.C10": "领先者的颜色差",
    "checker.dutch.C11": "领先者连续三次同色",
    "checker.dutch.C13": "强颜色偏好",
    "checker.dutch.C14": "上一轮曾降组的降组棋手",
    "checker.dutch.C15": "上一轮曾升组的降组棋手对手",
    "checker.dutch.C16": "两轮前曾降组的降组棋手",
    "checker.dutch.C17": "两轮前曾升组的降组棋手对手",
    "checker.dutch.C18": "重复降组者的分差（上一轮）",
    "checker.dutch.C19": "降组棋手对手重复升组的分差（上一轮）",
    "checker.dutch.C20": "重复降组者的分差（两轮前）",
    "checker.dutch.C21": "降组棋手对手重复升组的分差（两轮前）",
    "checker.dutch.Art.4": "生成顺序（各标准均相同）",
    "checker.dutch.Art.5": "颜色分配",
    "checker.dutch.pab": "[C5] 编排轮空者的分数：文件 {file}，引擎 {engine}",
    "checker.dutch.bracket": "[{criterion}] {bracket} 分组的{name}：文件 {file}{what}，引擎 {engine}",
    "checker.dutch.violations": "处未满足",
    "checker.dutch.pairs": "对",
    "checker.dutch.weighted": "（加权值，越大越好）",
    "checker.dutch.larger": "（越大越好）",
    "checker.dutch.order": "[第 4 条] 各标准值相同：按生成顺序引擎的编排在前",
    "checker.dubov.C5": "升组棋手人数",
    "checker.dubov.C6": "升组棋手的分数",
    "checker.dubov.C8": "升组棋手中已达升组上限者",
    "checker.dubov.C9": "已达上限者的升组次数",
    "checker.dubov.C10": "上一轮已升组的升组棋手",
    "checker.dubov.4.2": "升组棋手组合的顺序",
    "checker.dubov.3.2.6": "G2 的换位",
    "checker.dubov.pab":
        "[3.1] 编排轮空：文件 {file}，引擎 {engine}（在使其余棋手仍可全部配对者中：分数最低、已赛局数最多、编号最大）",
    "checker.dubov.order": "[3.2.6] 升组棋手及各标准均相同：引擎的编排是 G2 第一个得出合法配对的换位（4.4）",
    "checker.burstein.C5": "分组内的对子数（外流浮动棋手）",
    "checker.burstein.C6": "外流浮动棋手的分数",
    "checker.burstein.C7": "下一分组（[C5]-[C6]）",
    "checker.burstein.4.3": "配对顺序（各标准均相同）",
    "checker.burstein.what.C5": "外流浮动棋手",
    "checker.burstein.what.C6": "外流浮动棋手的分数，从高到低",
    "checker.burstein.what.C7": "下一分组的外流浮动棋手及其分数",
    "checker.burstein.what.C8": "未得到颜色偏好的棋手",
    "checker.burstein.what.4.3": "分组序号 1、2……的对手（浮动棋手记为 0）",
    "checker.burstein.bracket": "[{criterion}] {bracket} 分组的{name}：文件 {file}，引擎 {engine}（{what}）",
    "checker.burstein.seeding": "种子轮（1.6，按荷兰制编排）：{diagnosis}",
    "checker.burstein.order": "[4.3] 各分组同样好：按第 4 条的顺序引擎的编排在前",
    "checker.burstein.pab": "[3.1] 编排轮空：文件 {file}，引擎 {engine}",
    "checker.burstein.pab-unpairable": "[C4] 编排轮空给 {player}号时，其余棋手无法全部配对",
    "checker.burstein.pab-score": "[3.1] 编排轮空：{file}号（分数 {file_value}）而非 {engine}号（分数 {engine_value}）",
    "checker.burstein.pab-games": "[3.1] 编排轮空：{file}号（已赛 {file_value} 局）而非 {engine}号（已赛 {engine_value} 局）",
    "checker.burstein.pab-index": "[3.1.5] 编排轮空：按指数（1.8）{file}号排在 {engine}号之前",
    "checker.lim.C3": "颜色限制（2.1：不得连续三次同色，不得某色多三盘）",
    "checker.lim.1.1": "编排轮空",
    "checker.lim.2.3": "分数组的浮动棋手",
    "checker.lim.5": "颜色",
    "checker.lim.4": "交换",
    "checker.lim.pab": "[1.1] 编排轮空：文件 {file}，引擎 {engine}（最低分数组中排名最低的可获轮空者）",
    "checker.lim.floats": "[2.3] 不同分数之间的对子：文件 {file}，引擎 {engine}",
    "checker.lim.colours": "[5.2] 应得颜色相同的两人配对：文件 {file}，引擎 {engine}",
    "checker.lim.order": "[4] 浮动棋手和颜色均相同：按审查顺序引擎的编排更接近建议的配对",
}

# 该语言中指称破同分规则或其变体的词语（用于规则说明符与目录检索）。
# Words of this language that name a tie-break or one of its forms.
ALIASES: dict[str, str] = {
    # the terms of the seed documents (the seed that uses each: 000 guide, 001 rules, 002 Swiss, 003 catalogue,
    # 004 Solkoff)
    "大分": "PTS",  # 001, 002
    "积分": "PTS",  # 001
    "总积分": "PTS",  # 001, 002
    "场分": "MPTS",  # 001, 002
    "局分": "GPTS",  # 001, 002
    "直胜": "DE",  # 000, 001
    "直接对局": "DE",  # 003
    "直接对局（含弃权）": "DE/P",  # 003
    "胜局数": "WIN",  # 000, 001, 003
    "总胜局": "WIN",  # 004
    "实战胜局": "WON",  # 003
    "后手局数": "BPG",  # 001
    "执黑局数": "BPG",  # 003
    "执黑对局数": "BPG",  # 000
    "执黑胜局": "BWG",  # 003
    "累进分": "PS",  # 001, 002, 003
    "累计分": "PS",  # 002
    "渐进得分": "PS",  # 003
    "累进得分": "PS",  # 000
    "累进分Cut-1": "PS/C1",  # 003
    "渐进Cut-2": "PS/C2",  # 003
    "渐进中位数": "PS/M1",  # 003
    "渐进中位数-2": "PS/M2",  # 003
    "扣除累进分": "PSI",  # 004
    "选择参赛轮次": "REP",  # 003
    "已赛局数": "REP",  # 003
    "对手分": "BH",  # 001, 004
    "小分": "BH",  # 002
    "布赫霍尔兹": "BH",  # 003
    "布赫霍尔兹总分": "BH",  # 000
    "布赫兹破同分法": "BH",  # 002
    "队伍布赫霍尔兹分": "BH",  # 000
    "扣除对手分1型": "BH/C1",  # 001
    "扣除对手分": "BH/C1",  # 001
    "小布赫霍尔兹": "BH/C1",  # 003
    "布赫霍尔兹Cut-1": "BH/C1",  # 000
    "布赫霍尔兹Cut-2": "BH/C2",  # 000, 003
    "中间对手分": "BH/M1",  # 001, 004
    "中间对手分1型": "BH/M1",  # 001
    "中间布赫霍尔兹": "BH/M1",  # 000, 003
    "中间布赫霍尔兹-2": "BH/M2",  # 003
    "索伯分": "SB",  # 001
    "索伯-伯格": "SB",  # 003
    "索尼伯恩-伯格": "SB",  # 000
    "索伯-伯格Cut-1": "SB/C1",  # 003
    "索伯-伯格Cut-2": "SB/C2",  # 003
    "科亚系统": "KS",  # 000, 003
    "对手平均等级分": "ARO",  # 000, 003
    "ARO中位数": "ARO/M1",  # 003
    "ARO中位数-2": "ARO/M2",  # 003
    "锦标赛等级分表现水平": "TPR",  # 003
    "比赛Elo表现分": "TPR",  # 000
    "Elo表现水平": "TPR",  # 003
    "精确数学表现": "PTP",  # 003
    "对手平均表现分": "APRO",  # 000
    "初始Elo等级分": "RTNG",  # 000
    "赛前FIDE等级分": "RTNG",  # 000
    "等级分破同分": "RTNG",  # 004
    "抽签": "LOT",  # 000, 001
    "索尔科夫": "SOLK",  # 000
    "Solkoff法": "SOLK",  # 004
    "Solkoff中间值法": "SOLK/M1",  # 004
    "索尔科夫中间值法": "SOLK/M1",  # (transliteration)
    "Solkoff截断法": "SOLKC",  # 004
    "索尔科夫截断法": "SOLKC",  # (transliteration)
    "递归布赫霍尔兹": "RBH",  # 000
    "二级布赫霍尔兹": "RBH",  # 000
    "对手累进得分": "OPS",  # 000
}
