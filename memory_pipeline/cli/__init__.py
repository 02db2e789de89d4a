"""The `memory-pipeline` command. Bad input: one line on stderr, exit code 2, nothing written."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from memory_pipeline import telemetry
from memory_pipeline.cli import consolidate, explain, forget, observe, recall, store
from memory_pipeline.cli.output import EXIT_BAD_INPUT
from memory_pipeline.config import ConfigError, Settings
from memory_pipeline.errors import MemoryPipelineError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own usage errors: one line, exit 2
        sys.stderr.write(f"memory-pipeline: error: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="memory-pipeline", description=__doc__)
    p.add_argument("-v", "--verbose", action="store_true",
                   help="the package's own log and Dagster's run events on stderr")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, fn, help: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help)
        sp.add_argument("--json", action="store_true", help="machine-readable output")
        sp.set_defaults(fn=fn)
        return sp

    for commands in (store, consolidate, recall, explain, observe, forget):
        commands.register(add)
    return p


def _configure_telemetry() -> None:
    """Off unless MEMORY_PIPELINE_METRICS_PORT / MEMORY_PIPELINE_TRACES say otherwise."""
    settings = Settings.from_env()
    telemetry.configure_logs(settings.log_format)
    telemetry.configure(settings)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    parser = build_parser()
    args = parser.parse_args(argv)
    # libraries stay at WARNING; --verbose opens the package's loggers (and with them Dagster's run
    # events, see defs/launch.py); the run events always go to the Dagster instance
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("memory_pipeline").setLevel(logging.INFO if args.verbose else logging.WARNING)
    try:
        if args.command != "metrics":  # `metrics` serves its own port
            _configure_telemetry()
        return args.fn(args)
    except (MemoryPipelineError, ConfigError) as e:
        msg = " ".join(str(e).split())
        sys.stderr.write(f"memory-pipeline: error: {msg}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if not _database_error(e):
            raise
        sys.stderr.write(f"memory-pipeline: error: database error: {' '.join(str(e).split())[:500]}\n")
        return EXIT_BAD_INPUT


def _database_error(e: Exception) -> bool:
    """A driver error that escaped the service's own translation (a command that reads the store
    directly): one line like every other failure. psycopg is only looked up if something imported it."""
    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(e, psycopg.Error)


if __name__ == "__main__":
    raise SystemExit(main())
