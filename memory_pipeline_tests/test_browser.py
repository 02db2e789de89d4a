"""The Dagster UI in a real headless browser (Debian's chromium through Playwright), against
`memory-pipeline dev` on the test store.

Default run: the asset graph and an asset page explain themselves (short). The full walk-through
(materialize one user partition from the UI, see the run succeed and its checks pass, open the
metadata, save the screenshot the README shows) is marked slow:

    .venv/bin/pytest -m slow memory_pipeline_tests/test_browser.py
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from memory_pipeline_tests.fixtures import alice_memories

pytestmark = pytest.mark.integration

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-headless-shell")
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "ui-memory-summaries.png"
SCREENSHOT_CHECKS = SCREENSHOT.with_name("ui-memory-summaries-checks.png")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]

if CHROMIUM is None:
    pytest.skip("no chromium on this machine (.ci/run installs it)", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM to the CLI (it stops Dagster's process group), then anything of it still alive, by pid."""
    family = psutil.Process(proc.pid).children(recursive=True)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=40)
    for p in [*family, psutil.Process(proc.pid) if proc.poll() is None else None]:
        if p is not None and p.is_running():
            with contextlib.suppress(psutil.NoSuchProcess):
                p.kill()


@pytest.fixture(scope="module")
def ui(_server, tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("dev") / "dev.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "memory_pipeline.cli", "dev", "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy(), start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            with contextlib.suppress(OSError):
                if urllib.request.urlopen(base + "/server_info", timeout=5).status == 200:
                    break
            assert proc.poll() is None, log.read_text()[-3000:]
            time.sleep(0.5)
        yield base
    finally:
        _stop(proc)


@pytest.fixture
def page(ui):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        pg = browser.new_page(viewport={"width": 1500, "height": 950})
        pg.set_default_timeout(60_000)
        yield pg
        browser.close()


def _open(page, url: str) -> None:
    page.goto(url, wait_until="networkidle")
    skip = page.get_by_role("button", name="Skip")  # "Join the Dagster community" on a first visit
    if skip.count():
        skip.first.click()


def test_asset_graph_and_asset_page_explain_themselves(ui, page):
    _open(page, ui + "/asset-groups")
    page.get_by_text("consolidation", exact=True).first.wait_for()
    page.get_by_text("memory_store", exact=True).first.wait_for()
    _open(page, ui + "/locations/memory_pipeline/asset-groups/consolidation")
    for asset in ("supersession_edges", "memory_summaries", "procedural_profile", "session_context"):
        page.get_by_text(asset, exact=True).first.wait_for()
    _open(page, ui + "/assets/memory_summaries")
    page.get_by_text("N -> 1 summaries of clusters", exact=False).first.wait_for()
    page.get_by_text("memory-platform").first.wait_for()
    page.get_by_text("Fails if more than 26 hours since last materialization").first.wait_for()


def test_a_cli_run_shows_the_named_job_and_its_tags(ui, page, service):
    """The runs list reads like the product: the job's name, and tags that tell a dry run from a real one."""
    service.remember("ui-tags", "I keep bees in Lyon.")
    r = subprocess.run([sys.executable, "-m", "memory_pipeline.cli", "consolidate", "--user", "ui-tags", "--dry-run",
                        "--json"], capture_output=True, text=True, env=os.environ.copy(), timeout=600)
    assert r.returncode == 0, r.stderr
    run_id = json.loads(r.stdout)["run_id"]
    _open(page, ui + f"/runs/{run_id}")
    page.get_by_text("consolidation_job", exact=False).first.wait_for()
    page.get_by_text("View tags and config").first.click()
    tags = page.get_by_role("dialog")
    for tag in ("trigger: cli", "dry_run: true", "mode: apply"):
        tags.get_by_text(tag, exact=True).first.wait_for()
    page.keyboard.press("Escape")
    _open(page, ui + "/runs")  # the list shows the job and the tags that tell what the run was
    for text in (run_id[:8], "consolidation_job", "trigger: cli", "dry_run: true"):
        page.get_by_text(text, exact=True).first.wait_for()


def _wait_for_run(inst, run_id: str, timeout: float = 300) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = inst.get_run_by_id(run_id)
        if run is not None and run.is_finished:
            return run.status.value
        time.sleep(1)
    return f"TIMEOUT in {inst.get_run_by_id(run_id).status.value}"


def _failure(inst, run_id: str) -> str:
    return "\n".join(str(e.dagster_event.event_specific_data)[:800] for e in inst.all_logs(run_id)
                     if e.dagster_event and "FAILURE" in e.dagster_event.event_type_value)


@pytest.mark.slow
def test_materialize_a_user_partition_from_the_ui(ui, page, service, settings):
    from memory_pipeline.defs.launch import instance
    from memory_pipeline.defs.partitions import USERS_PARTITION

    service.remember_many(alice_memories())
    inst = instance(settings)
    if "alice" not in inst.get_dynamic_partitions(USERS_PARTITION):
        inst.add_dynamic_partitions(USERS_PARTITION, ["alice"])

    _open(page, ui + "/locations/memory_pipeline/asset-groups/consolidation")
    page.get_by_role("button", name="Materialize all").first.click()
    page.get_by_text("Select a partition or create one").click()
    page.get_by_placeholder("Filter partitions").fill("alice")
    page.get_by_text("alice", exact=True).filter(visible=True).first.click()
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Launch 1 run").click()
    run_path = page.get_by_role("link", name="View", exact=True).first.get_attribute("href")  # the toast
    run_id = run_path.rsplit("/", 1)[-1]

    _open(page, ui + run_path)
    status = _wait_for_run(inst, run_id)
    assert status == "SUCCESS", _failure(inst, run_id)
    page.get_by_text("Success", exact=True).first.wait_for()  # the run page says so too
    assert service.stats("alice")["summaries"] > 0  # the run really consolidated the user

    _open(page, ui + "/assets/memory_summaries?view=checks")
    for check in ("no_loss", "user_isolation", "summary_bounds", "compression_in_bounds"):
        page.get_by_text(check, exact=True).first.wait_for()
    passed = page.get_by_text("Succeeded", exact=True)  # each check's latest evaluation, in the list
    for _ in range(60):  # the UI's live data catches up within a few seconds
        if passed.count() >= 4:
            break
        page.wait_for_timeout(1000)
    assert passed.count() == 4 and page.get_by_text("Failed", exact=True).count() == 0
    page.get_by_text("Passed", exact=True).first.wait_for()  # the selected check's evaluation
    page.screenshot(path=str(SCREENSHOT_CHECKS))

    _open(page, ui + "/assets/memory_summaries")
    page.get_by_text("compression_ratio", exact=True).first.wait_for()
    page.get_by_text("summary_char_ratio", exact=True).first.wait_for()
    page.screenshot(path=str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 20_000
