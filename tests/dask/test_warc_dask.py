"""`robolint warc` on Dask's distributed scheduler (issue 38, point 4).

WARC files are written here with warcio from the protego corpus (../shared/corpus/protego),
each record its own gzip member as Common Crawl writes them, with 404, 503 and HTML captures
mixed in. A `distributed.LocalCluster` of three worker processes runs `robolint warc` on one
file per task and writes JSON Lines; the merged result must equal one single-process
`robolint warc` run over every file. docs/at-scale.md gives the same code as a recipe.

`ROBOLINT` names the binary (default: target/debug/robolint, which `cargo test` builds) and
`ROBOLINT_SHARED` the shared folder. Outside CI a missing package or folder skips the test
with a message; under CI=true it fails instead.
"""

import io
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ROBOLINT = Path(os.environ.get("ROBOLINT", REPO / "target" / "debug" / "robolint"))
SHARED = Path(os.environ.get("ROBOLINT_SHARED", REPO.parent / "shared"))
IN_CI = os.environ.get("CI") == "true"
WORKERS = 3
WARC_FILES = 6


def needed(what):
    """Fails under CI, where everything must be there; skips with a message elsewhere."""
    if IN_CI:
        pytest.fail(f"CI=true, but {what}")
    pytest.skip(what)


def lint_warc(path, robolint, out_dir):
    """One task: `robolint warc` on one file, its JSON Lines written beside the others."""
    output = Path(out_dir) / (Path(path).name + ".jsonl")
    run = subprocess.run(
        [str(robolint), "warc", "--fail-on", "never", "-o", str(output), str(path)],
        capture_output=True,
        text=True,
    )
    return {"path": str(path), "status": run.returncode, "stderr": run.stderr, "output": str(output)}


# The special answers each file gets, with the rule robolint must raise for each.
SPECIAL = [
    ("404 Not Found", "text/html", b"<html>missing</html>", "robots-txt-not-found"),
    ("503 Service Unavailable", "text/plain", b"", "robots-txt-unreachable"),
    ("200 OK", "text/plain", b"<!DOCTYPE html><html><body>Oops</body></html>\n", "html-document"),
]


def write_warcs(corpus, folder):
    """WARC_FILES files sharing the corpus round robin, each with the special answers."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    files = sorted(path for path in corpus.iterdir() if path.is_file() and path.name != "LICENSE")
    paths = []
    for number in range(WARC_FILES):
        path = folder / f"crawl-{number:02}.warc.gz"
        with open(path, "wb") as out:
            writer = WARCWriter(out, gzip=True)

            def capture(url, status, content_type, body):
                headers = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
                record = writer.create_warc_record(
                    url, "response", payload=io.BytesIO(body), http_headers=headers,
                    warc_headers_dict={"WARC-Date": "2024-05-01T10:00:00Z"},
                )
                writer.write_record(record)

            for index, (status, content_type, body, _) in enumerate(SPECIAL):
                capture(f"http://special{index}-{number}.example/robots.txt", status, content_type, body)
            for site in files[number::WARC_FILES]:
                capture(f"https://{site.name}/robots.txt", "200 OK", "text/plain", site.read_bytes())
        paths.append(path)
    return paths, len(files)


def read_lines(path):
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def merged_summary(summaries):
    """The summaries of several runs added up, as one run over all their files reports it."""
    total = {"type": "summary", "files": 0, "records": 0, "captures": 0, "errors": 0,
             "counts": Counter(), "rules": Counter()}
    for summary in summaries:
        for key in ("files", "records", "captures", "errors"):
            total[key] += summary[key]
        total["counts"].update(summary["counts"])
        total["rules"].update(summary["rules"])
    total["counts"] = {severity: total["counts"][severity] for severity in ("error", "warning", "info")}
    total["rules"] = dict(sorted(total["rules"].items()))
    return total


def test_dask_run_equals_the_single_process_run(tmp_path):
    if not ROBOLINT.is_file():
        needed(f"{ROBOLINT} is not built (run `cargo build` or set ROBOLINT)")
    corpus = SHARED / "corpus" / "protego"
    if not corpus.is_dir():
        needed(f"{corpus} does not exist (set ROBOLINT_SHARED)")
    try:
        import cloudpickle
        import distributed
        import warcio  # noqa: F401
    except ImportError as missing:
        needed(f"a Python package is missing: {missing.name} (pip install 'dask[distributed]' warcio)")

    warcs, sites = write_warcs(corpus, tmp_path)
    out_dir = tmp_path / "out"
    out_dir.mkdir()

    # This module's functions travel to the workers by value: they need not import it.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    started = time.monotonic()
    with distributed.LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == WORKERS
        futures = client.map(lint_warc, warcs, robolint=ROBOLINT, out_dir=out_dir)
        results = client.gather(futures)
    wall = time.monotonic() - started
    print(f"\nDask: {len(warcs)} WARC files, {sites} sites, {WORKERS} worker processes, {wall:.1f} s wall")
    for result in results:
        assert result["status"] == 0, result

    single = out_dir.parent / "single.jsonl"
    run = subprocess.run([str(ROBOLINT), "warc", "--fail-on", "never", "-o", str(single), *map(str, warcs)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr

    distributed_lines = [line for result in results for line in read_lines(result["output"])]
    single_lines = read_lines(single)

    def captures(lines):
        return sorted((line for line in lines if line["type"] == "capture"),
                      key=lambda line: (line["file"], line["record"]))

    assert captures(distributed_lines) == captures(single_lines)
    assert len(captures(single_lines)) == sites + len(SPECIAL) * WARC_FILES
    single_summary = [line for line in single_lines if line["type"] == "summary"]
    assert single_summary == [single_lines[-1]]
    assert merged_summary(line for line in distributed_lines if line["type"] == "summary") == single_summary[0]

    # The special captures are judged as fetched: a 503 keeps robots off, HTML is an error.
    for index, (_, _, _, rule) in enumerate(SPECIAL):
        specials = [line for line in single_lines
                    if line["type"] == "capture" and line["target_uri"].startswith(f"http://special{index}-")]
        assert len(specials) == WARC_FILES
        assert all(rule in {finding["name"] for finding in line["findings"]} for line in specials), specials[0]
