"""docs/check_html.py finds the error and warning boxes that sphinx-build -W lets through."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import textwrap
from types import ModuleType

import pytest

DOCS = pathlib.Path(__file__).parent.parent / "docs"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_html", DOCS / "check_html.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_html = _load()


def whats(html: str) -> list[str]:
    return [what for _, what in check_html.find_problems(html)]


def test_a_docutils_system_message_and_its_problematic_reference_are_found():
    docutils_core = pytest.importorskip("docutils.core")
    html5 = pytest.importorskip("docutils.writers.html5_polyglot")
    body = docutils_core.publish_parts(
        "See `nowhere`_.\n",
        writer=html5.Writer(),
        settings_overrides={"report_level": 2, "halt_level": 5, "warning_stream": False},
    )["body"]
    found = whats(body)
    assert "a docutils system message" in found
    assert "markup docutils could not resolve (problematic)" in found


def test_a_contents_block_is_found_unless_it_carries_furos_escape_hatch():
    assert whats('<nav class="contents local" id="on-this-page"><p>On this page</p></nav>') == [
        "a contents block, which furo shows as an ERROR box"
    ]
    escaped = f'<nav class="contents {check_html.FURO_ESCAPE}"><p>x</p></nav>'
    assert whats(escaped) == []


def test_error_text_counts_inside_an_admonition_only():
    page = textwrap.dedent(
        """\
        <p>The command prints ERROR: when it fails.</p>
        <pre>WARNING: shown in a code block</pre>
        <div class="admonition warning"><p class="admonition-title">Warning</p>
        <p>careful<br>still careful</p></div>
        <div class="admonition note"><p>ok</p><img src="x.png">
        <p>WARNING: the build went wrong</p></div>
        <p>after the box, ERROR: is plain text again</p>
        """
    )
    assert check_html.find_problems(page) == [
        (6, "a box that says 'WARNING: the build went wrong'")
    ]


def test_main_reports_each_page_and_line_and_fails(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "good.html").write_text("<p>fine</p>", encoding="utf-8")
    (tmp_path / "sub" / "bad.html").write_text(
        '<p>x</p>\n<div class="system-message"><p>ERROR/3</p></div>', encoding="utf-8"
    )
    assert check_html.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out == f"{tmp_path / 'sub' / 'bad.html'}:2: a docutils system message\n"
    (tmp_path / "sub" / "bad.html").unlink()
    assert check_html.main([str(tmp_path)]) == 0
    assert check_html.main([str(tmp_path / "sub")]) == 2  # no pages: not a pass


def test_a_furo_page_with_a_contents_directive_fails_the_check(tmp_path):
    """The case -W misses: furo paints the contents block red with CSS alone."""
    pytest.importorskip("furo")
    sphinx_build = pytest.importorskip("sphinx.cmd.build")
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('html_theme = "furo"\n', encoding="utf-8")
    (source / "index.rst").write_text(
        "Title\n=====\n\n.. contents::\n\nOne\n---\n\nText.\n", encoding="utf-8"
    )
    out = tmp_path / "html"
    args = ["-W", "-q", "-b", "html", "-d", str(tmp_path / "doctrees"), str(source), str(out)]
    assert sphinx_build.build_main(args) == 0  # -W is content
    assert check_html.main([str(out / "index.html")]) == 1


def test_the_script_runs_on_its_own(tmp_path):
    import subprocess

    (tmp_path / "a.html").write_text("<p>fine</p>", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(DOCS / "check_html.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "checked 1 HTML page(s)" in done.stdout
