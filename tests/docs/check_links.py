#!/usr/bin/python3
"""Every relative link of the documentation points into the repository, at a file that exists.

  check_links.py REPO_DIR

Reads README.md and every Markdown file under docs/, and checks each link and image
written [text](target), ![alt](target) or [label]: target, outside code blocks and code
spans, whose target has no scheme (http:, mailto: ...): the file or directory it names,
relative to the Markdown file, must exist and lie inside REPO_DIR; and an anchor
(#heading), alone or after a Markdown file, must be a heading of that file (its
GitHub-style slug). Exit 0 when all hold; 1 otherwise, naming each broken link.
"""
import glob, os, re, sys, urllib.parse

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FENCE = re.compile(r"^ {0,3}(```|~~~)")


def prose_lines(path, keep_code=False):
    """(line number, text) of the lines outside fenced code blocks, code spans blanked
    unless keep_code."""
    inside = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = FENCE.match(line)
            if m:
                if inside is None:
                    inside = m.group(1)
                elif inside == m.group(1):
                    inside = None
                continue
            if inside is None and keep_code:
                yield n, line
            elif inside is None:
                yield n, re.sub(r"(`+)(?:(?!\1).)+?\1", lambda s: " " * len(s.group(0)), line)


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`|\*\*|__", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return "".join(c for c in text if c.isalnum() or c in " -_").replace(" ", "-")


def anchors(path):
    seen, out = {}, set()
    for _, line in prose_lines(path, keep_code=True):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            s = slug(m.group(1))
            k = seen.get(s, 0)
            seen[s] = k + 1
            out.add(s if k == 0 else f"{s}-{k}")
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    repo = os.path.realpath(sys.argv[1])
    files = [os.path.join(repo, "README.md")]
    files += sorted(glob.glob(os.path.join(repo, "docs", "**", "*.md"), recursive=True))
    bad, checked = [], 0
    for md in files:
        rel_md = os.path.relpath(md, repo)
        for n, line in prose_lines(md):
            targets = [m.group(1) for m in INLINE.finditer(line)]
            m = REFDEF.match(line)
            if m:
                targets.append(m.group(1))
            for target in targets:
                if SCHEME.match(target) or target.startswith("//"):
                    continue
                checked += 1
                path, _, anchor = target.partition("#")
                path = urllib.parse.unquote(path)
                dest = os.path.realpath(os.path.join(os.path.dirname(md), path)) if path else md
                where = f"{rel_md}:{n}: {target}"
                if dest != repo and not dest.startswith(repo + os.sep):
                    bad.append(f"{where}: outside the repository")
                elif not os.path.exists(dest):
                    bad.append(f"{where}: no such file")
                elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                    bad.append(f"{where}: no heading #{anchor} in {os.path.relpath(dest, repo)}")
    for b in bad:
        print("FAIL " + b)
    print(f"{len(files)} Markdown files, {checked} relative links, {len(bad)} broken")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
