"""robolint: a robots.txt linter, and a robots.txt matcher of five readings.

- ``lint(text, *, target=None, select=None, ignore=None, config=None)``: the findings
  ``robolint --format json`` reports, as ``Finding`` objects.
- ``Robots(text)``: a robots.txt parsed once; ``.allowed(agent, url, dialect="google")``
  answers with a ``Verdict`` (``allowed``, and the ``line`` and ``rule`` that decided).
- ``fix(text, *, unsafe=False)``: the fixes ``robolint --fix`` applies.
- ``agents()``: the crawler registry.
- ``robolint.scrapy.RobolintRobotParser``: Scrapy's ``ROBOTSTXT_PARSER``.

The work runs with the GIL released. Bad arguments raise ``TypeError`` or ``ValueError``.
"""

import json as _json
from typing import Any, Dict, List

from ._robolint import Edit, Finding, Fix, Fixed, Robots, Verdict, __version__, fix, lint
from ._robolint import agents_json as _agents_json

__all__ = ["Edit", "Finding", "Fix", "Fixed", "Robots", "Verdict", "__version__", "agents", "fix", "lint"]


def agents() -> List[Dict[str, Any]]:
    """The crawler registry (agents/*.toml): one dict per robot, with the keys of an
    ``[[agent]]`` table of robolint.toml (``token``, ``name``, ``operator``, ``purpose``,
    ``dialect``, ``fallback``, ``docs``, ...)."""
    return _json.loads(_agents_json())
