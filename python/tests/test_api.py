"""robolint's Python API: lint, Robots, fix, agents, the command, and bad input."""

import os
import pathlib
import shutil
import subprocess
import sys
import threading
import time

import pytest

import robolint

WILDCARD = "User-agent: *\nDisallow: /tmp/*\n"


def test_lint_returns_typed_findings_with_the_cli_defaults():
    findings = robolint.lint(WILDCARD)
    glob = [finding for finding in findings if finding.name == "glob-pattern"]
    assert len(glob) == 1
    finding = glob[0]
    assert isinstance(finding, robolint.Finding)
    assert finding.code.startswith("RL")
    assert finding.severity in {"error", "warning", "info"}
    assert (finding.line, finding.column) == (2, 16)
    assert finding.end_line == 2 and finding.end_column > finding.column
    assert "wildcard" in finding.message
    assert isinstance(finding.notes, list)
    assert finding.help is None or isinstance(finding.help, str)
    assert "Finding(" in repr(finding)


def test_lint_equals_the_json_the_command_writes(tmp_path):
    import json

    path = tmp_path / "robots.txt"
    text = "User-agent: *\nDisallow: /tmp/*\nDisalow: /x\nCrawl-delay: 10\n"
    path.write_text(text)
    command = shutil.which("robolint")
    assert command is not None, "the wheel installs the robolint command"
    out = subprocess.run([command, "--format", "json", str(path)], capture_output=True, text=True, check=False)
    written = json.loads(out.stdout)["diagnostics"]
    found = robolint.lint(text)
    assert [(d["code"], d["line"], d["column"], d["message"]) for d in written] == [
        (f.code, f.line, f.column, f.message) for f in found
    ]


def test_findings_carry_their_fix():
    findings = robolint.lint("User-agent: *\nDisallow: /a\nDisallow: /a\n")
    fixes = [finding.fix for finding in findings if finding.fix is not None]
    assert fixes, findings
    fix = fixes[0]
    assert fix.applicability in {"safe", "unsafe"}
    assert fix.edits and all(isinstance(edit, robolint.Edit) for edit in fix.edits)
    assert fix.edits[0].line >= 2


def test_target_select_and_ignore():
    python_only = robolint.lint(WILDCARD, target="python-robotparser")
    assert any(f.name == "glob-pattern" and f.severity != "info" for f in python_only)
    assert [f.name for f in robolint.lint(WILDCARD, select=["glob-pattern"])] == ["glob-pattern"]
    assert not any(f.name == "glob-pattern" for f in robolint.lint(WILDCARD, ignore="glob-pattern"))


def test_config_as_text_and_as_path(tmp_path):
    config = 'target = "python-robotparser"\n'
    from_text = robolint.lint(WILDCARD, config=config)
    assert any(f.name == "glob-pattern" and f.severity != "info" for f in from_text)
    path = tmp_path / "robolint.toml"
    path.write_text('ignore = ["glob-pattern"]\n')
    assert not any(f.name == "glob-pattern" for f in robolint.lint(WILDCARD, config=path))
    # The arguments override the file as the command line does: select replaces its ignore.
    assert [f.name for f in robolint.lint(WILDCARD, config='select = ["RL1"]\n', select="glob-pattern")] == [
        "glob-pattern"
    ]


def test_bad_arguments_raise_clear_exceptions(tmp_path):
    with pytest.raises(TypeError, match="str or bytes"):
        robolint.lint(42)
    with pytest.raises(TypeError, match="str or bytes"):
        robolint.Robots(None)
    with pytest.raises(ValueError, match="unknown dialect"):
        robolint.lint(WILDCARD, target="bingbot")
    with pytest.raises(ValueError, match="did you mean `glob-pattern`"):
        robolint.lint(WILDCARD, select="glob-patern")
    with pytest.raises(TypeError, match="list of str"):
        robolint.lint(WILDCARD, ignore=[1, 2])
    with pytest.raises(ValueError, match="robolint.toml"):
        robolint.lint(WILDCARD, config="target = 3\nno-such-key = 1\n")
    with pytest.raises(ValueError, match="cannot read"):
        robolint.lint(WILDCARD, config=tmp_path / "missing.toml")
    with pytest.raises(TypeError, match="robolint.toml"):
        robolint.lint(WILDCARD, config=3.5)
    with pytest.raises(ValueError, match="unknown dialect"):
        robolint.Robots(WILDCARD).allowed("bot", "/", dialect="bing")
    with pytest.raises(TypeError, match="decode bytes first"):
        robolint.fix(b"User-agent: *\n")
    # A str with a lone surrogate has no UTF-8 form.
    with pytest.raises(ValueError):
        robolint.lint("User-agent: *\nDisallow: /\udc80\n")


def test_bytes_that_are_not_utf8_are_linted_as_the_command_lints_them():
    findings = robolint.lint(b"User-agent: *\nDisallow: /caf\xe9\n")
    assert any(f.name == "invalid-utf8" and f.line == 2 for f in findings), findings
    utf16 = "User-agent: *\nDisallow: /a\n".encode("utf-16")
    assert any(f.name == "utf16-encoding" for f in robolint.lint(utf16))
    assert robolint.Robots(utf16).allowed("bot", "/a", dialect="rfc9309").allowed is False


def test_a_100_mb_string_is_cut_at_the_size_cap():
    line = "Disallow: /" + "a" * 88 + "\n"
    huge = "User-agent: *\n" + line * (100 * 1024 * 1024 // len(line))
    assert len(huge) >= 100 * 1000 * 1000
    findings = robolint.lint(huge, select="file-too-large")
    assert [f.name for f in findings] == ["file-too-large"]
    robots = robolint.Robots(huge)
    assert robots.truncated
    assert len(robots.text) <= 2 * 1024 * 1024
    assert robots.allowed("bot", "/" + "a" * 88, dialect="rfc9309").allowed is False


def test_robots_answers_with_the_deciding_line():
    robots = robolint.Robots("User-agent: *\nDisallow: /shop/\nAllow: /shop/help/\n\nUser-agent: Slurp\nDisallow: /\n")
    verdict = robots.allowed("ExampleBot", "https://example.com/shop/cart")
    assert (verdict.allowed, verdict.line, verdict.rule, verdict.pattern) == (False, 2, "Disallow: /shop/", "/shop/")
    assert verdict.reason == "a Disallow line"
    assert not verdict
    help_page = robots.allowed("ExampleBot", "/shop/help/faq")
    assert (help_page.allowed, help_page.line) == (True, 3)
    assert robots.allowed("Slurp", "/index.html").line == 6
    other = robots.allowed("ExampleBot", "/about")
    assert (other.allowed, other.line, other.rule, other.reason) == (True, None, None, "no rule matched")
    assert bool(other)


def test_dialects_disagree_where_robolint_says_they_do():
    robots = robolint.Robots("User-agent: *\nDisallow: /org/\nAllow: /org/about.html\n")
    assert robots.allowed("bot", "/org/about.html").allowed is True
    assert robots.allowed("bot", "/org/about.html", dialect="rfc9309").allowed is True
    assert robots.allowed("bot", "/org/about.html", dialect="draft-1996").allowed is False
    assert robots.allowed("bot", "/org/about.html", dialect="python-robotparser").allowed is False


def test_robots_keeps_answering_many_robots():
    # More robots than a Robots keeps matchers for: each still gets its own group's answer.
    names = [f"bot{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(500)]
    robots = robolint.Robots("User-agent: botah\nDisallow: /\n")
    for _ in range(2):
        answers = [robots.allowed(name, "/x", dialect="rfc9309").allowed for name in names]
        assert [name for name, allowed in zip(names, answers) if not allowed] == ["botah"]


def test_fix_applies_the_safe_fixes():
    text = "User-agent: *\nDisallow: /a\nDisallow: /a\n"
    fixed = robolint.fix(text)
    assert isinstance(fixed, robolint.Fixed)
    assert fixed.applied >= 1
    assert fixed.text.count("Disallow: /a\n") == 1
    assert robolint.fix(fixed.text).applied == 0
    assert robolint.fix(text, unsafe=True).text.count("Disallow: /a\n") == 1


def test_agents_is_the_registry():
    registry = robolint.agents()
    googlebot = [agent for agent in registry if agent["token"] == "Googlebot"]
    assert len(googlebot) == 1
    assert googlebot[0]["dialect"] == "google"
    assert {"token", "name", "operator", "purpose", "docs"} <= set(googlebot[0])
    assert len(registry) > 50


def test_the_command_is_installed_with_the_wheel():
    command = shutil.which("robolint")
    assert command is not None
    version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("robolint ")
    module = subprocess.run([sys.executable, "-m", "robolint", "--version"], capture_output=True, text=True)
    assert module.stdout == version.stdout


def test_the_gil_is_released_while_linting():
    """With a switch interval of 100 s, a thread that waits for the GIL runs during a call
    only if the call lets the GIL go. The other thread is first left blocked on an event (not
    on the GIL, where it would still wait with the old, short interval), and a first lint
    warms up what is done once per process. The lint is long (a 1 MB file), so the woken
    thread is scheduled during it."""
    text = "User-agent: *\n" + "".join(f"Disallow: /a{n}*b\n" for n in range(60_000))
    robolint.lint(text)

    def other_thread_ran_during(call):
        go = threading.Event()
        ran = []
        other = threading.Thread(target=lambda: (go.wait(), ran.append(True)))
        other.start()
        time.sleep(0.2)
        interval = sys.getswitchinterval()
        sys.setswitchinterval(100)
        try:
            go.set()
            call()
            return bool(ran)
        finally:
            sys.setswitchinterval(interval)
            other.join()

    assert [other_thread_ran_during(lambda: robolint.lint(text)) for _ in range(3)] == [True] * 3
    assert other_thread_ran_during(lambda: robolint.Robots(text))


def test_the_stubs_and_marker_are_installed():
    folder = pathlib.Path(robolint.__file__).parent
    assert (folder / "py.typed").is_file()
    assert (folder / "_robolint.pyi").is_file()
    assert robolint.lint.__doc__ and robolint.Robots.allowed.__doc__
