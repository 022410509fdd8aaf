"""robolint as Scrapy's robots.txt parser. In a project's settings::

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robolint.scrapy.RobolintRobotParser"
    ROBOLINT_DIALECT = "google"   # optional: rfc9309, python-robotparser, draft-1996, norobots-1994

The file is parsed once per site; each request's question is answered in Rust, with the
rules of the group its robot obeys compiled at the first question and kept.
"""

import re
from typing import Any, Optional, Union

from scrapy.robotstxt import RobotParser

from ._robolint import Robots

# What robots.txt groups name: the leading run of letters, `-` and `_` of a User-Agent
# header (`Scrapy/2.11 (+https://scrapy.org)` is `Scrapy`), as RFC 9309 and Google compare.
_PRODUCT_TOKEN = re.compile(r"[A-Za-z_-]+")


def _text(value: Union[str, bytes]) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


class RobolintRobotParser(RobotParser):
    """Scrapy's ``RobotParser`` answered by robolint's matcher (Google's reading by default)."""

    def __init__(self, robotstxt_body: Union[bytes, str], spider: Any = None, dialect: str = "google") -> None:
        self.spider = spider
        self.dialect = dialect
        # Bytes go to robolint as they are: its source stage reads BOMs, UTF-16 and invalid
        # UTF-8 the way the robots of each reading do.
        self.robots = Robots(robotstxt_body)

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: Union[bytes, str]) -> "RobolintRobotParser":
        spider: Optional[Any] = None if not crawler else crawler.spider
        dialect = crawler.settings.get("ROBOLINT_DIALECT", "google") if crawler else "google"
        return cls(robotstxt_body, spider, dialect)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        agent = _text(user_agent)
        token = _PRODUCT_TOKEN.match(agent.strip())
        return self.robots.allowed(token.group(0) if token else agent, _text(url), self.dialect).allowed
