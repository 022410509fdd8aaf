"""In-process robots.txt throughput in Python: robolint's Robots, protego and
urllib.robotparser in one run, over the same files held in memory.

    python python/bench/throughput.py [CORPUS] [--rounds N]

CORPUS defaults to ../shared/corpus/protego beside the repository. Each parser parses every
file once and answers the same URLs for one robot in each; the table gives the parse rate
(MB/s of robots.txt), the answer rate (calls/s once parsed) and the two together (a crawler
meeting a site: one parse, then its URLs). Each phase is timed over the whole corpus, best of
`--rounds`. protego and urllib read text, so their parse time includes decoding the bytes
(UTF-8, invalid sequences replaced); robolint takes the bytes as they are. The answers are
compared too: how often protego and urllib answer as robolint's Google reading does.
"""

import argparse
import pathlib
import time
import urllib.robotparser

import protego

import robolint

AGENT = "Googlebot"
# Paths that robots.txt files commonly name, and some they rarely do.
PATHS = [
    "/",
    "/index.html",
    "/search?q=robots",
    "/admin/",
    "/wp-admin/admin-ajax.php",
    "/cgi-bin/test.cgi",
    "/images/logo.png",
    "/private/report.pdf",
    "/cart/checkout?step=2",
    "/api/v1/items?page=3",
    "/tag/news/page/2/",
    "/user/login",
    "/en/about-us.html",
    "/print/article-123",
    "/static/app.js",
    "/sitemap.xml",
]
URLS = ["https://example.com" + path for path in PATHS]


def read_corpus(folder):
    files = [path.read_bytes() for path in sorted(pathlib.Path(folder).iterdir()) if path.is_file()]
    return [body for body in files if body]


def robolint_parser(body):
    return robolint.Robots(body)


def robolint_allowed(robots, url):
    return robots.allowed(AGENT, url).allowed


def protego_parser(body):
    return protego.Protego.parse(body.decode("utf-8", "replace"))


def protego_allowed(robots, url):
    return robots.can_fetch(url, AGENT)


def urllib_parser(body):
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(body.decode("utf-8", "replace").splitlines())
    return parser


def urllib_allowed(parser, url):
    return parser.can_fetch(AGENT, url)


PARSERS = [
    ("robolint (Robots, google)", robolint_parser, robolint_allowed),
    ("protego", protego_parser, protego_allowed),
    ("urllib.robotparser", urllib_parser, urllib_allowed),
]


def best_of(rounds, work):
    best = None
    result = None
    for _ in range(rounds):
        start = time.perf_counter()
        result = work()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def measure(files, parse, allowed, rounds):
    parse_seconds, parsed = best_of(rounds, lambda: [parse(body) for body in files])
    answer_seconds, answers = best_of(
        rounds, lambda: [allowed(robots, url) for robots in parsed for url in URLS]
    )
    return parse_seconds, answer_seconds, answers


def main():
    default = pathlib.Path(__file__).resolve().parents[3] / "shared" / "corpus" / "protego"
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("corpus", nargs="?", default=str(default))
    arguments.add_argument("--rounds", type=int, default=3)
    options = arguments.parse_args()
    files = read_corpus(options.corpus)
    megabytes = sum(len(body) for body in files) / 1e6
    calls = len(files) * len(URLS)
    print(
        f"{len(files)} files, {megabytes:.1f} MB, {len(URLS)} URLs each ({calls} calls), "
        f"robot {AGENT}, best of {options.rounds} (robolint {robolint.__version__}, protego from pip, "
        f"urllib.robotparser of this Python)"
    )
    print()
    print("| parser | parse MB/s | allowed calls/s | parse + 16 URLs, files/s | answers as robolint's |")
    print("|---|---:|---:|---:|---:|")
    reference = None
    for name, parse, allowed in PARSERS:
        parse_seconds, answer_seconds, answers = measure(files, parse, allowed, options.rounds)
        if reference is None:
            reference = answers
        agreement = sum(a == b for a, b in zip(answers, reference)) / len(reference)
        per_file = len(files) / (parse_seconds + answer_seconds)
        print(
            f"| {name} | {megabytes / parse_seconds:,.1f} | {calls / answer_seconds:,.0f} | "
            f"{per_file:,.0f} | {agreement:.2%} |"
        )


if __name__ == "__main__":
    main()
