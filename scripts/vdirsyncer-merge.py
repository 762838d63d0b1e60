#!/usr/bin/env python3
"""
A vdirsyncer conflict resolver that loses neither side's text, for a todo changed on both sides
(in Ticklist, or another CalDAV client, and in the local folder) between two syncs. In vdirsyncer's
pair section:

    conflict_resolution = ["command", "python3", "/path/to/vdirsyncer-merge.py"]

vdirsyncer calls it with the two versions' files and takes the result once both files are equal.
vdirsyncer keeps no common ancestor, so the merge is two-way, and it keeps text over choosing:
- SUMMARY, DESCRIPTION and LOCATION: when the two differ, a value that contains the other wins (an
  edit that added to it); otherwise both are kept, the newer first (SUMMARY joined with " / ",
  the others with a blank line between). One present on one side only is kept.
- CATEGORIES and COMMENT: every value of either side.
- Everything else (STATUS, DUE, PRIORITY, RRULE, alarms, ...): the side with the later
  LAST-MODIFIED (else DTSTAMP; the first file on a tie).
Standard library only, so it runs wherever vdirsyncer does.
"""
import sys

JOINED = {"SUMMARY": " / ", "DESCRIPTION": "\\n\\n", "LOCATION": "\\n\\n"}
UNITED = {"CATEGORIES", "COMMENT"}


def unfold(text):
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line[1:]
        elif line:
            lines.append(line)
    return lines


def fold(line):
    """RFC 5545 §3.1: lines of at most 75 octets, never splitting a character."""
    out, current = [], ""
    for char in line:
        limit = 75 if not out else 74
        if len((current + char).encode()) > limit:
            out.append(current)
            current = ""
        current += char
    out.append(current)
    return "\r\n ".join(out)


def split(line):
    """A content line's name and value (the value starts at the first colon outside quotes)."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == ":" and not quoted:
            head = line[:index]
            return head.split(";", 1)[0].upper(), line[index + 1 :]
    return line.upper(), ""


def todo_span(lines):
    """Where the first VTODO's own properties are (its subcomponents, e.g. VALARM, excluded)."""
    start = lines.index("BEGIN:VTODO") + 1
    end, depth = start, 0
    while not (depth == 0 and lines[end] == "END:VTODO"):
        if lines[end].startswith("BEGIN:"):
            depth += 1
        elif lines[end].startswith("END:"):
            depth -= 1
        end += 1
    return start, end


def properties(lines, own=True):
    """The VTODO's own property lines, or (own=False) the lines of its subcomponents."""
    start, end = todo_span(lines)
    found, depth = [], 0
    for line in lines[start:end]:
        depth += line.startswith("BEGIN:")
        if (depth == 0) == own:
            found.append(line)
        depth -= line.startswith("END:")
    return found


def stamp(props):
    for name in ("LAST-MODIFIED", "DTSTAMP"):
        for line in props:
            if split(line)[0] == name:
                return split(line)[1]
    return ""


def merged_text(name, newer, older):
    if newer is None or older is None:
        return newer if newer is not None else older
    new_value, old_value = split(newer)[1], split(older)[1]
    if old_value in new_value:
        return newer
    if new_value in old_value:
        return older
    return newer + JOINED[name] + old_value


def merge(a_text, b_text):
    a_lines, b_lines = unfold(a_text), unfold(b_text)
    a_props, b_props = properties(a_lines), properties(b_lines)
    a_newer = stamp(a_props) >= stamp(b_props)
    newer_lines, newer, older = (a_lines, a_props, b_props) if a_newer else (b_lines, b_props, a_props)
    first = lambda props, name: next((line for line in props if split(line)[0] == name), None)
    kept = []
    for line in newer:
        name = split(line)[0]
        if name in JOINED:
            kept.append(merged_text(name, line, first(older, name)))
        elif name not in UNITED:
            kept.append(line)
    for name in JOINED:
        if first(newer, name) is None and first(older, name) is not None:
            kept.append(first(older, name))
    for name in UNITED:
        for line in newer + older:
            if split(line)[0] == name and line not in kept:
                kept.append(line)
    start, end = todo_span(newer_lines)
    body = properties(newer_lines, own=False)
    result = newer_lines[:start] + kept + body + newer_lines[end:]
    return "\r\n".join(fold(line) for line in result) + "\r\n"


def main(a_path, b_path):
    with open(a_path, encoding="utf-8") as a_file, open(b_path, encoding="utf-8") as b_file:
        text = merge(a_file.read(), b_file.read())
    for path in (a_path, b_path):
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(text)


if __name__ == "__main__":
    main(*sys.argv[1:3])
