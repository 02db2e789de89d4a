"""100k users in one deployment (issue 34): `auto` partitioning is per-user until the store records a
switch (by command, or by the sensor past the threshold); the switch keeps every user's history, so the
first shard run consolidates exactly the users with something new, none twice and none skipped; two
shard runs at once never process the same user. Each test has its own store and Dagster database on
the session's embedded PostgreSQL (a recorded switch must not reach other tests); partitions are fixed
when the definitions load, so runs go through the CLI in a child process, as a run worker would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import uuid

import dagster as dg
import pytest

pytestmark = pytest.mark.integration


class Store:
    def __init__(self, service, env: dict):
        self.service, self.env = service, env

    def cli(self, *args: str, **extra) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k != "MEMORY_PIPELINE_PARTITIONING"}
        return subprocess.run([sys.executable, "-m", "memory_pipeline.cli", *args], capture_output=True, text=True,
                              env={**env, **self.env, **extra}, timeout=600)

    def json(self, *args: str, **extra) -> dict:
        r = self.cli(*args, "--json", **extra)
        assert r.returncode == 0, r.stderr[-3000:]
        return json.loads(r.stdout)

    def save(self, users: list[str], n: int, tag: str = "note") -> None:
        self.service.remember_many([
            {"user_id": u, "content": f"{u} {tag} {i}: I moved to city {i % 3} and like tea number {i}",
             "created_at": f"2025-02-{i + 1:02d}T09:00:00Z"} for u in users for i in range(n)])

    def states(self) -> dict[str, tuple[int, int]]:
        """user -> (runs that changed something, high-water mark)."""
        return {u: (r, hw) for u, r, hw in self.service.conn.execute(
            "SELECT user_id, runs, last_memory_id FROM consolidation_state")}

    def newest(self) -> dict[str, int]:
        return dict(self.service.conn.execute("SELECT user_id, max(id) FROM memories GROUP BY user_id").fetchall())

    def summaries(self) -> dict[str, set[tuple[str, str]]]:
        out: dict[str, set] = {}
        for u, i, run in self.service.conn.execute("SELECT user_id, id, run_id FROM summaries"):
            out.setdefault(u, set()).add((i, run))
        return out


@pytest.fixture
def store(settings, embedder, db_url):
    """A store of its own (migrated) and a Dagster database of its own on the session's server."""
    from memory_pipeline.defs.instance_storage import resolve_url
    from memory_pipeline.service import MemoryService
    from memory_pipeline.store import db

    tag = uuid.uuid4().hex[:8]
    url = db.ensure_database(db_url, f"scale34_store_{tag}")
    svc = MemoryService(settings.with_overrides(database_url=url), embedder=embedder)
    svc.ensure_schema()
    env = {"MEMORY_PIPELINE_DATABASE_URL": url,
           "MEMORY_PIPELINE_DAGSTER_PG_URL": resolve_url(db.ensure_database(db_url, f"scale34_dagster_{tag}"))}
    yield Store(svc, env)
    svc.close()


def test_switch_to_shards_keeps_history_and_runs_only_users_with_something_new(store):
    users = [f"sw-{i}" for i in range(8)]
    store.save(users, 5)
    assert store.json("partitions")["effective"] == "user"  # auto, nothing recorded: per-user
    first = store.json("consolidate", "--all")
    assert first["status"] == "SUCCESS" and first["users"] == 8, first
    before, summaries = store.states(), store.summaries()
    assert set(before) == set(users)

    changed = users[1:4]
    store.save(changed, 3, tag="later news")
    switched = store.json("partitions", "switch", "--to", "shards:2")
    assert switched["from"] == "user" and switched["to"] == "shards:2" and switched["users_with_history"] == 8
    shown = store.json("partitions")
    assert shown["effective"] == "shards:2" and shown["recorded"] == "shards:2" and shown["shards"] == 2

    after_run = store.json("consolidate", "--all")  # every shard: the nightly schedule's users
    assert after_run["status"] == "SUCCESS", after_run
    meta = after_run["assets"]["memory_summaries"]
    assert meta["users"] == 3 and meta["users_nothing_new"] == 5, meta
    after, newest = store.states(), store.newest()
    for u in users:  # none skipped: every high-water mark at the user's newest memory
        assert after[u][1] == newest[u], u
    # none consolidated twice, nobody from scratch: only the changed users' state moved on
    assert {u for u in users if after[u][0] != before[u][0]} == set(changed)
    now = store.summaries()
    assert all(now.get(u) == summaries.get(u) for u in users if u not in changed)  # untouched, same run ids

    again = store.json("consolidate", "--all")  # nothing new anywhere: nobody is run
    assert again["assets"]["memory_summaries"]["users"] == 0 and store.states() == after
    one = store.json("consolidate", "--user", changed[0])  # a named user runs, with or without news
    assert list(one["assets"]["memory_summaries"]["per_user"]) == [changed[0]]


def test_switch_refuses_bad_input_in_one_line(store):
    r = store.cli("partitions", "switch", "--to", "shards:zero")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "shards:N" in r.stderr, r.stderr
    r = store.cli("partitions", "switch", "--to", "shards:4", MEMORY_PIPELINE_PARTITIONING="user")
    assert r.returncode == 2 and "MEMORY_PIPELINE_PARTITIONING" in r.stderr, r.stderr
    assert store.json("partitions")["recorded"] is None  # nothing written


def test_the_sensor_switches_to_shards_past_the_threshold(store, monkeypatch):
    from memory_pipeline.defs.resources import MemoryStoreResource
    from memory_pipeline.defs.triggers.sensors import consolidation_due_sensor

    users = [f"auto-{i}" for i in range(5)]
    store.save(users, 21)  # due: over the sensor's message count
    monkeypatch.setenv("MEMORY_PIPELINE_PARTITIONING", "auto")
    monkeypatch.setenv("MEMORY_PIPELINE_AUTO_SHARDS", "3")
    resources = {"memory_store": MemoryStoreResource(database_url=store.env["MEMORY_PIPELINE_DATABASE_URL"])}
    inst = dg.DagsterInstance.ephemeral()

    monkeypatch.setenv("MEMORY_PIPELINE_SHARD_THRESHOLD", "5")  # at the threshold: per-user as before
    with dg.build_sensor_context(instance=inst, resources=resources) as ctx:
        below = consolidation_due_sensor(ctx)
    assert below.run_requests and below.dynamic_partitions_requests
    assert store.json("partitions")["recorded"] is None

    store.save(["auto-5"], 21)
    with dg.build_sensor_context(instance=inst, resources=resources) as ctx:
        past = consolidation_due_sensor(ctx)
    # past it: no more user partitions nor runs until the definitions load as shards; the cursor is kept
    assert not past.run_requests and not past.dynamic_partitions_requests and past.cursor is None
    shown = store.json("partitions", MEMORY_PIPELINE_SHARD_THRESHOLD="5")
    assert shown["recorded"] == "shards:3" and shown["effective"] == "shards:3" and shown["past_threshold"]

    res = store.json("consolidate", "--all")  # the definitions loaded afresh: shards, every user with news
    assert res["status"] == "SUCCESS" and res["assets"]["memory_summaries"]["users"] == 6, res
    assert set(store.states()) == {*users, "auto-5"}


def test_two_shard_runs_at_once_never_process_the_same_user(store):
    """Both runs cover the same single shard (the worst case: the queue would never start two runs of
    one partition, but a manual run and a scheduled one can meet); each user's lock decides who runs it.
    A trigger makes each state write take a while, so the two runs hold their users' locks long enough
    to meet whatever the machine's load."""
    users = [f"cc-{i:03d}" for i in range(180)]
    store.save(users, 4)
    conn = store.service.conn
    with conn.transaction():
        conn.execute("CREATE FUNCTION cc_slow() RETURNS trigger LANGUAGE plpgsql AS $$"
                     " BEGIN PERFORM pg_sleep(0.02); RETURN NEW; END $$")
        conn.execute("CREATE TRIGGER cc_slow BEFORE INSERT ON consolidation_state FOR EACH ROW"
                     " EXECUTE FUNCTION cc_slow()")
    shards = {"MEMORY_PIPELINE_PARTITIONING": "shards:1"}
    # a run of a user without memories first: a fresh Dagster database is created by one process, not two
    assert store.json("consolidate", "--user", "cc-warm-up", **shards)["status"] == "SUCCESS"
    procs: list[subprocess.CompletedProcess] = []

    def run() -> None:
        procs.append(store.cli("consolidate", "--all", "--json", **shards))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(procs) == 2 and all(p.returncode == 0 for p in procs), [p.stderr[-2000:] for p in procs]
    results = [json.loads(p.stdout) for p in procs]
    assert all(r["status"] == "SUCCESS" for r in results), results
    done = [{u for u, o in r["assets"]["memory_summaries"]["per_user"].items() if o["changed_rows"]}
            for r in results]
    assert not done[0] & done[1]  # no user processed by both
    assert done[0] | done[1] == set(users)  # and none left out
    states = store.states()
    assert all(states[u][0] == 1 for u in users)  # each user's state written by exactly one run
    skips = conn.execute("SELECT count(DISTINCT run_id) FROM actions WHERE action = 'SKIP'").fetchone()[0]
    assert skips >= 1  # the runs met: one found users the other held
