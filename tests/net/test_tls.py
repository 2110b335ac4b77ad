"""TLS: a game over a real Mosquitto whose only listener for the players is TLS (``mqtts://``),
with a throwaway CA and certificate made here; a client that does not trust that CA (the
system's store only) is refused at the handshake."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from net.config import BrokerAddress
from net.errors import NetError
from net.link.broker import free_port
from net.link.connection import Link
from tests.kit.netkit import (
    MOSQUITTO,
    MosquittoBroker,
    assert_same_game,
    close_all,
    join,
    make_host,
    play_all,
)

pytestmark = pytest.mark.mosquitto


def throwaway_ca(folder: Path) -> tuple[Path, Path, Path]:
    """A CA and a certificate it signed for 127.0.0.1 and localhost: (CA, cert, key)."""
    ca, ca_key = folder / "ca.pem", folder / "ca.key"
    cert, key, csr = folder / "server.pem", folder / "server.key", folder / "server.csr"
    ext = folder / "server.ext"
    ext.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for command in (
        ["req", "-x509", *ec, "-keyout", ca_key, "-out", ca, "-days", "1",
         "-subj", "/CN=Caldera test CA"],
        ["req", *ec, "-keyout", key, "-out", csr, "-subj", "/CN=127.0.0.1"],
        ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial",
         "-out", cert, "-days", "1", "-extfile", ext],
    ):  # fmt: skip
        subprocess.run(["openssl", *map(str, command)], check=True, capture_output=True)
    return ca, cert, key


@pytest.fixture
async def tls_broker(tmp_path: Path) -> tuple[MosquittoBroker, BrokerAddress]:
    if MOSQUITTO is None or shutil.which("openssl") is None:
        pytest.skip("mosquitto and openssl are needed")
    ca, cert, key = throwaway_ca(tmp_path)
    port = free_port()
    listener = f"listener {port} 127.0.0.1\ncertfile {cert}\nkeyfile {key}\n"
    broker = MosquittoBroker(tmp_path, extra=listener)
    await broker.start()
    address = BrokerAddress.parse(f"mqtts://127.0.0.1:{port}")
    yield broker, replace(address, ca_file=str(ca))  # type: ignore[misc]
    await broker.stop()


async def test_a_game_over_tls(
    tls_broker: tuple[MosquittoBroker, BrokerAddress], tmp_path: Path
) -> None:
    _, address = tls_broker
    assert address.tls and str(address).startswith("mqtts://")
    host = make_host(address, tmp_path, seats=2, turn_limit=3, auto_start=True)
    await host.open()
    players = [await join(address, "t1", name) for name in ("ann", "bob")]
    try:
        await play_all(players)
        await host.wait_ended(10)
        await assert_same_game(host, players)
    finally:
        await close_all(host, players)


async def test_a_broker_whose_certificate_is_not_trusted_is_refused(
    tls_broker: tuple[MosquittoBroker, BrokerAddress],
) -> None:
    _, address = tls_broker
    with pytest.raises(NetError, match="certificate verify failed"):
        await Link(replace(address, ca_file=None), client_id="doubter").start(timeout=3)
    with pytest.raises(NetError, match="cannot read the CA file"):
        Link(replace(address, ca_file="/nonexistent/ca.pem"), client_id="lost")
