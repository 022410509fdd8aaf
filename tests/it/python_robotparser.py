"""Answers can_fetch questions with Python's own urllib.robotparser, for
tests/it/python_robotparser.rs.

The first line written says which Python this is and whether its robotparser is the one
robolint models (CPython 3.8 to 3.13: rules and URLs normalised with
quote(unquote(...)) through urlparse). Then, for each JSON line read from standard
input, {"text": robots.txt as text, "questions": [[agent, url], ...]}, one JSON line is
written: {"raised": what parse() raised or null, "answers": [true, false, "raised: ...",
...]}. Like RobotFileParser.read(), parse() gets text.splitlines(); when parse() raises,
the questions are still asked of what it had read by then.
"""

import inspect
import json
import sys
import urllib.robotparser


def modelled():
    source = inspect.getsource(urllib.robotparser)
    return ("urllib.parse.quote(path)" in source
            and "urllib.parse.unquote(url)" in source
            and "self.default_entry = entry" in source)


def answer(parser, agent, url):
    try:
        return parser.can_fetch(agent, url)
    except Exception as error:  # can_fetch raises on some URLs (ValueError)
        return "raised: " + type(error).__name__


def main():
    version = ".".join(map(str, sys.version_info[:3]))
    print(json.dumps({"python": version, "modelled": modelled()}), flush=True)
    for line in sys.stdin:
        case = json.loads(line)
        parser = urllib.robotparser.RobotFileParser()
        raised = None
        try:
            parser.parse(case["text"].splitlines())
        except Exception as error:
            raised = type(error).__name__
        answers = [answer(parser, agent, url) for agent, url in case["questions"]]
        print(json.dumps({"raised": raised, "answers": answers}), flush=True)


if __name__ == "__main__":
    main()
