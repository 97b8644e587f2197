#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""Runs the shell commands the documentation shows, so that no doc drifts from the code.

Every fenced block in README.md and docs/*.md whose language is sh, bash, shell or console is a
test. Its command lines run one after another from the repository root, in one bash per line
(exported variables and `cd` carry over to the next line), each with a time limit, standard input
from /dev/null and ALSOFT_DRIVERS=null (OpenAL Soft's silent null device). A console block's
commands are its `$ ` lines; the rest is output. `make doc-test` builds what the blocks use first.

A block that must not run here (it is all of CI, needs sudo or a sound card, takes an hour with no
meaningful smaller size, or installs outside the work tree) carries a marker on the line right before
its fence, with the reason:

    <!-- doc-test: skip — the full CI run -->

Its `make` targets are still checked to exist (`make -n`). Several markers may stand one after
another right before a fence; each applies to that block. The others:

    <!-- doc-test: timeout=N -->
        each command of the block gets N seconds instead of the default.
    <!-- doc-test: skip-line: TEXT — reason -->
        the block runs, but not its command lines that contain TEXT (`make check`, all of CI, in a
        block beside commands that can run).
    <!-- doc-test: stand-in: SHOWN => RUN -->
        in every command line that contains SHOWN (not as part of a longer word: `make bench`
        does not match `make bench-smoke`), RUN takes its place: the doc keeps the real command,
        the test runs a smaller one (`make storms N=100000 => make storms N=20`). A
        stand-in must run the same target or program with a smaller size, or put a real file or
        folder where the doc has a placeholder; never something else. One that matches no line
        fails the block, so a stand-in cannot outlive the command it stands in for.
    <!-- doc-test: setup: COMMAND -->
        runs before the block's commands, in the same shell state (a `cd` or `export` carries
        over), to prepare what the doc takes for granted: a game.c, an unpacked SDK.

Every block runs with DOC_TEST_ROOT (the repository) and DOC_TEST_TMP (an empty folder of its own,
deleted afterwards) in its environment, for setups and stand-ins; a block starts in DOC_TEST_ROOT.
A fence with no language is an error: write ```text for output or pictures, ```sh for commands. A
command that leaves a new untracked file in the work tree fails the block: doc commands write under
out/ (git-ignored).

Prints one line per shell block (file:line, PASS, FAIL or SKIP and why), then the summary line
`N passed, N failed, N skipped`; exits 1 on any failure.

Usage: Tests/docs/run-doc-commands.py [--timeout SECONDS] [-v] [FILE.md ...]
"""

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHELL_LANGUAGES = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
MARKER = re.compile(r"^\s*<!--\s*doc-test:\s*(?P<directive>.*?)\s*-->\s*$")
SKIP = re.compile(r"^skip\s*(?:[—–:]|--?)\s*(?P<reason>\S.*)$")
TIMEOUT = re.compile(r"^timeout\s*=\s*(?P<seconds>\d+)$")
SKIP_LINE = re.compile(r"^skip-line:\s*(?P<text>\S.*?)\s+(?:[—–]|--?)\s+(?P<reason>\S.*)$")
STAND_IN = re.compile(r"^stand-in:\s*(?P<shown>\S.*?)\s+=>\s+(?P<run>\S.*)$")
SETUP = re.compile(r"^setup:\s*(?P<command>\S.*)$")
MAKE_TARGETS = re.compile(r"^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*make\s+(?P<args>[^#;&|]*)")


class Block:
    def __init__(self, path, line, language, body, directives):
        self.path, self.line, self.language, self.body = path, line, language, body
        self.directives = directives  # [(line, directive)], in the file's order

    @property
    def where(self):
        return f"{self.path}:{self.line}"


def parse(path):
    """The shell blocks of one Markdown file, each with the doc-test marker before it, and the
    file's errors as (line, message), both in the file's order."""
    blocks, errors = [], []
    lines = (ROOT / path).read_text(encoding="utf-8").split("\n")
    markers = {}  # line number -> directive
    for number, text in enumerate(lines, 1):
        match = MARKER.match(text)
        if match:
            markers[number] = match.group("directive")
    used = set()
    number = 0
    while number < len(lines):
        match = FENCE.match(lines[number])
        number += 1
        if not match:
            continue
        start, fence = number, match.group("fence")
        language = match.group("info").strip().split()[0].lower() if match.group("info").strip() else ""
        body = []
        while number < len(lines):
            text = lines[number]
            number += 1
            closing = FENCE.match(text)
            if closing and closing.group("fence")[0] == fence[0] and len(closing.group("fence")) >= len(fence) \
                    and not closing.group("info").strip():
                break
            body.append(text[len(match.group("indent")):] if text.startswith(match.group("indent")) else text)
        else:
            errors.append((start, f"{path}:{start} FAIL: the fence is never closed"))
        # The markers right before the fence: a run of marker lines, blank lines between them allowed.
        directives, previous = [], start - 1
        while previous >= 1 and (not lines[previous - 1].strip() or previous in markers):
            if previous in markers:
                directives.insert(0, (previous, markers[previous]))
                used.add(previous)
            previous -= 1
        if not language:
            errors.append((start, f"{path}:{start} FAIL: a fence with no language: write ```text for output "
                                  f"or pictures, ```sh for commands"))
        elif language in SHELL_LANGUAGES:
            blocks.append(Block(path, start, language, body, directives))
        else:
            for line, _ in directives:
                errors.append((line, f"{path}:{line} FAIL: a doc-test marker before a ```{language} block, "
                                     f"which never runs"))
    for line in sorted(set(markers) - used):
        errors.append((line, f"{path}:{line} FAIL: a doc-test marker that is not right before a fence"))
    return blocks, errors


def commands(block):
    """The command lines of a block: continuation lines joined, comment-only and blank lines dropped."""
    result, pending = [], ""
    for text in block.body:
        if block.language == "console":
            if pending:
                text = text[2:] if text.startswith("> ") else text
            elif text.startswith("$ "):
                text = text[2:]
            else:
                continue
        if pending:
            text = pending + "\n" + text
            pending = ""
        if text.rstrip().endswith("\\"):
            pending = text
            continue
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            result.append(text)
    if pending.strip():
        result.append(pending)
    return result


class Plan:
    """What the markers before a block ask: skip it, or run it with a time limit, some lines left
    out, stand-ins and setup commands; `errors` are markers that make no sense."""

    def __init__(self, block, timeout):
        self.skip, self.timeout, self.skip_lines, self.stand_ins, self.setups, self.errors = \
            None, timeout, [], [], [], []
        for line, directive in block.directives:
            where = f"{block.path}:{line}"
            matches = {name: pattern.match(directive) for name, pattern in
                       (("skip", SKIP), ("timeout", TIMEOUT), ("skip-line", SKIP_LINE), ("stand-in", STAND_IN),
                        ("setup", SETUP))}
            word = directive.split()[0] if directive.split() else ""
            if word.startswith("skip-line"):
                if not matches["skip-line"]:
                    self.errors.append(f"{where} FAIL: a skip-line needs its text and reason: "
                                       f"<!-- doc-test: skip-line: TEXT — reason -->")
                    continue
                self.skip_lines.append((matches["skip-line"].group("text"), matches["skip-line"].group("reason")))
            elif matches["skip"]:
                self.skip = matches["skip"].group("reason")
            elif matches["timeout"]:
                self.timeout = int(matches["timeout"].group("seconds"))
            elif matches["stand-in"]:
                self.stand_ins.append((matches["stand-in"].group("shown"), matches["stand-in"].group("run")))
            elif matches["setup"]:
                self.setups.append(matches["setup"].group("command"))
            elif word == "skip":
                self.errors.append(f"{where} FAIL: a skip needs its reason: <!-- doc-test: skip — reason -->")
            elif word == "stand-in:":
                self.errors.append(f"{where} FAIL: a stand-in needs both sides: <!-- doc-test: stand-in: SHOWN => RUN -->")
            else:
                self.errors.append(f"{where} FAIL: unknown doc-test marker '{directive}' (use 'skip — reason', "
                                   f"'timeout=N', 'skip-line: TEXT — reason', 'stand-in: SHOWN => RUN' or "
                                   f"'setup: COMMAND')")
        if self.skip is not None and (self.skip_lines or self.stand_ins or self.setups):
            self.errors.append(f"{block.where} FAIL: a skipped block with skip-line, stand-in or setup markers")

    def lines(self, block):
        """The commands to run, each as (command as run, stand-ins used), the number left out, and
        the errors: a skip-line or a stand-in that matches no command."""
        result, left_out, used, errors = [], 0, set(), []
        for command in commands(block):
            if any(text in command for text, _ in self.skip_lines):
                used.update(text for text, _ in self.skip_lines if text in command)
                left_out += 1
                continue
            run = command
            for shown, replacement in self.stand_ins:
                pattern = re.compile(r"(?<![\w-])" + re.escape(shown) + r"(?![\w-])")
                if pattern.search(run):
                    run = pattern.sub(lambda _: replacement, run)
                    used.add(shown)
            result.append(run)
        for text in [text for text, _ in self.skip_lines] + [shown for shown, _ in self.stand_ins]:
            if text not in used:
                errors.append(f"`{text}` is in none of the block's commands (a stale skip-line or stand-in)")
        return result, left_out, errors


def untracked():
    """Untracked, not ignored files in the work tree (None outside a git checkout)."""
    try:
        output = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                                capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return set(filter(None, output.decode("utf-8", "replace").split("\0")))


def run_command(command, env, cwd, timeout, state):
    """Runs one command line in bash; returns (status or None on timeout, output, env, cwd)."""
    for name in ("env", "cwd"):
        (state / name).unlink(missing_ok=True)
    script = (f"{command}\n__doc_status=$?\n"
              f"env -0 > {shlex.quote(str(state / 'env'))}; pwd > {shlex.quote(str(state / 'cwd'))}\n"
              f"exit $__doc_status\n")
    process = subprocess.Popen(["bash", "-o", "pipefail", "-c", script], cwd=cwd, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = None
    try:
        pairs = (state / "env").read_bytes().split(b"\0")
        env = dict(pair.decode("utf-8", "replace").split("=", 1) for pair in pairs if b"=" in pair)
        cwd = (state / "cwd").read_text().strip() or cwd
    except OSError:
        pass
    return status, output.decode("utf-8", "replace"), env, cwd


def tail(output, lines=25):
    kept = output.rstrip("\n").split("\n")[-lines:]
    return "".join(f"    | {text}\n" for text in kept if output.strip())


def check_make_targets(block, env):
    """For a skipped block: every `make TARGET` it names exists (a dry run, nothing is built)."""
    problems = []
    for command in commands(block):
        match = MAKE_TARGETS.match(command.strip())
        if not match:
            continue
        words = shlex.split(match.group("args"), comments=True)
        targets = [word for word in words if not word.startswith("-") and "=" not in word]
        variables = [word for word in words if "=" in word and not word.startswith("-")]
        for target in targets or [""]:
            result = subprocess.run(["make", "-n", "--no-print-directory", *variables, *filter(None, [target])],
                                    cwd=ROOT, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
            if result.returncode != 0:
                message = (result.stderr.strip().split("\n") or [""])[-1]
                problems.append(f"`make {target}`: {message}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", help="Markdown files (default: README.md and docs/*.md)")
    parser.add_argument("--timeout", type=int, default=int(os.environ.get("DOC_TEST_TIMEOUT", "120")),
                        help="seconds for each command (default 120, or DOC_TEST_TIMEOUT)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every command and its output")
    arguments = parser.parse_args()
    files = arguments.files or ["README.md"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))

    env = dict(os.environ, ALSOFT_DRIVERS="null")
    env.pop("MAKEFLAGS", None)  # `make doc-test` must not hand its own flags to the make commands
    env.pop("MAKELEVEL", None)
    env.pop("MFLAGS", None)
    passed = failed = skipped = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="doc-test.") as temporary:
        state = Path(temporary)
        for path in files:
            blocks, errors = parse(path)
            items = sorted([(block.line, block) for block in blocks] + errors, key=lambda item: item[0])
            for _, block in items:
                if isinstance(block, str):
                    print(block, flush=True)
                    failed += 1
                    continue
                plan = Plan(block, arguments.timeout)
                if plan.errors:
                    for error in plan.errors:
                        print(error, flush=True)
                    failed += 1
                    continue
                if plan.skip is not None:
                    problems = check_make_targets(block, env)
                    if problems:
                        print(f"{block.where} FAIL (skipped, but): " + "; ".join(problems), flush=True)
                        failed += 1
                    else:
                        print(f"{block.where} SKIP: {plan.skip}", flush=True)
                        skipped += 1
                    continue
                lines, left_out, problems = plan.lines(block)
                if problems:
                    print(f"{block.where} FAIL: " + "; ".join(problems), flush=True)
                    failed += 1
                    continue
                if not lines:
                    print(f"{block.where} FAIL: a ```{block.language} block with no command to run: "
                          f"write ```text for output", flush=True)
                    failed += 1
                    continue
                before = untracked()
                scratch = Path(tempfile.mkdtemp(prefix="block.", dir=temporary))
                block_env = dict(env, DOC_TEST_ROOT=str(ROOT), DOC_TEST_TMP=str(scratch))
                cwd, began, failure = str(ROOT), time.monotonic(), None
                for command in plan.setups + lines:
                    command_began = time.monotonic()
                    status, output, block_env, cwd = run_command(command, block_env, cwd, plan.timeout, state)
                    seconds = time.monotonic() - command_began
                    if arguments.verbose:
                        print(f"  $ {command}  ({status}, {seconds:.1f} s)\n{tail(output, 1000)}", end="", flush=True)
                    if status is None:
                        failure = f"`{command.strip()}` took longer than {plan.timeout} s\n{tail(output)}"
                    elif status != 0:
                        failure = f"`{command.strip()}` exited {status} after {seconds:.1f} s\n{tail(output)}"
                    if failure:
                        break
                shutil.rmtree(scratch, ignore_errors=True)
                after = untracked()
                if not failure and before is not None and after is not None and after - before:
                    failure = ("left new files in the work tree (write them under out/): "
                               + ", ".join(sorted(after - before)))
                if failure:
                    print(f"{block.where} FAIL: {failure}", end="" if failure.endswith("\n") else "\n", flush=True)
                    failed += 1
                else:
                    count = len(lines)
                    notes = [f"{count} command{'s' if count != 1 else ''}"]
                    if plan.stand_ins:
                        notes.append(f"{len(plan.stand_ins)} stand-in{'s' if len(plan.stand_ins) != 1 else ''}")
                    if left_out:
                        notes.append(f"{left_out} line{'s' if left_out != 1 else ''} not run: "
                                     + "; ".join(reason for _, reason in plan.skip_lines))
                    print(f"{block.where} PASS ({', '.join(notes)}, {time.monotonic() - began:.1f} s)", flush=True)
                    passed += 1
    summary = f"{passed} passed, {failed} failed"
    if skipped:
        summary += f", {skipped} skipped"
    if arguments.verbose:
        print(f"({time.monotonic() - started:.1f} s)")
    print(summary)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
