"""robolint as Scrapy's ROBOTSTXT_PARSER, with the released Scrapy crawling a site on the
loopback interface: the server's log shows what the crawler asked for."""

import http.server
import json
import subprocess
import sys
import textwrap
import threading

import robolint.scrapy

ROBOTS_TXT = b"""User-agent: *
Disallow: /private/
Allow: /private/open.html
Disallow: /*.pdf$

User-agent: OtherBot
Disallow: /
"""

PAGES = {
    "/": ["/public/a.html", "/private/secret.html", "/private/open.html", "/files/report.pdf", "/files/notes.html"],
    "/public/a.html": ["/public/b.html", "/private/deeper/c.html"],
}
ALLOWED = {"/", "/public/a.html", "/public/b.html", "/private/open.html", "/files/notes.html"}
DISALLOWED = {"/private/secret.html", "/private/deeper/c.html", "/files/report.pdf"}


class Site(http.server.BaseHTTPRequestHandler):
    requested = []

    def do_GET(self):
        Site.requested.append(self.path)
        if self.path == "/robots.txt":
            body, kind = ROBOTS_TXT, "text/plain"
        else:
            links = "".join(f'<a href="{link}">{link}</a>' for link in PAGES.get(self.path, []))
            body, kind = f"<html><body>{links}</body></html>".encode(), "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


SPIDER = textwrap.dedent(
    """
    import json, sys
    import scrapy
    from scrapy.crawler import CrawlerProcess

    class Follow(scrapy.Spider):
        name = "follow"
        start_urls = [sys.argv[1]]

        def parse(self, response):
            yield from response.follow_all(css="a", callback=self.parse)

        def closed(self, reason):
            middlewares = self.crawler.engine.downloader.middleware.middlewares
            robots = [m for m in middlewares if type(m).__name__ == "RobotsTxtMiddleware"][0]
            parsers = [type(p).__module__ + "." + type(p).__name__ for p in robots._parsers.values()]
            print(json.dumps({"parsers": parsers}))

    process = CrawlerProcess(settings={
        "ROBOTSTXT_OBEY": True,
        "ROBOTSTXT_PARSER": "robolint.scrapy.RobolintRobotParser",
        "USER_AGENT": "ExampleCrawler/1.0 (+https://example.com/crawler)",
        "RETRY_ENABLED": False,
        "LOG_LEVEL": "WARNING",
        "TELNETCONSOLE_ENABLED": False,
        "CLOSESPIDER_TIMEOUT": 60,
    })
    process.crawl(Follow)
    process.start()
    """
)


def test_scrapy_never_requests_what_robots_txt_disallows(tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        spider = tmp_path / "spider.py"
        spider.write_text(SPIDER)
        start = f"http://127.0.0.1:{server.server_address[1]}/"
        run = subprocess.run(
            [sys.executable, str(spider), start], capture_output=True, text=True, timeout=120, check=False
        )
    finally:
        server.shutdown()
        server.server_close()
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["parsers"] == ["robolint.scrapy.RobolintRobotParser"]
    requested = set(Site.requested)
    assert "/robots.txt" in requested
    assert ALLOWED <= requested, (requested, run.stderr)
    assert not (DISALLOWED & requested), requested


def test_the_parser_answers_for_the_product_token_of_the_user_agent():
    parser = robolint.scrapy.RobolintRobotParser.from_crawler(None, ROBOTS_TXT)
    assert parser.allowed("http://example.com/private/open.html", "ExampleCrawler/1.0") is True
    assert parser.allowed(b"http://example.com/private/x", b"ExampleCrawler/1.0 (+https://e.com)") is False
    assert parser.allowed("http://example.com/public/", "OtherBot/2.0") is False
    assert parser.allowed("http://example.com/files/a.pdf", "Scrapy/2.11 (+https://scrapy.org)") is False
    assert parser.allowed("http://example.com/files/a.pdf?x", "Scrapy/2.11") is True


def test_the_dialect_setting_chooses_the_reading():
    class Settings(dict):
        pass

    class Crawler:
        spider = None
        settings = Settings(ROBOLINT_DIALECT="python-robotparser")

    parser = robolint.scrapy.RobolintRobotParser.from_crawler(Crawler(), ROBOTS_TXT)
    # Python's robotparser reads `*` and `$` as plain characters, and takes the first match.
    assert parser.allowed("http://example.com/files/a.pdf", "ExampleCrawler") is True
    assert parser.allowed("http://example.com/private/open.html", "ExampleCrawler") is False
