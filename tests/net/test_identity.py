"""The lasting identity: made on the first run, the same on every later one (after a kill -9
too), distinct for two processes at once, kept atomically with room for keys."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from net.errors import NetError
from net.trust.identity import Identity, claim
from tests.kit.lifeline import dies_with_us

HOLD = (
    "import sys, time; from net.trust.identity import claim; "
    "lease = claim(sys.argv[1]); print(lease.client, flush=True); time.sleep(600)"
)


def holder(kind: str = "identity") -> tuple[subprocess.Popen[str], str]:
    """A process holding an identity (until it is killed); returns it and the client id."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, kind],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ,
        preexec_fn=dies_with_us(),
    )
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def test_the_first_run_makes_an_identity_and_every_later_run_reuses_it(config_dir: Path) -> None:
    with claim() as first:
        made = first.client
        key = first.keys.public
        doc = json.loads((config_dir / "identity.json").read_text())
        assert doc == {"format": 1, "client": made, "name": "", "keys": first.keys.to_json()}
        assert doc["keys"]["public"] == key.hex() and len(doc["keys"]["ed25519"]) == 64
        assert stat.S_IMODE((config_dir / "identity.json").stat().st_mode) == 0o600
        first.rename("Ann")
    with claim() as again:  # the same client, name and signing key
        assert (again.client, again.name, again.keys.public) == (made, "Ann", key)


def test_two_at_once_are_two_identities_and_each_keeps_its_own(config_dir: Path) -> None:
    with claim() as one, claim() as two:
        assert one.client != two.client
        assert two.path.name == "identity-2.json"
        first, second = one.client, two.client
    with claim() as one, claim() as two:
        assert (one.client, two.client) == (first, second)
    with claim("bot-identity") as bot:
        assert bot.client.startswith("bot") and bot.client not in (first, second)


def test_a_killed_process_leaves_its_identity_to_the_next_run(config_dir: Path) -> None:
    process, client = holder()
    try:
        with claim() as other:  # the first identity is held: this one is another
            assert other.client != client
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        with claim() as again:  # its lock died with it: the next run is the same client again
            assert again.client == client
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_fields_it_does_not_know_are_kept_when_it_is_rewritten(config_dir: Path) -> None:
    """Room for keys (and whatever a newer Caldera adds): a rename never drops them."""
    config_dir.mkdir(parents=True)
    stored = {"format": 1, "client": "c-keys", "name": "Ann",
              "keys": {"signing": "…public and secret…"}, "later": [1, 2]}  # fmt: skip
    (config_dir / "identity.json").write_text(json.dumps(stored))
    with claim() as lease:
        made = lease.keys.to_json()  # its signing key is added beside what was there
        assert lease.identity.keys == {"signing": "…public and secret…", **made}
        lease.rename("Annie")
    keys = {"signing": "…public and secret…", **made}
    assert json.loads((config_dir / "identity.json").read_text()) == {
        **stored,
        "name": "Annie",
        "keys": keys,
    }
    assert sorted(p.name for p in config_dir.iterdir()) == ["identity.json", "identity.lock"]


@pytest.mark.parametrize("content", ["{not json", '{"format": 1, "client": "bad id!"}', "[]"])
def test_an_unreadable_identity_is_kept_aside_not_lost(config_dir: Path, content: str) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "identity.json").write_text(content)
    with claim() as lease:
        assert "could not be read" in lease.note and "\n" not in lease.note
        assert Identity.from_json(json.loads((config_dir / "identity.json").read_text()))
    assert (config_dir / "identity.json.unreadable").read_text() == content


def test_a_config_directory_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    with pytest.raises(NetError, match="cannot keep an identity"):
        claim(directory=blocked / "caldera")
