#!/usr/bin/python3
"""Run every case of the malformed-input corpus through the command-line tool.

  run_corpus.py TCO SOURCE_DIR [--part K/N] [--sanitized]

Each case runs twice: `tco report CASE -o OUT.json` and `-o OUT.xlsx`. With --part K/N,
only the Kth of every N cases (by name), so that N processes side by side run each case
once. With --sanitized (the build with AddressSanitizer), a case that must end in exit
status 2 runs once, the 1st, 3rd, 5th, ... such case as JSON and the others as xlsx: up
to that failure the tool runs the same code whatever the output's format (the format
decides only what write_output does, and a failed input never gets there), and the
build without sanitizers runs every case both ways.

A case is NAME.ini, or NAME.gen: a shell script whose standard output is the input, for
inputs too big to keep in the tree; NAME.xml files are catalogs and templates that cases
name, not cases themselves. NAME.expect holds what the case must do: its first line is
the exit status, every further line is one line that standard error must hold, with
@FILE@ standing for the input's path and @DIR@ for its directory (where the files it
names are looked for). A line ending in "..." matches any line that starts with the text
before the dots; a line starting with "?" may appear but need not (a consequence of an
earlier error, not what the case is about). Standard error must hold those lines and no
others.

For each output the runner also checks: when the exit status is 0, the output exists
and nothing else was written beside it; otherwise nothing at all was written, and a
file already at the output path (the xlsx run puts one there) is left byte for byte as
it was. No temporary file may remain in either case.

One process runs the whole part and starts only tco (and a case's generator): the
checks are Python's, not a dozen small programs a run.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xlsx"))
from xlsxtest import part_of, split_part  # noqa: E402

# A run that takes longer than this is stopped and fails.
RUN_TIMEOUT = 120


class Runner:
    def __init__(self, tco, work):
        self.tco = tco
        self.work = work
        self.passed = 0
        self.failed = 0

    def bad(self, message, detail=""):
        self.failed += 1
        print("FAIL: " + message)
        if detail:
            print(detail)

    def run_case(self, name, path, expect, ext):
        """One run of the case with output OUT.EXT; the checks of the module's doc."""
        outdir = os.path.join(self.work, "out", f"{name}.{ext}")
        os.makedirs(outdir)
        out = os.path.join(outdir, "out." + ext)
        previous = None
        if ext == "xlsx":
            # A file already at the path: a failed run must leave it as it was.
            previous = f"previous contents of {name}\n".encode()
            with open(out, "wb") as f:
                f.write(previous)
        try:
            run = subprocess.run([self.tco, "report", path, "-o", out],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, timeout=RUN_TIMEOUT)
            rc, stderr = run.returncode, run.stderr
        except subprocess.TimeoutExpired as e:
            rc, stderr = 124, e.stderr or b""
        want = expect[0]
        if str(rc) != want:
            self.bad(f"{name} ({ext}): exit {rc}, want {want}",
                     stderr[:600].decode("utf-8", "replace"))
            return
        diff = check_stderr(expect[1:], stderr, path)
        if diff:
            self.bad(f"{name} ({ext}): standard error differs", "\n".join(diff))
            return
        listing = " ".join(sorted(os.listdir(outdir)))
        if rc == 0:
            if (not os.path.isfile(out) or os.path.getsize(out) == 0 or
                    listing != "out." + ext):
                self.bad(f"{name} ({ext}): want only out.{ext}, found: {listing}")
                return
            if previous is not None and read(out) == previous:
                self.bad(f"{name} ({ext}): the previous file was not replaced")
                return
        elif previous is not None:
            if listing != "out." + ext or read(out) != previous:
                self.bad(f"{name} ({ext}): the previous file changed or files were added: "
                         + listing)
                return
        elif listing:
            self.bad(f"{name} ({ext}): output written for a failed run: {listing}")
            return
        shutil.rmtree(outdir)
        self.passed += 1


def read(path):
    with open(path, "rb") as f:
        return f.read()


def lines_of(text):
    """The lines of text, as awk reads them: split at each newline, the last one
    kept when it has no newline."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def matches(line, want):
    """A line of standard error against a line of the expectation."""
    if len(want) >= 3 and want.endswith("..."):
        return line.startswith(want[:-3])
    return line == want


def check_stderr(expected, stderr, path):
    """The lines of stderr against the expected ones: the differences, as lines."""
    directory = os.path.dirname(path)
    wants = []
    for e in expected:
        optional = e.startswith("?")
        if optional:
            e = e[1:]
        wants.append((e.replace("@FILE@", path).replace("@DIR@", directory), optional))
    seen = [False] * len(wants)
    diff = []
    for line in lines_of(stderr.decode("utf-8", "surrogateescape")):
        for i, (want, _) in enumerate(wants):
            if matches(line, want):
                seen[i] = True
                break
        else:
            diff.append("  unexpected: " + line)
    for (want, optional), was in zip(wants, seen):
        if not was and not optional:
            diff.append("  missing:    " + want)
    return diff


def main(argv):
    argv, part = split_part(argv)
    sanitized = "--sanitized" in argv
    argv = [a for a in argv if a != "--sanitized"]
    if len(argv) != 3:
        print("usage: run_corpus.py TCO SOURCE_DIR [--part K/N] [--sanitized]", file=sys.stderr)
        return 2
    # Messages quote inputs, which need not be UTF-8.
    sys.stdout.reconfigure(errors="backslashreplace")
    tco, src = argv[1], argv[2]
    corpus = os.path.join(src, "tests", "corpus")
    # The shipped catalog is the source tree's, wherever the binary is.
    os.environ["TCO_DATA_DIR"] = src
    work = tempfile.mkdtemp()
    runner = Runner(tco, work)
    cases = failing = 0
    try:
        os.makedirs(os.path.join(work, "gen"))
        os.makedirs(os.path.join(work, "out"))
        # The order of the shell's glob in the C locale: by bytes.
        expects = sorted(glob.glob(os.path.join(corpus, "*.expect")),
                         key=os.fsencode)
        for expect_path in part_of(expects, part):
            name = os.path.basename(expect_path)[:-len(".expect")]
            ini = os.path.join(corpus, name + ".ini")
            gen = os.path.join(corpus, name + ".gen")
            generated = None
            if os.path.isfile(ini):
                path = ini
            elif os.path.isfile(gen):
                path = generated = os.path.join(work, "gen", name + ".ini")
                with open(path, "wb") as f:
                    if subprocess.run(["sh", gen], stdout=f).returncode != 0:
                        runner.bad(f"{name}: the generator failed")
                        continue
            else:
                runner.bad(f"{name}: no {name}.ini or {name}.gen")
                continue
            cases += 1
            with open(expect_path, encoding="utf-8", errors="surrogateescape") as f:
                expect = lines_of(f.read()) or [""]
            if sanitized and expect[0] == "2":
                failing += 1
                runner.run_case(name, path, expect, "json" if failing % 2 else "xlsx")
            else:
                runner.run_case(name, path, expect, "json")
                runner.run_case(name, path, expect, "xlsx")
            if generated:
                os.remove(generated)
        # Every input has its expectation.
        for path in sorted(glob.glob(os.path.join(corpus, "*.ini")) +
                           glob.glob(os.path.join(corpus, "*.gen"))):
            name = os.path.splitext(os.path.basename(path))[0]
            if not os.path.isfile(os.path.join(corpus, name + ".expect")):
                runner.bad(f"{name}: no {name}.expect")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{cases} cases, {runner.passed} runs passed, {runner.failed} failed "
          f"(part {part[0]} of {part[1]})")
    return 0 if runner.failed == 0 and cases * part[1] >= 100 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
