"""Hot seat through a real pseudo-terminal: when the keyboard passes to the next person in
a game with secrets, the screen (scrollback included) has been cleared and shows only
"Pass to …" — nothing the last player saw or typed, their secrets and moves included.

The console runs as a person starts it (``python -m bot --local …``), in its own
pseudo-terminal, so readline, the terminal's echo of typed lines and the clearing codes
are the real ones. Each player plays the first of their legal moves.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from console.terminal import CLEAR

ROOT = Path(__file__).resolve().parents[2]
CSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")
PROMPT = re.compile(r"(?:Pass to (?P<pass>\S+) — press Enter(?P<again> \(only Enter\))?"
                    r"|(?P<actor>\S+) \[[a-z-]+ #\d+\]>"
                    r"|(?P<ask>.*\[y/N\])) $")
SETTLE = 0.3
"""After a prompt is seen, how long to wait for more output before taking it as the
prompt the console is reading at (readline may redraw a prompt line as it starts)."""
QUIET = 0.02
"""The same wait once the console is seen reading the terminal (:meth:`Terminal.reading`):
readline switches the terminal before it prints its prompt, so with the whole prompt on
screen it only waits for keys; a short look for more output is all that is left."""
WAIT = 60.0  # a generous bound for the console to answer; it normally takes well under 1 s


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the
    pseudo-terminal, so Ctrl-C typed there is SIGINT to its process group, as in a shell."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """The console in a pseudo-terminal: what it printed, and a way to type."""

    def __init__(self, argv: list[str], tmp: Path) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40",
               "DATABASE_PATH": str(tmp / "hot.db"), "BOARDS_DIR": str(tmp / "boards")}
        env.pop("DISCORD_TOKEN", None)
        self.process = subprocess.Popen([sys.executable, "-m", "bot", "--local", *argv],
                                        cwd=ROOT, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, preexec_fn=_own_terminal)
        os.close(slave)
        self.raw = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def prompt(self, kind: str | None = None) -> re.Match[str]:
        """Wait for the console to sit at a prompt (of ``kind``: ``pass``, ``again`` or
        ``actor``, if given) with nothing more to print; returns its match."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            last = re.split(r"[\r\n]", CSI.sub("", self.raw))[-1]
            found = PROMPT.fullmatch(last)
            waiting = found is not None and (kind is None or found[kind] is not None)
            settle = (QUIET if self.reading() else SETTLE) if waiting else 0.5
            ready, _, _ = select.select([self.master], [], [], settle)
            if not ready:
                if waiting:
                    assert found is not None
                    return found
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            self.raw += self.decoder.decode(chunk)
        raise AssertionError(f"no prompt; the screen ends with {self.raw[-800:]!r}")

    def reading(self) -> bool:
        """The console is reading a line: readline takes the terminal out of canonical
        mode before it prints its prompt, and puts it back once the line is typed."""
        return not termios.tcgetattr(self.master)[3] & termios.ICANON

    def type(self, line: str) -> None:
        self.raw = ""  # what comes next is read fresh; the screen is kept in `screen`
        os.write(self.master, line.encode() + b"\r")

    def key(self, control: str) -> None:
        """Press Ctrl-``control`` (``C``: interrupt, ``D``: end of input)."""
        self.raw = ""
        os.write(self.master, bytes([ord(control) - 64]))

    def finish(self) -> int:
        """Read everything until the console exits; its exit code."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if chunk:
                    self.raw += self.decoder.decode(chunk)
                    continue
            if self.process.poll() is not None and not ready:
                break
            if ready:  # the terminal closed
                break
        return self.process.wait(timeout=WAIT)

    def others_left(self) -> list[int]:
        """Processes of the console's group still running (worker processes), a zombie
        waiting to be reaped not counted; waits for them to end a while first."""
        deadline = time.monotonic() + WAIT
        while True:
            alive = []
            for entry in os.listdir("/proc"):
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except (OSError, ValueError):
                    continue
                fields = stat.rsplit(")", 1)[-1].split()
                if entry.isdigit() and int(fields[2]) == self.process.pid and fields[0] != "Z":
                    alive.append(int(entry))
            if not alive or time.monotonic() > deadline:
                return alive
            time.sleep(0.1)

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=WAIT)
        os.close(self.master)


def since_clear(screen: str) -> str:
    """What is on the screen now: the text after the last clear, codes taken out."""
    return CSI.sub("", screen.rsplit(CLEAR, 1)[-1]).replace("\r", "").strip()


def hot_seat(argv: list[str], tmp: Path, hand_overs: int) -> list[tuple[str, str]]:
    """Play until ``hand_overs`` hand-overs; each is (what the last player saw and typed,
    the screen the next player sits down to)."""
    term = Terminal(argv, tmp)
    seen: list[tuple[str, str]] = []
    screen = ""  # everything since the console started
    turn = ""  # what the player at the keyboard saw and typed since they sat down
    expect = None  # after a hand-over, the next prompt is the new player's
    try:
        while len(seen) < hand_overs:
            found = term.prompt(expect)
            screen += term.raw
            turn += term.raw
            if found["pass"]:
                seen.append((turn, since_clear(screen)))
                turn = ""
                term.type("")
                expect = "actor"
                continue
            expect = None
            term.type("moves")
            term.prompt("actor")
            screen += term.raw
            turn += term.raw
            moves = re.search(r"legal moves?: (.+)", CSI.sub("", term.raw))
            assert moves, term.raw[-500:]
            term.type(moves.group(1).split(", ")[0].strip(" …\r"))
        term.type("quit")
    finally:
        term.close()
    return seen


def private_lines(turn: str) -> list[str]:
    """The lines of a turn that belong to its player alone: their private information,
    their legal moves and what they typed (the terminal echoes it)."""
    lines = [line.strip() for line in CSI.sub("", turn).replace("\r", "").splitlines()]
    return [line for line in lines if line and ("for your eyes only" in line
                                                or "legal move" in line or "]> " in line)]


@pytest.mark.parametrize("game,secret", [
    ("when-gods-collide", "]> god "),  # choosing one's god checker, typed at the keyboard
    ("terra", "Your reserve: ")])  # a reserve, which the others must not read
def test_the_next_player_sits_down_to_a_cleared_screen(game, secret, tmp_path):
    argv = [game, "--players", "2", "--seed", "3", "--names", "Ana,Bo", "--ai-level",
            "random"]
    hand_overs = hot_seat(argv, tmp_path, hand_overs=16)
    secrets = 0
    for number, (turn, screen) in enumerate(hand_overs):
        assert re.fullmatch(r"Pass to (Ana|Bo) — press Enter", screen), (number, screen)
        for line in private_lines(turn):
            secrets += secret in line
            assert line not in screen
    assert secrets >= 2  # both players really had a secret on screen before handing over
    assert "\x1b[3J" in CLEAR  # the scrollback is erased, not only the visible screen


def test_the_hand_over_is_asked_only_when_the_person_changes(tmp_path):
    """Commands and errors do not bring the "Pass to" prompt back, and nothing typed at
    it is played."""
    term = Terminal(["when-gods-collide", "--players", "2", "--seed", "3", "--names",
                     "Ana,Bo", "--ai-level", "random"], tmp_path)
    try:
        assert term.prompt()["pass"]
        term.type("tile g7")  # meant for the move prompt: not played, asked again
        term.prompt("again")
        term.type("")
        player = term.prompt("actor")["actor"]
        term.type("history")
        assert term.prompt("actor")["actor"] == player
        assert "No moves yet." in term.raw  # what was typed at "Pass to" was not played
        for line in ("moves", "nonsense"):
            term.type(line)
            assert term.prompt("actor")["actor"] == player
            assert "Pass to" not in CSI.sub("", term.raw)
        term.type("quit")
        assert term.process.wait(timeout=WAIT) == 0
    finally:
        term.close()


def text_of(raw: str) -> str:
    return CSI.sub("", raw).replace("\r", "")


def fits(raw: str, tmp: Path) -> None:
    """Every line fits 80 columns, but a path (or the command with paths) kept whole."""
    from console.terminal import WIDTH, columns

    for line in text_of(raw).split("\n"):
        if str(tmp) not in line and "python" not in line:
            assert columns(line) <= WIDTH, line


def vs_computer(*more: str) -> list[str]:
    return ["witch-stones", "--ai", "1", "--names", "Ana", "--seed", "8", *more]


@pytest.mark.parametrize("where,argv,before", [
    ("at the move prompt", vs_computer("--ai-level", "random"), []),
    ("at the hand-over", ["when-gods-collide", "--names", "Ana,Bo", "--seed", "3",
                          "--ai-level", "random"], []),
    ("while the computer thinks", vs_computer("--ai-iterations", "1000000"), ["suns"])])
def test_ctrl_c_saves_says_how_to_resume_and_exits_quietly(where, argv, before, tmp_path):
    term = Terminal(argv, tmp_path)
    try:
        term.prompt()
        seen = term.raw
        for line in before:
            term.type(line)
        if before:
            time.sleep(0.3)  # the computer (a worker process) is thinking now
        term.key("C")
        code = term.finish()
        seen += term.raw
        said = text_of(term.raw)
        assert code == 130, said
        assert "Traceback" not in said and "Error" not in said, said
        assert re.search(r"(^|\n)Saved\. Resume with: \S+ -m bot --local --resume 1 ", said)
        assert term.others_left() == []  # no worker process outlives the console
        fits(seen, tmp_path)
    finally:
        term.close()
    if before:  # the computer's move was not made: the resumed match makes it
        again = Terminal(["--resume", "1", "--ai-level", "random"], tmp_path)
        try:
            assert again.prompt()["actor"] == "Ana"
            assert "Computer 1 took" in text_of(again.raw)
            again.key("D")
            assert again.finish() == 0
        finally:
            again.close()


def test_ctrl_c_at_a_question_answers_no_and_ctrl_d_ends_its_line(tmp_path):
    """As Ctrl-D does: "Resign? [y/N]" is answered no; at the prompt, Ctrl-D's "Saved"
    starts a line of its own (the terminal echoes no newline for it)."""
    term = Terminal(vs_computer("--ai-level", "random"), tmp_path)
    try:
        term.prompt("actor")
        term.type("resign")
        assert term.prompt("ask")
        term.key("C")
        assert term.prompt("actor")["actor"] == "Ana"
        assert "Not resigned." in text_of(term.raw)
        term.key("D")
        assert term.finish() == 0
        assert re.match(r"\r?\nSaved\. Resume with: ", CSI.sub("", term.raw)), term.raw
    finally:
        term.close()


def test_a_resumed_secret_game_shows_what_the_player_sees_on_their_turn(tmp_path):
    """After the hand-over: the moves since their last turn, the picture's path and their
    private information (issue 36: only scores and board were shown)."""
    hot_seat(["terra", "--players", "2", "--seed", "3", "--names", "Ana,Bo", "--ai-level",
              "random"], tmp_path, hand_overs=5)
    term = Terminal(["--resume", "1", "--ai-level", "random"], tmp_path)
    try:
        assert term.prompt()["pass"]
        assert re.fullmatch(r"Pass to (Ana|Bo) — press Enter", since_clear(term.raw))
        term.type("")
        player = term.prompt("actor")["actor"]
        screen = since_clear(term.raw)
        assert re.search(rf"^(Since {player}'s last turn:|Before {player}'s first turn:)\n"
                         r"\S+ ", screen, re.M), screen
        assert "[board: " in screen and "Your reserve: " in screen
        assert f"private/2-{player}" in screen or f"private/1-{player}" in screen
        term.type("quit")
        assert term.process.wait(timeout=WAIT) == 0
        fits(term.raw, tmp_path)
    finally:
        term.close()


def test_a_single_legal_move_is_played_with_enter(tmp_path):
    """Storm's turn often ends with one legal move (`end`): the prompt names it and
    Enter plays it."""
    term = Terminal(["storm-of-the-gods", "--ai", "1", "--names", "Ana", "--seed", "2",
                     "--ai-level", "random"], tmp_path)
    seen = ""
    try:
        for _ in range(80):
            term.prompt("actor")
            seen += term.raw
            only = re.search(r"Only one legal move: (.+)\. Enter plays it\.", text_of(term.raw))
            if only:
                term.type("")
                term.prompt("actor")
                seen += term.raw
                assert f"Ana plays the only move: {only[1]}." in text_of(term.raw)
                break
            term.type("moves")
            term.prompt("actor")
            seen += term.raw
            moves = re.search(r"legal moves?: ([^,\r\n]+)", text_of(term.raw))
            assert moves, term.raw[-400:]
            term.type(moves[1].strip())
        else:
            raise AssertionError("no single legal move came up")
        term.type("quit")
        assert term.process.wait(timeout=WAIT) == 0
        fits(seen, tmp_path)
    finally:
        term.close()
