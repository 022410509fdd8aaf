"""robolint: a robots.txt linter, and a robots.txt matcher of five readings.

- ``lint(text, *, target=None, select=None, ignore=None, config=None)``: the findings
  ``robolint --format json`` reports, as ``Finding`` objects.
- ``Robots(text)``: a robots.txt parsed once; ``.allowed(agent, url, dialect="google")``
  answers with a ``Verdict`` (``allowed``, and the ``line`` and ``rule`` that decided).
- ``fix(text, *, unsafe=False)``: the fixes ``robolint --fix`` applies.
- ``agents()``: the crawler registry.
- ``warc(path, *, target=None, select=None, ignore=None, config=None)``: the robots.txt
  captures of a WARC file linted one by one, as ``robolint warc`` writes them.
- ``robolint.scrapy.RobolintRobotParser``: Scrapy's ``ROBOTSTXT_PARSER``.

The work runs with the GIL released. Bad arguments raise ``TypeError`` or ``ValueError``.
"""

import json as _json
import os as _os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from ._robolint import Edit, Finding, Fix, Fixed, Robots, Verdict, __version__, fix, lint
from ._robolint import agents_json as _agents_json
from ._robolint import warc_lines as _warc_lines

__all__ = ["Edit", "Finding", "Fix", "Fixed", "Robots", "Verdict", "__version__", "agents", "fix", "lint", "warc"]


def agents() -> List[Dict[str, Any]]:
    """The crawler registry (agents/*.toml): one dict per robot, with the keys of an
    ``[[agent]]`` table of robolint.toml (``token``, ``name``, ``operator``, ``purpose``,
    ``dialect``, ``fallback``, ``docs``, ...)."""
    return _json.loads(_agents_json())


def warc(
    path: Union[str, "_os.PathLike[str]"],
    *,
    target: Union[str, Sequence[str], None] = None,
    select: Union[str, Sequence[str], None] = None,
    ignore: Union[str, Sequence[str], None] = None,
    config: Optional[Union[str, "_os.PathLike[str]"]] = None,
) -> Iterator[Dict[str, Any]]:
    """The robots.txt captures of a WARC file (plain, or gzipped per record as Common Crawl
    writes it), each linted as a fetched robots.txt: status, headers and body, so a 503 is a
    whole-site block and an HTML body an error. Yields one dict per capture (``type`` is
    ``"capture"``: ``target_uri``, ``date``, ``status``, ``counts``, ``rules``, ``findings``)
    or per record that could not be read (``type`` is ``"error"``: ``record``, ``message``),
    the shapes of ``robolint warc``'s lines (docs/warc-format.md). Reads one record at a time.
    Raises ``OSError`` when the file cannot be opened; other arguments as ``lint``'s."""
    for line in _warc_lines(_os.fspath(path), target=target, select=select, ignore=ignore, config=config):
        yield _json.loads(line)
