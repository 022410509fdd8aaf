"""robolint.warc: a WARC file's robots.txt captures linted one by one, as `robolint warc` does."""

import gzip
import json
import shutil
import subprocess

import pytest

import robolint


def record(uri, http, kind="response"):
    """One WARC 1.1 record, gzipped on its own as Common Crawl writes them."""
    head = (
        f"WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n"
        f"WARC-Date: 2026-11-28T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{abs(hash(uri))}>\r\n"
        f"Content-Type: application/http;msgtype=response\r\nContent-Length: {len(http)}\r\n\r\n"
    ).encode()
    return gzip.compress(head + http + b"\r\n\r\n")


def answer(status, body, content_type="text/plain"):
    return f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n\r\n".encode() + body


@pytest.fixture
def archive(tmp_path):
    path = tmp_path / "crawl.warc.gz"
    path.write_bytes(
        record("https://good.example/robots.txt", answer("200 OK", b"User-agent: *\nDisalow: /x\n"))
        + record("https://down.example/robots.txt", answer("503 Service Unavailable", b""))
        + record("https://html.example/robots.txt", answer("200 OK", b"<html><body>hi</body></html>", "text/html"))
        + record("https://good.example/page", answer("200 OK", b"not robots.txt"))
        + record("https://good.example/robots.txt", b"", kind="request")
    )
    return path


def test_each_capture_is_linted_as_the_command_lints_it(archive):
    captures = list(robolint.warc(archive))
    assert [capture["type"] for capture in captures] == ["capture"] * 3
    assert [capture["target_uri"] for capture in captures] == [
        "https://good.example/robots.txt",
        "https://down.example/robots.txt",
        "https://html.example/robots.txt",
    ]
    assert [capture["status"] for capture in captures] == [200, 503, 200]
    assert all(capture["rules"] for capture in captures), "each capture has a finding"
    command = shutil.which("robolint")
    out = subprocess.run([command, "warc", str(archive)], capture_output=True, text=True, check=False)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    from_command = [line for line in lines if line["type"] == "capture"]
    for ours, theirs in zip(captures, from_command, strict=True):
        assert {key: ours[key] for key in ("target_uri", "status", "counts", "rules", "findings")} == {
            key: theirs[key] for key in ("target_uri", "status", "counts", "rules", "findings")
        }


def test_a_cut_archive_ends_with_an_error_and_a_missing_one_raises(archive, tmp_path):
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(archive.read_bytes()[:-40])
    kinds = [capture["type"] for capture in robolint.warc(cut)]
    assert kinds[-1] == "error" and "capture" in kinds
    with pytest.raises(OSError):
        list(robolint.warc(tmp_path / "missing.warc.gz"))
    with pytest.raises(ValueError):
        list(robolint.warc(archive, select=["no-such-rule"]))
