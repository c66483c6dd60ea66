#!/usr/bin/env python3
"""Turns Alertmanager's own matcher parser test tables into JSON fixtures for our conformance
tests (test/core/matchers/upstream-cases.json). Run with the path of an Alertmanager checkout:

  python3 test/tools/extract-upstream-matcher-cases.py ALERTMANAGER_DIR COMMIT > test/core/matchers/upstream-cases.json

Each table element keeps its input, expected error text and expected matchers (in order).
Only data is extracted; the Go test code itself is not copied."""
import json, re, subprocess, sys

src_dir, commit = sys.argv[1], sys.argv[2]
TYPES = {"MatchEqual": "=", "MatchNotEqual": "!=", "MatchRegexp": "=~", "MatchNotRegexp": "!~"}

def show(path):
    return subprocess.run(["git", "-C", src_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True).stdout.decode()

def go_string(s, i):
    """Decodes the Go string literal starting at s[i]; returns (value, end index)."""
    if s[i] == "`":
        j = s.index("`", i + 1)
        return s[i + 1:j], j + 1
    assert s[i] == '"'
    out = bytearray(); i += 1
    simple = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, '"': 34, "'": 39}
    while s[i] != '"':
        c = s[i]
        if c != "\\":
            out += c.encode(); i += 1; continue
        n = s[i + 1]
        if n in simple: out.append(simple[n]); i += 2
        elif n == "x": out.append(int(s[i + 2:i + 4], 16)); i += 4
        elif n == "u": out += chr(int(s[i + 2:i + 6], 16)).encode(); i += 6
        elif n == "U": out += chr(int(s[i + 2:i + 10], 16)).encode(); i += 10
        elif n in "01234567": out.append(int(s[i + 1:i + 4], 8)); i += 4
        else: raise ValueError(f"escape \\{n}")
    return out.decode("utf-8"), i + 1

LIT = r'("(?:[^"\\]|\\.)*"|`[^`]*`)'

def elements(text, func):
    """Top-level `{...}` elements of the first table literal in func."""
    start = text.index(f"func {func}(")
    body = text[start:]
    # The table starts after the struct type: `}{{` (one style) or `}{\n\t\t{` (the other).
    m = re.search(r"\n\t\}\{", body)
    i = m.end() - 1  # at the '{' that opens the slice literal
    depth, out, cur, j, in_str = 0, [], None, i, None
    while True:
        c = body[j]
        if in_str:
            if in_str == '"' and c == "\\": j += 2; continue
            if c == in_str: in_str = None
        elif c in '"`': in_str = c
        elif c == "{":
            depth += 1
            if depth == 2: cur = j
        elif c == "}":
            if depth == 2: out.append(body[cur:j + 1])
            depth -= 1
            if depth == 0: return out
        j += 1

def field(el, name):
    m = re.search(r"\b" + name + r":\s*" + LIT, el)
    return go_string(el, m.start(1))[0] if m else None

def matchers(el):
    out = []
    for m in re.finditer(r"(?:NewMatcher|mustNewMatcher)\((?:t, )?(?:labels\.)?(Match\w+),\s*" + LIT + r",\s*" + LIT, el):
        name = go_string(el, m.start(2))[0]
        value = go_string(el, m.start(3))[0]
        out.append({"name": name, "op": TYPES[m.group(1)], "value": value})
    return out

def table(path, func):
    rows = []
    for el in elements(show(path), func):
        err = field(el, "error") or field(el, "err")
        rows.append({"name": field(el, "name"), "input": field(el, "input") or "",
                     "error": err, "matchers": None if err else matchers(el)})
    return rows

print(json.dumps({
    "source": f"prometheus/alertmanager@{commit}",
    "utf8Matchers": table("matcher/parse/parse_test.go", "TestMatchers"),
    "utf8Matcher": table("matcher/parse/parse_test.go", "TestMatcher"),
    "classicMatchers": table("pkg/labels/parse_test.go", "TestMatchers"),
    "fallbackMatcher": table("matcher/compat/parse_test.go", "TestFallbackMatcherParser"),
    "fallbackMatchers": table("matcher/compat/parse_test.go", "TestFallbackMatchersParser"),
}, ensure_ascii=False, indent=1))
