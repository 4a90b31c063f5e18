#!/usr/bin/env python3
"""Writes a gzipped man page (section 1) from a program's own --help, so the page never disagrees with it.

Usage: man-page.py PROGRAM OUT.1.gz SUMMARY [--commands]
       man-page.py PROGRAM OUT.md SUMMARY --commands --markdown   (docs/CLI-REFERENCE.md, the same text)
With --commands (rr-explorer-cli) each command listed under "Commands:" gets its own section from
`PROGRAM COMMAND --help`. The GUI is asked with QT_QPA_PLATFORM=offscreen (no display needed)."""
import gzip
import os
import re
import subprocess
import sys


def helptext(args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    if run.returncode != 0:
        sys.exit(f"man-page.py: {' '.join(args)} exited {run.returncode}: {run.stderr.strip()}")
    return run.stdout


def roff(text):
    out = []
    for line in text.splitlines():
        line = line.replace("\\", "\\e")
        if line.startswith((".", "'")):
            line = "\\&" + line
        out.append(line)
    return "\n".join(out)


def command_names(name, top):
    block = top.split("Commands:", 1)[1] if "Commands:" in top else ""
    commands = re.findall(r"^  ([a-z][a-z-]*)\s", block, flags=re.M)
    if not commands:
        sys.exit(f"man-page.py: no commands found in {name} --help")
    return commands


def markdown(program, name, summary, top):
    page = [f"# {name}: command reference", "",
            "[Back to the README](../README.md) · [all pages](README.md) · [the guide to the CLI](CLI.md)", "",
            f"{summary}. Generated from the program's own `--help` by `scripts/man-page.py --markdown` (the man",
            "page is made from the same text); the test `docs_cli_reference` fails when this page is out of date.", "",
            "```text", top.rstrip(), "```", ""]
    for command in command_names(name, top):
        page += [f"## {command}", "", "```text", helptext([program, command, "--help"]).rstrip(), "```", ""]
    return "\n".join(page)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    program, target, summary = sys.argv[1:4]
    with_commands = "--commands" in sys.argv[4:]
    name = os.path.basename(program)
    top = helptext([program, "--help"]).replace(program, name)  # Qt prints argv[0] as it was given
    if "--markdown" in sys.argv[4:]:
        with open(target, "w") as f:
            f.write(markdown(program, name, summary, top))
        return
    page = [f'.TH {name.upper()} 1 "" "RR Explorer" "User Commands"',
            ".SH NAME", f"{name} \\- {summary}",
            ".SH DESCRIPTION", ".nf", roff(top), ".fi"]
    if with_commands:
        page.append(".SH COMMANDS")
        for command in command_names(name, top):
            page += [f".SS {command}", ".nf", roff(helptext([program, command, "--help"])), ".fi"]
    page += [".SH SEE ALSO", "rr-explorer(1), rr-explorer-cli(1); the README of the project."]
    data = ("\n".join(page) + "\n").encode()
    with open(target, "wb") as f:  # mtime 0: the same page gives the same bytes
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as z:
            z.write(data)


if __name__ == "__main__":
    main()
