"""The table companion in a terminal (``rootbotics table``, ``cli/table.py``).

``run_new`` sets up a game and writes its session file; ``run_resume`` carries on.
At the prompt: Rootlog lines for the human whose turn it is, answers to questions, and the
commands in ``COMMANDS``. Every entry is saved at once, so Ctrl-C, Ctrl-D or a killed process
lose at most the line being typed. Reads a plain pipe too, echoing each line, so a whole
game can be scripted.
"""


import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, Optional

from ..core.faction import LAW, REGISTRY, RULE_SETS
from ..core.setup_order import FACTIONS, SETUP_RANK
from ..factions.lizards.cult import OPTION as CULT_OPTION
from ..factions.vagabot.human import OPTIONS as VAGABOND_OPTIONS
from .law import BOARD, RULES, law_built, listing, secret
from .law import LAW as LAW_RULES
from .replay import Refused
from .steps import Step, owner_words
from .session import Session, SessionError, TableConfig, TableSeat
from .text import board_lines, entries_said, hand_lines, score_lines, status_lines, table_state

COMMANDS: dict[str, str] = {
    "ok [N|all]": "confirm the next bot step (or N of them, or all that wait)",
    "done": "end the current human's setup or turn",
    "moves": "the legal moves of the seat asked now (law mode), numbered",
    "undo [N]": "take back the last entry (or N entries), across bot turns too",
    "redo [N]": "bring back what undo took back",
    "board [--svg FILE]": "the table at the current step (once the bot step waiting is done): pieces per clearing, score, bots' boards (--svg: a picture, the step's clearings ringed)",
    "why [SEAT] [N]": "the rule, candidates and tie-breaker behind the current step (or step N; SEAT N: of that seat's latest turn, a round back at most)",
    "score": "the victory points",
    "hand [NAME]": "the cards in a human's hand (the one playing or asked now, or NAME)",
    "help": "this list",
    "quit": "leave (exit too; nothing is lost: rootbotics table resume FILE carries on)",
}
QUIT_WORDS = ("quit", "exit")


HUMAN_ALIASES: dict[str, str] = {"vagabond": "vagabot"}  # the human faction's name for its seat


class UsageError(ValueError):
    """A bad command-line option: one line naming the option, exit code 2."""


def say(line: str = "") -> None:
    print(line, flush=True)


# -- options ----------------------------------------------------------------------------------
def parse_seats(humans: str, bots: str, order: str | None, options: dict[str, Any] | None = None) -> list[TableSeat]:
    """``faction:player`` per human (``vagabond@arbiter:Ann`` names his character, kept in
    ``options``; ``vagabond2:Bob`` seats a second Vagabond, a human only), bots by name; in setup order unless ``order`` is given."""
    seats: list[TableSeat] = []
    for part in filter(None, (p.strip() for p in humans.split(","))):
        faction, _, player = part.partition(":")
        if not player.strip():
            raise UsageError(f"--humans: {part!r} needs a player name, e.g. marquise:Ann")
        name, _, character = faction.strip().lower().partition("@")
        name = HUMAN_ALIASES.get(name, name)
        if character:
            if name not in VAGABOND_OPTIONS or options is None:
                raise UsageError(f"--humans: {part!r}: only a Vagabond names a character (vagabond@arbiter:Ann)")
            options[VAGABOND_OPTIONS[name]] = character
        seats.append(TableSeat(name, "human", player.strip()))
    seats += bot_seats(bots)
    for seat in seats:
        if seat.faction not in FACTIONS:
            raise UsageError(f"--humans/--bots: {seat.faction!r} is not a faction (choose from {', '.join(FACTIONS)})")
        problem = REGISTRY[seat.faction].rule_set_problem(seat.rule_set) if seat.seat == "bot" else None
        if problem:
            raise UsageError(f"--bots: {seat.faction}@{seat.rule_set}: {problem}")
    if order is None:
        return sorted(seats, key=lambda s: SETUP_RANK[s.faction])
    wanted = [HUMAN_ALIASES.get(f.strip().lower(), f.strip().lower()) for f in order.split(",")]
    if sorted(wanted) != sorted(s.faction for s in seats):
        raise UsageError("--order: name every seated faction once, in turn order")
    return [next(s for s in seats if s.faction == f) for f in wanted]


def bot_seats(bots: str) -> list[TableSeat]:
    """``eyrie@bbp,vagabot`` or ``bbp:eyrie,marquise`` -> bot seats with their rule sets: a
    leading ``<rule set>:`` is every seat's, ``<bot>@<rule set>`` one seat's; absent, the Law."""
    default, colon, rest = bots.partition(":")
    default, bots = (default.strip().lower(), rest) if colon else (LAW, bots)
    if default not in RULE_SETS:
        raise UsageError(f"--bots: {default!r} is not a rule set (choose from {', '.join(RULE_SETS)})")
    seats = []
    for part in filter(None, (p.strip().lower() for p in bots.split(","))):
        name, at, rule_set = part.partition("@")
        seats.append(TableSeat(name.strip(), "bot", rule_set=rule_set.strip() if at else default))
    return seats


def apply_bot_options(seats: list[TableSeat], difficulty: str | None, traits: str | None) -> None:
    """``--difficulty hard`` or ``eyrie:hard,vagabot:easy``; ``--traits eyrie:a+b``."""
    bots = {s.faction: s for s in seats if s.seat == "bot"}
    for part in filter(None, (p.strip() for p in (difficulty or "").split(","))):
        faction, _, level = part.rpartition(":")
        for f in [faction] if faction else list(bots):
            if f not in bots:
                raise UsageError(f"--difficulty: {f!r} is not a bot seat")
            bots[f].difficulty = level
    for part in filter(None, (p.strip() for p in (traits or "").split(","))):
        faction, _, names = part.partition(":")
        if faction not in bots or not names:
            raise UsageError(f"--traits: {part!r} is not bot:trait+trait with a seated bot")
        bots[faction].traits = tuple(t.strip() for t in names.split("+"))


MODES = ("competitive", "team")  # BBP 1.1-1.3; team: Fully Cooperative Play, "bots as team"


def table_options(mode: str, variants: str) -> dict[str, Any]:
    """``--mode team`` (the bots as one team, the cooperative option) and ``--variant ambush``
    (the Better Bot Project's variants, ``options.bbp_variants``); checked by the session."""
    mode = mode.strip().lower()
    if mode not in MODES:
        raise UsageError(f"--mode: {mode!r} is not a mode (choose from {', '.join(MODES)})")
    options: dict[str, Any] = {"cooperative": True} if mode == "team" else {}
    names = [v.strip().lower() for v in variants.split(",") if v.strip()]
    if names:
        options["bbp_variants"] = names
    return options


CULT_FLAG = "--cult-outcast-max"


def cult_option(maximum: Optional[int], seats: list[TableSeat]) -> dict[str, Any]:
    """``--cult-outcast-max N``: the Clockwork Cult's Outcast Pile maximum (BBP CC.2), for a
    table with that bot (``lizards@bbp``); its range is checked by the session."""
    if maximum is None:
        return {}
    if not any(s.faction == "lizards" and s.seat == "bot" and s.rule_set == "bbp" for s in seats):
        raise UsageError(f"{CULT_FLAG}: no Clockwork Cult (lizards@bbp) among the bots")
    return {CULT_OPTION: maximum}


def table_value_options(given: dict[str, Optional[str]], seats: list[TableSeat]) -> dict[str, Any]:
    """``--raccoon-paths``, ``--otters-export``, ``--alliance-sympathy``: values lost from the
    Better Bot Project's text that the table reads off its own board (issue 29), each for a table
    with its bot; their shapes are checked here, the rest by the session."""
    from ..factions import TABLE_VALUES, takes_table_value

    options: dict[str, Any] = {}
    for flag, text in given.items():
        if text is None:
            continue
        value = TABLE_VALUES[flag]
        if not takes_table_value(value.key, [(s.faction, s.rule_set) for s in seats if s.seat == "bot"]):  # both Robot Raccoons take the paths
            raise UsageError(f"{flag}: no {value.faction}@{value.rule_set} among the bots")
        try:
            options.update(value.parse(text))
        except ValueError as e:
            raise UsageError(f"{flag}: {e}") from None
    return options


def option_flags() -> dict[str, str]:
    """The session's option fields by the flags that set them."""
    from ..factions import TABLE_VALUES

    flags = {"config.options.bbp_variants": "--variant", "config.options.cooperative": "--mode", f"config.options.{CULT_OPTION}": CULT_FLAG}
    flags.update({f"config.options.{v.key}": v.flag for v in TABLE_VALUES.values()})
    return flags


def apply_rules(seats: list[TableSeat], rules: str) -> None:
    """``--rules law`` (the default): every human seat whose faction's Law of Root is built plays
    by legal moves, the others by Rootlog lines; ``--rules board``: every human by Rootlog lines,
    with no rule checks (house rules)."""
    rules = rules.strip().lower()
    if rules not in RULES:
        raise UsageError(f"--rules: {rules!r} is not a mode (choose from {', '.join(RULES)})")
    for seat in seats:
        if seat.seat == "human":
            seat.rules = LAW_RULES if rules == LAW_RULES and law_built(seat.faction) else BOARD


def new_session(args: dict[str, Any]) -> Session:
    path = Path(args["file"])
    if path.exists():
        raise UsageError(f"--file: {path} exists already; carry it on with 'rootbotics table resume {path}'")
    options: dict[str, Any] = {}
    seats = parse_seats(args["humans"] or "", args["bots"] or "", args["order"], options)
    apply_bot_options(seats, args["difficulty"], args["traits"])
    suits = [s.strip() for s in args["suits"].split(",")] if args["suits"] else None
    options.update(table_options(args.get("mode") or "competitive", args.get("variant") or ""))
    options.update(cult_option(args.get("cult_outcast_max"), seats))
    from ..factions import TABLE_VALUES

    options.update(table_value_options({flag: args.get(flag[2:].replace("-", "_")) for flag in TABLE_VALUES}, seats))
    apply_rules(seats, args.get("rules") or LAW_RULES)
    config = TableConfig(seats, args["map"], suits, args["seed"], args["dice"], args["deck"], options)
    try:
        session = Session(config, path)
    except SessionError as e:  # the options' fields by the options that set them
        option = option_flags().get(e.path)
        raise UsageError(f"{option}: {str(e).partition(': ')[2]}" if option else str(e)) from None
    session.save()
    return session


# -- the prompt -------------------------------------------------------------------------------
Reader = Callable[[str, bool], Optional[str]]  # (prompt, the answer is a secret) -> the line typed


def reader(session: Session) -> Reader:
    """prompt_toolkit with history and completion on a terminal; a plain pipe otherwise."""
    if sys.stdin.isatty():
        try:
            return toolkit_reader(session.path)
        except ImportError:
            pass
    return piped


def toolkit_reader(path: Path, **io: Any) -> Reader:
    """A prompt with the commands completed and a history kept beside the session file
    (``io``: prompt_toolkit's ``input``/``output``, for tests); a secret answer is typed hidden
    and kept out of the history."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    history = FileHistory(str(path.with_name(path.name + ".history")))
    ps: Any = PromptSession(history=history, completer=command_completer(), **io)

    def ask(prompt: str, hidden: bool = False) -> Optional[str]:
        try:
            if hidden:
                return PromptSession(**io).prompt(prompt, is_password=True)
            return ps.prompt(prompt)
        except EOFError:
            return None

    return ask


def command_completer() -> Any:
    """Completes the companion's commands (and ``all`` after ``ok``)."""
    from prompt_toolkit.completion import WordCompleter

    return WordCompleter([c.split()[0] for c in COMMANDS] + ["all"])


def piped(prompt: str, hidden: bool = False) -> Optional[str]:
    """Read one line from a pipe, echoing it after the prompt so a transcript reads well (a
    secret answer is not echoed)."""
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        say()
        return None
    say("(hidden)" if hidden else line.rstrip("\n"))
    return line.strip()


def asks_secret(session: Session) -> bool:
    """The seat asked now is to give a secret answer (a face-down plot's kind, LoR 13.2.2.1)."""
    q = session.play.pending
    return q is not None and q.ask == "move" and not session.play.unconfirmed and secret(q.decision) is not None


def prompt_label(session: Session) -> str:
    play = session.play
    if play.over:
        return "game over table> "
    who = play.open.faction if play.open is not None and not play.unconfirmed else None
    if play.pending is not None and play.pending.faction and not play.unconfirmed:
        who = play.pending.faction  # a question (or a decision) of a human: theirs to answer
    name = session.config.player(who) if who else "bots"
    return f"[round {play.round} {name}] table> "


def loop(session: Session) -> int:
    read = reader(session)
    for line in status_lines(session):
        say(line)
    while True:
        try:
            text = read(prompt_label(session), asks_secret(session))
        except KeyboardInterrupt:
            say(f"(Ctrl-C: nothing lost, the game is in {session.path}; Ctrl-D leaves)")
            continue
        if text is None or text.strip().lower() in QUIT_WORDS:
            say(f"Saved in {session.path}. Carry on with: rootbotics table resume {session.path}")
            return 0
        if text:
            try:
                handle(session, text)
            except KeyboardInterrupt:  # the file holds every entry that was taken: read it again
                session = Session.load(session.path)
                say("(Ctrl-C: stopped; the game is as last saved)")


def handle(session: Session, text: str) -> None:
    """One line typed at the table."""
    word, _, rest = text.partition(" ")
    command = COMMAND_HANDLERS.get(word.lower())
    try:
        if command is not None:
            command(session, rest.strip())
        else:
            enter_line(session, text)
    except (Refused, UsageError) as e:
        say(f"error: {e}")


def enter_line(session: Session, text: str) -> None:
    """An answer to the open question, or a Rootlog line of the human whose turn it is."""
    from .chance import parse_answer

    play = session.play
    seen = len(play.told)
    hidden = asks_secret(session)
    if play.pending is not None:
        try:
            value = parse_answer(play.pending, text, play.game.state.deckdef)
        except ValueError as e:
            if play.pending.ask == "move" and looks_like_rootlog(text, play.pending.decision.seat):
                enter_rootlog(session, text)  # law mode: a Rootlog line answers a chain of decisions
                return
            raise UsageError(f"answer: {e}") from None
        if play.pending.ask == "move":  # what this move did is told afresh
            seen = len(play.told) - len(play.law_told)
        session.enter({"kind": "answer", "ask": play.pending.ask, "value": value})
    elif play.open is not None:
        session.enter({"kind": "line", "faction": play.open.faction, "text": text})
        seen = 0
    else:
        raise UsageError(f"{text.split()[0]!r} is not a command now (type help)")
    for told in session.play.told[seen:]:  # what the line did that the table should know
        say(f"  {told}")
    if hidden:
        say("  (your secret answer is taken: the table sees only what the line above says)")
    show(session)


def looks_like_rootlog(text: str, faction: str) -> bool:
    """The words are a Rootlog line of the seat (not a move's words or number)."""
    from .board import LETTERS
    from .rootlog import RootlogError, parse_action

    try:
        return bool(parse_action(text.strip(), LETTERS.get(faction)))
    except RootlogError:
        return False


def enter_rootlog(session: Session, text: str) -> None:
    """A law-mode seat's Rootlog line: the chain of legal moves that changes the board as it
    does (``law_lines.find_chain``), each move an answer entry; refused whole otherwise."""
    from .law import encode
    from .law_lines import find_chain

    try:
        chain = find_chain(session.play, text)
    except ValueError as e:
        raise UsageError(f"answer: {owner_words(str(e), session.play.names)}") from None
    entered = 0
    try:
        for decision, move in chain:
            play = session.play
            seen = len(play.told) - len(play.law_told)
            session.enter({"kind": "answer", "ask": "move", "value": encode(decision, move)})
            entered += 1
            for told in session.play.told[seen:]:
                say(f"  {told}")
    except Refused:
        if entered:  # cannot happen (the chain was played on a copy), but leave nothing half-done
            session.undo(entered)
            session.undone.clear()
        raise
    show(session)


def show(session: Session) -> None:
    for line in status_lines(session):
        say(line)


def count_arg(rest: str, command: str, default: int = 1) -> int:
    if not rest:
        return default
    if not rest.isdigit() or int(rest) < 1:
        raise UsageError(f"{command}: {rest!r} is not a count of 1 or more")
    return int(rest)


def cmd_ok(session: Session, rest: str) -> None:
    waiting = len(session.play.unconfirmed)
    if not waiting and session.play.pending is not None:  # a question waits: say it again
        say("  (no bot step waits: the question first)")
        show(session)
        return
    if not waiting:
        raise UsageError("ok: no bot step is waiting to be confirmed")
    n = waiting if rest == "all" else count_arg(rest, "ok")
    session.enter({"kind": "ok", "n": n})
    tell_law(session)
    show(session)


def tell_law(session: Session) -> None:
    """What a law-mode seat's moves did (the engine played them) since the entry came."""
    for told in session.play.law_told:
        say(f"  {told}")


def cmd_done(session: Session, rest: str) -> None:
    play = session.play
    if play.pending is not None and play.pending.ask == "move" and not play.unconfirmed:
        enter_line(session, "done")  # law mode: the decision's "end this step", if offered
        return
    if play.open is None:
        raise UsageError("done: no human is setting up or taking a turn now")
    session.enter({"kind": "done", "faction": play.open.faction})
    show(session)


def cmd_moves(session: Session, rest: str) -> None:
    play = session.play
    if play.unconfirmed:
        raise UsageError(f"moves: first carry out step {play.unconfirmed[0].number} and confirm it with ok")
    if play.pending is None or play.pending.ask != "move":
        law = [session.config.player(f) for f in sorted(session.config.law_factions())]
        note = f"{', '.join(law)} play{'s' if len(law) == 1 else ''} by legal moves" if law else "every human seat plays by Rootlog lines (board mode)"
        raise UsageError(f"moves: no seat is asked for a move now ({note})")
    for line in listing(play.pending.decision):
        say(line)


def cmd_undo(session: Session, rest: str) -> None:
    n = session.undo(count_arg(rest, "undo"))
    say(f"undid {n} entr{'y' if n == 1 else 'ies'}: {entries_said(session, session.undone[:n])}" if n else "nothing to undo")
    show(session)


def cmd_redo(session: Session, rest: str) -> None:
    n = session.redo(count_arg(rest, "redo"))
    say(f"redid {n} entr{'y' if n == 1 else 'ies'}: {entries_said(session, session.entries[len(session.entries) - n:])}" if n else "nothing to redo")
    show(session)


def cmd_why(session: Session, rest: str) -> None:
    """The explanation of step N (default: the step to do now, or the last one told); ``why
    SEAT N``: step N of that seat's turn this round (every step of the round can be reached)."""
    play = session.play
    words = rest.split()
    number = words[-1] if words and words[-1].isdigit() else ""
    seat = " ".join(words[:-1] if number else words)
    if seat:
        steps, whose = turn_steps(session, seat)
    else:
        steps, whose = play.steps or play.previous, ""
    if not steps:
        raise UsageError("why: no bot step has been told yet")
    default = play.unconfirmed[0].number if play.unconfirmed and not whose else steps[-1].number
    n = count_arg(number, "why", default)
    if n > len(steps):
        raise UsageError(f"why: there are {len(steps)} steps{' of ' + whose if whose else ''}, not {n}" + turns_hint(session))
    say(f"  step {n}{' of ' + whose if whose else ''}: {steps[n - 1].why}")


def turn_label(session: Session, faction: str | None) -> str:
    from .steps import who

    return "the setup" if faction is None else f"{who(faction, session.play.names)}'s turn"


def turn_steps(session: Session, seat: str) -> tuple[list[Step], str]:
    """The steps of the latest turn this round of the seat named (a player, a faction or a
    bot's name; ``setup``), the current turn's included."""
    play = session.play
    turns = [*play.earlier, (play.whose, play.steps)]
    want = seat.strip().lower()
    for faction, steps in reversed(turns):
        names = {"setup"} if faction is None else {faction, session.config.player(faction).lower(), turn_label(session, faction).lower()}
        if faction is not None:
            names |= {w for w in turn_label(session, faction).lower().removesuffix("'s turn").split() if w != "the"}
        if want in names and steps:
            return steps, turn_label(session, faction)
    raise UsageError(f"why: no turn of {seat!r} in the last round" + turns_hint(session))


def turns_hint(session: Session) -> str:
    """Which turns of this round ``why SEAT N`` reaches."""
    play = session.play
    turns = [f"{turn_label(session, f)} ({len(st)} steps)" for f, st in [*play.earlier, (play.whose, play.steps)] if st]
    return f"; the last round: {', '.join(turns)} (why SEAT N)" if turns else ""


def cmd_hand(session: Session, rest: str) -> None:
    try:
        lines = hand_lines(session, rest)
    except ValueError as e:
        raise UsageError(f"hand: {e}") from None
    for line in lines or ["  no human sits at this table"]:
        say(line)


# The board picture (``web.board.board_svg``: a layer above the table, so ``cli/table.py`` hands
# it in); without it, ``board --svg`` draws the map alone with the clearings ringed.
BoardPicture = Callable[[Any, Collection[int]], str]
PICTURE: list[BoardPicture] = []


def cmd_board(session: Session, rest: str) -> None:
    """``board``: the table at the current step; ``board --svg FILE``: its picture, the
    clearings of the step waiting (or the last told) ringed."""
    words = rest.split()
    if not words:
        for line in board_lines(session):
            say(line)
        return
    if words[0] != "--svg" or len(words) != 2:
        raise UsageError("board: 'board' or 'board --svg FILE'")
    play = session.play
    step = play.unconfirmed[0] if play.unconfirmed else (play.steps or play.previous or [None])[-1]
    rings = step.places if step is not None else ()
    svg = board_picture(table_state(session), rings)
    out = Path(words[1]).expanduser()
    try:
        out.write_text(svg, encoding="utf-8")
    except OSError as e:
        raise UsageError(f"board: cannot write {out}: {e.strerror or e}") from None
    ringed = f"; ringed: {', '.join(f'clearing {c}' for c in rings)}" if rings else ""
    say(f"  the board at the current step is in {out}{ringed}")


def board_picture(state: Any, rings: Collection[int]) -> str:
    if PICTURE:
        body = PICTURE[0](state, rings)
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1) if "xmlns=" not in body.split(">", 1)[0] else body
    from ..mapsvg import render_svg

    return render_svg(state.map, state.suits, ferry=state.ferry, opened=state.opened_paths, rings=tuple(rings))


def cmd_help(session: Session, rest: str) -> None:
    for usage, text in COMMANDS.items():
        say(f"  {usage:<18} {text}")
    say("  anything else: the answer to the question asked, or a Rootlog line of the human whose turn it is")


COMMAND_HANDLERS: dict[str, Callable[[Session, str], None]] = {
    "ok": cmd_ok,
    "done": cmd_done,
    "undo": cmd_undo,
    "redo": cmd_redo,
    "board": cmd_board,
    "score": lambda s, r: [say(x) for x in score_lines(s)] and None,
    "why": cmd_why,
    "moves": cmd_moves,
    "hand": cmd_hand,
    "help": cmd_help,
}


# -- typer ------------------------------------------------------------------------------------
def run_new(**args: Any) -> int:
    try:
        session = new_session(args)
    except UsageError as e:
        print(f"rootbotics: error: {e}", file=sys.stderr)
        return 2
    say(f"New table game in {session.path} ({session.config.map}, seed {session.config.seed}; dice: {session.config.dice}, deck: {session.config.deck}).")
    say_rules(session)
    return loop(session)


def say_rules(session: Session) -> None:
    """Which human seats play by legal moves (said only when some do: board-only tables read as before)."""
    cfg = session.config
    law = [s for s in cfg.seats if s.seat == "human" and s.rules == LAW_RULES]
    if not law:
        return
    board = [s.player for s in cfg.seats if s.seat == "human" and s.rules != LAW_RULES]
    line = f"By the Law of Root's legal moves: {', '.join(s.player for s in law)} (answer by number or words; moves lists them)"
    say(line + (f"; by Rootlog lines, unchecked: {', '.join(board)}." if board else "."))


def run_resume(file: str) -> int:
    try:
        session = Session.load(file)
    except SessionError as e:
        where = f"{file}: " if e.path else ""  # a field of the file, or already about the file
        print(f"rootbotics: error: {where}{e}", file=sys.stderr)
        return 2
    say(f"Resuming {file}: {len(session.entries)} entries replayed.")
    say_rules(session)
    return loop(session)
