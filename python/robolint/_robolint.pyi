"""Type stubs of robolint's compiled module; ``robolint`` re-exports all of it."""

import os
from typing import Iterator, List, Optional, Sequence, Union

__version__: str

_Text = Union[str, bytes, bytearray]
_Names = Union[str, Sequence[str], None]

class Edit:
    """One edit of a fix: the text from (line, column) to (end_line, end_column) becomes
    ``replacement``. Lines are 1-based; columns count characters, the end just past it."""

    replacement: str
    line: int
    column: int
    end_line: int
    end_column: int

class Fix:
    """A finding's fix: what it does, ``"safe"`` or ``"unsafe"``, and its edits."""

    message: str
    applicability: str
    edits: List[Edit]

class Finding:
    """One finding, as ``robolint --format json`` writes it (docs/json-format.md)."""

    code: str
    name: str
    severity: str
    """``"error"``, ``"warning"`` or ``"info"``."""
    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    help: Optional[str]
    notes: List[str]
    affects: List[str]
    """The dialects whose robots read the line differently."""
    fix: Optional[Fix]
    beyond_targets: bool
    """Information about robots outside the targets only, which the human format leaves out."""

class Fixed:
    """What ``fix`` did."""

    text: str
    applied: int
    held_back: List[str]
    """Safe fixes not applied because they would change what some robot does."""

class Verdict:
    """A robot's answer for one URL. ``bool(verdict)`` is ``verdict.allowed``."""

    allowed: bool
    line: Optional[int]
    """The 1-based line of the Allow or Disallow rule that decided, if one did."""
    rule: Optional[str]
    """That line as written."""
    pattern: Optional[str]
    """Its path pattern as the dialect reads it."""
    reason: str
    """Why, in words: ``"a Disallow line"``, ``"no rule matched"``, ``"no record applies"``, ..."""
    def __bool__(self) -> bool: ...

class Robots:
    """A robots.txt parsed once (``str``, or ``bytes`` in any encoding robots read), answering
    for any robot and dialect; each robot's rules are compiled at its first question."""

    def __init__(self, text: _Text) -> None: ...
    def allowed(self, agent: str, url: str, dialect: str = "google") -> Verdict:
        """May ``agent`` fetch ``url`` (a path ``/a?b`` or a whole URL) as ``dialect`` reads
        the file: ``google`` (default), ``rfc9309``, ``python-robotparser``, ``draft-1996``
        or ``norobots-1994``. Raises ValueError for another dialect name."""
    @property
    def text(self) -> str:
        """The text as robolint read it: decoded, and cut at the 2 MiB size cap."""
    @property
    def truncated(self) -> bool:
        """Whether the size cap cut the text."""

def lint(
    text: _Text,
    *,
    target: _Names = None,
    select: _Names = None,
    ignore: _Names = None,
    config: Union[str, "os.PathLike[str]", None] = None,
) -> List[Finding]:
    """Lints a robots.txt with the command's defaults. ``target``: dialect names, ``today``
    (default) or ``portable``; ``select`` replaces the rule set, ``ignore`` removes rules
    (codes, prefixes, names, categories); ``config``: a robolint.toml's text (str) or its
    path (``pathlib.Path``), whose settings the other arguments override as the command
    line's do. Bytes are decoded as the command decodes a file; text past 2 MiB is cut and
    reported. Raises TypeError or ValueError for bad arguments."""

def fix(
    text: str,
    *,
    unsafe: bool = False,
    target: _Names = None,
    select: _Names = None,
    ignore: _Names = None,
    config: Union[str, "os.PathLike[str]", None] = None,
) -> Fixed:
    """Applies the fixes ``robolint --fix`` applies (``unsafe=True``: ``--unsafe-fixes``)."""

def agents_json() -> str: ...

class WarcLines:
    """The linted captures of a WARC file, one JSON line each (``robolint.warc`` reads them)."""

    def __iter__(self) -> Iterator[str]: ...
    def __next__(self) -> str: ...

def warc_lines(
    path: Union[str, "os.PathLike[str]"],
    *,
    target: _Names = None,
    select: _Names = None,
    ignore: _Names = None,
    config: Union[str, "os.PathLike[str]", None] = None,
) -> WarcLines: ...
