#!/usr/bin/env python3
"""Unit tests of api_breaks.py on sample digester output and sample changelogs:
`python3 -m unittest discover -s ci/api_breaks` (ci/api-breaks.sh runs them first)."""

import unittest

import api_breaks

# As `swift package diagnose-api-breaking-changes` prints it (Swift 6.3; the ImageCodec lines
# are its output for a public function renamed on purpose).
DIGESTER = """\
Building for debugging...
1 breaking change detected in ImageCodec:
  💔 API breakage: func ImageCodec.corrupted(_:) has been renamed to func corruptedCopy(_:)
1 breaking change detected in Networking:
  💔 API breakage: func CurlHTTPClient.send(_:) has been removed
2 breaking changes detected in ContractsCore:
  💔 API breakage: var ContractViolation.rule has been removed
  💔 API breakage: accessor ContractViolation.observed.Get() has been removed
No breaking changes detected in ImageCodec
"""

BASELINE = "# the last release\nversion 0.1.0\ncommit 992d0e3fb324150de172d0274add6438b96a0ac2\n"
VERSION_SWIFT = 'public enum Testbed {\n    public static let version = "0.1.0"\n}\n'

HEAD = "# Changelog\n\n## [Unreleased]\n\n### Added\n- `Testbed.version`.\n\n"
RELEASED = "## [0.1.0] - 2026-11-27\n\nThe first release.\n\n[0.1.0]: https://example.com/0.1.0\n"


def changelog(planned: str = "") -> str:
    return HEAD + planned + RELEASED


ALL_NAMED = (
    "## [0.2.0] - Unreleased\n\n### Removed\n- `CurlHTTPClient.send(_:)`: use `send(_:progress:)`.\n"
    "- `ImageCodec.corrupted(_:)` is `ImageCodec.corruptedCopy(_:)`.\n"
    "- `ContractViolation.rule` and `ContractViolation.observed`: read `description`.\n\n")


class BreaksTests(unittest.TestCase):
    def test_reads_every_break_and_only_breaks(self):
        self.assertEqual(api_breaks.breaks(DIGESTER), [
            "func ImageCodec.corrupted(_:) has been renamed to func corruptedCopy(_:)",
            "func CurlHTTPClient.send(_:) has been removed",
            "var ContractViolation.rule has been removed",
            "accessor ContractViolation.observed.Get() has been removed",
        ])

    def test_declaration_of_each_kind(self):
        self.assertEqual(api_breaks.declaration("func CurlHTTPClient.send(_:) has been removed"), "CurlHTTPClient.send(_:)")
        self.assertEqual(api_breaks.declaration("func ImageCodec.corrupted(_:) has been renamed to func corruptedCopy(_:)"),
                         "ImageCodec.corrupted(_:)")
        self.assertEqual(api_breaks.declaration("accessor ContractViolation.observed.Get() has been removed"),
                         "ContractViolation.observed")
        self.assertEqual(api_breaks.declaration("enumelement NetworkError.foo has been added as a new enum case"),
                         "NetworkError.foo")
        self.assertEqual(api_breaks.names_for("ImageLoading.trimMemory(toCost:)"),
                         ["ImageLoading.trimMemory(toCost:)", "ImageLoading.trimMemory"])


class CheckTests(unittest.TestCase):
    def test_noBreaks_pass(self):
        self.assertEqual(api_breaks.check("No breaking changes detected in Networking\n", changelog(), BASELINE, VERSION_SWIFT), [])

    def test_breaksNamedUnderTheNextMinorIn0x_pass(self):
        self.assertEqual(api_breaks.check(DIGESTER, changelog(ALL_NAMED), BASELINE, VERSION_SWIFT), [])

    def test_aBreakNotNamed_fails_andSaysWhere(self):
        planned = "## [0.2.0] - Unreleased\n\n- `CurlHTTPClient.send(_:)` removed.\n\n"
        problems = api_breaks.check(DIGESTER, changelog(planned), BASELINE, VERSION_SWIFT)
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("func ImageCodec.corrupted(_:) has been renamed", problems[0])
        self.assertIn("var ContractViolation.rule has been removed", problems[1])
        self.assertIn("under [0.2.0]", problems[0])

    def test_breaksUnderUnreleasedOnly_fail_andNameTheVersionToAdd(self):
        text = changelog().replace("- `Testbed.version`.", "- Removed `CurlHTTPClient.send(_:)`, `ContractViolation.rule`, `ContractViolation.observed`.")
        problems = api_breaks.check(DIGESTER, text, BASELINE, VERSION_SWIFT)
        self.assertEqual(len(problems), 4, problems)
        self.assertIn("a `## [0.2.0] - Unreleased` section", problems[0])

    def test_aPatchVersion_mayNotBreak(self):
        planned = ALL_NAMED.replace("[0.2.0]", "[0.1.1]")
        self.assertEqual(len(api_breaks.check(DIGESTER, changelog(planned), BASELINE, VERSION_SWIFT)), 4)

    def test_after1_0_onlyAMajorVersionMayBreak(self):
        baseline = BASELINE.replace("0.1.0", "1.4.0")
        version = VERSION_SWIFT.replace("0.1.0", "1.4.0")
        released = RELEASED.replace("0.1.0", "1.4.0")
        minor = HEAD + ALL_NAMED.replace("[0.2.0]", "[1.5.0]") + released
        major = HEAD + ALL_NAMED.replace("[0.2.0]", "[2.0.0]") + released
        self.assertEqual(len(api_breaks.check(DIGESTER, minor, baseline, version)), 4)
        self.assertEqual(api_breaks.check(DIGESTER, major, baseline, version), [])

    def test_anOlderSection_doesNotCount(self):
        old = RELEASED + "## [0.0.9] - 2026-11-01\n\n- `CurlHTTPClient.send(_:)`, `ContractViolation.rule`, `ContractViolation.observed`.\n"
        self.assertEqual(len(api_breaks.check(DIGESTER, HEAD + old, BASELINE, VERSION_SWIFT)), 4)

    def test_aNameInsideALongerName_doesNotCount(self):
        planned = "## [0.2.0] - Unreleased\n\n- `CurlHTTPClient.sendAll(_:)`, `ContractViolation.ruleText`, `MyContractViolation.observed`.\n\n"
        self.assertEqual(len(api_breaks.check(DIGESTER, changelog(planned), BASELINE, VERSION_SWIFT)), 4)

    def test_labelsMayBeLeftOut(self):
        planned = "## [0.2.0] - Unreleased\n\n- `ImageCodec.corrupted`, `CurlHTTPClient.send`, `ContractViolation.rule`, `ContractViolation.observed` removed.\n\n"
        self.assertEqual(api_breaks.check(DIGESTER, changelog(planned), BASELINE, VERSION_SWIFT), [])

    def test_versionDisagreeingWithTheNewestRelease_fails(self):
        problems = api_breaks.check("", changelog(), BASELINE, VERSION_SWIFT.replace("0.1.0", "0.2.0"))
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("Testbed.version is 0.2.0 but the newest release in CHANGELOG.md is 0.1.0", problems[0])

    def test_aPlannedSection_isNotARelease(self):
        problems = api_breaks.check("", changelog(ALL_NAMED), BASELINE, VERSION_SWIFT)
        self.assertEqual(problems, [])

    def test_baselineNotReleased_fails(self):
        problems = api_breaks.check("", changelog(), BASELINE.replace("0.1.0", "0.0.5"), VERSION_SWIFT)
        self.assertEqual(problems, ["the baseline version 0.0.5 is not a released section of CHANGELOG.md"])

    def test_malformedInputs_areErrors(self):
        with self.assertRaises(api_breaks.InputError):
            api_breaks.check("", "## [next] - soon\n", BASELINE, VERSION_SWIFT)
        with self.assertRaises(api_breaks.InputError):
            api_breaks.check("", changelog(), "version 0.1.0\n", VERSION_SWIFT)


class MainTests(unittest.TestCase):
    def test_exitStatus(self):
        import contextlib
        import io
        import os
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            def write(name, text):
                path = os.path.join(folder, name)
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
                return path
            args = ["api_breaks.py", write("out", DIGESTER), write("CHANGELOG.md", changelog()), write("base", BASELINE), write("v.swift", VERSION_SWIFT)]
            output = io.StringIO()
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                self.assertEqual(api_breaks.main(args), 1)
                self.assertIn("API break not in CHANGELOG.md: func CurlHTTPClient.send(_:) has been removed", output.getvalue())
                args[2] = write("CHANGELOG.md", changelog(ALL_NAMED))
                self.assertEqual(api_breaks.main(args), 0)
                self.assertEqual(api_breaks.main(args[:2]), 2)


if __name__ == "__main__":
    unittest.main()
