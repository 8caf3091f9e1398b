#!/usr/bin/env python3
"""Decides whether the public API breaks that `swift package diagnose-api-breaking-changes`
reported are allowed: each must be named in CHANGELOG.md under a version that may break the
baseline's API (the next major version; while still in 0.x, the next minor one too).

Usage: api_breaks.py DIGESTER-OUTPUT CHANGELOG BASELINE-FILE VERSION-SWIFT-FILE
Exit status 0 when every break is named where it may be, 1 otherwise (the reasons on stderr).

"Named" means the changelog section contains the declaration the digester names, as it names
it (`ImageLoading.trimMemory(toCost:)`), or without its argument labels
(`ImageLoading.trimMemory`); accessors (`Foo.bar.Get()`) count as their property (`Foo.bar`).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

BREAK_MARK = "API breakage: "
# A changelog release heading: `## [0.2.0] - 2026-12-01`, a planned one `## [0.2.0] - Unreleased`,
# and Keep a Changelog's `## [Unreleased]`.
HEADING = re.compile(r"^## \[(?P<name>[^\]]+)\](?:\s*-\s*(?P<date>.+?))?\s*$")
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
SWIFT_VERSION = re.compile(r'public static let version\s*=\s*"(?P<version>[^"]+)"')


class InputError(Exception):
    """An input the checker cannot read: a malformed changelog, baseline or version file."""


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int

    @staticmethod
    def parse(text: str) -> "Version":
        match = VERSION.match(text.strip())
        if not match:
            raise InputError(f"not a semantic version (MAJOR.MINOR.PATCH): {text.strip()!r}")
        return Version(*(int(part) for part in match.groups()))

    def may_break(self, baseline: "Version") -> bool:
        """Whether this version may break the API of `baseline`: a new major version, or while
        the baseline is in 0.x, a new minor one."""
        if self.major != baseline.major:
            return self.major > baseline.major
        return baseline.major == 0 and self.minor > baseline.minor

    def next_breaking(self) -> "Version":
        return Version(0, self.minor + 1, 0) if self.major == 0 else Version(self.major + 1, 0, 0)

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


@dataclass(frozen=True)
class Section:
    name: str          # `Unreleased` or a version
    date: str | None   # `2026-12-01`, `Unreleased` (planned), or None
    text: str

    @property
    def version(self) -> Version | None:
        return None if self.name == "Unreleased" else Version.parse(self.name)

    @property
    def released(self) -> bool:
        return self.version is not None and self.date is not None and self.date.lower() != "unreleased"


def breaks(digester_output: str) -> list[str]:
    """The breaks in the digester's output, one message each (`func Foo.bar() has been removed`)."""
    found = []
    for line in digester_output.splitlines():
        at = line.find(BREAK_MARK)
        if at >= 0:
            found.append(line[at + len(BREAK_MARK):].strip())
    return found


def declaration(message: str) -> str | None:
    """The declaration a break message names: `func Foo.bar(_:) has been removed` → `Foo.bar(_:)`;
    `var Foo.x.Get() …` → `Foo.x`."""
    match = re.match(r"^\S+ (?P<name>[^\s(]+(?:\([^)]*\))?)", message)
    if not match:
        return None
    name = match.group("name")
    return re.sub(r"\.(Get|Set|Modify|Read|Yield|Init)\(\)$", "", name)


def names_for(decl: str) -> list[str]:
    """The spellings a changelog may use for `decl`: as is, and without argument labels."""
    bare = re.sub(r"\(.*\)$", "", decl)
    return [decl] if bare == decl else [decl, bare]


def mentions(text: str, name: str) -> bool:
    """Whether `text` names `name` as a whole (`Foo.bar` is not in `Foo.barBaz` or `Other.Foo.bar`)."""
    return re.search(r"(?<![\w.])" + re.escape(name) + r"(?![\w])", text) is not None


def sections(changelog: str) -> list[Section]:
    """The changelog's `## [...]` sections, newest first, each with its text up to the next one."""
    result: list[Section] = []
    current: tuple[str, str | None] | None = None
    lines: list[str] = []
    for line in changelog.splitlines():
        match = HEADING.match(line)
        if match:
            if current:
                result.append(Section(current[0], current[1], "\n".join(lines)))
            current, lines = (match.group("name"), match.group("date")), []
        elif current:
            if line.startswith("[") and "]: " in line:  # link reference definitions at the end
                continue
            lines.append(line)
    if current:
        result.append(Section(current[0], current[1], "\n".join(lines)))
    for section in result:
        section.version  # raises on a heading that is neither Unreleased nor a version
    return result


def read_baseline(text: str) -> tuple[Version, str]:
    """`version X.Y.Z` and `commit <sha>` lines; `#` starts a comment."""
    fields = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            key, _, value = line.partition(" ")
            fields[key] = value.strip()
    if "version" not in fields or not re.fullmatch(r"[0-9a-f]{7,40}", fields.get("commit", "")):
        raise InputError("the baseline file needs a `version X.Y.Z` line and a `commit <hex id>` line")
    return Version.parse(fields["version"]), fields["commit"]


def check(digester_output: str, changelog: str, baseline_text: str, version_swift: str) -> list[str]:
    """The problems: breaks not named where they may be, and versions that disagree."""
    baseline, _ = read_baseline(baseline_text)
    all_sections = sections(changelog)
    problems = []

    released = [s for s in all_sections if s.released]
    match = SWIFT_VERSION.search(version_swift)
    if not match:
        problems.append("the version file has no `public static let version = \"…\"`")
    elif not released:
        problems.append("CHANGELOG.md has no released section (`## [X.Y.Z] - YYYY-MM-DD`)")
    elif Version.parse(match.group("version")) != released[0].version:
        problems.append(
            f"Testbed.version is {match.group('version')} but the newest release in CHANGELOG.md is "
            f"{released[0].version}: they must name the same release")
    if not any(s.version == baseline for s in released):
        problems.append(f"the baseline version {baseline} is not a released section of CHANGELOG.md")

    allowed = [s for s in all_sections if s.version is not None and s.version.may_break(baseline)]
    for message in breaks(digester_output):
        decl = declaration(message)
        spellings = names_for(decl) if decl else []
        if any(mentions(s.text, name) for s in allowed for name in spellings):
            continue
        where = ", ".join(f"[{s.version}]" for s in allowed) or (
            f"a `## [{baseline.next_breaking()}] - Unreleased` section (a breaking version after {baseline})")
        problems.append(
            f"API break not in CHANGELOG.md: {message}\n"
            f"    name `{decl or message}` under {where}, saying what adopters change "
            "([Unreleased] and versions that may not break the API do not count)")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 5:
        print("usage: api_breaks.py DIGESTER-OUTPUT CHANGELOG BASELINE-FILE VERSION-SWIFT-FILE", file=sys.stderr)
        return 2
    try:
        texts = []
        for path in argv[1:]:
            with open(path, encoding="utf-8") as handle:
                texts.append(handle.read())
        problems = check(*texts)
    except (OSError, InputError) as error:
        print(f"api_breaks: {error}", file=sys.stderr)
        return 2
    found = breaks(texts[0])
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"api_breaks: {len(found)} API break(s), each named in CHANGELOG.md under a version that may break the API")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
