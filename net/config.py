"""Where the broker is and who we are: command line, then ``CALDERA_BROKER``, then the config
file, then the default (``mqtt://127.0.0.1:1883``).

The config file is ``config.toml`` in the user's config directory (``~/.config/caldera/`` on
Linux, per platformdirs)::

    [network]
    broker = "mqtt://club.example.org:1883"  # or a cluster's nodes: ["mqtt://a:1883", "mqtt://b:1883"]
    # broker = "mqtts://club.example.org:8883"  # TLS, the certificate checked against the
    ca_file = "~/club-ca.pem"     # system's CA store, or against this CA file when given
    username = "alice"            # for a broker with a password file
    password = "s3cret"
    name = "Alice"                # shown to the other players

    [network.servers]             # the keys of the club's servers (``caldera serve`` prints its
    club = "3f9a…"                # own): a lobby trusts those only, never a key met by chance
"""

from __future__ import annotations

import ipaddress
import os
import ssl
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from core.language import Translator
from net.errors import NetError
from replays.disk import BadFile, read_toml

_ = Translator("net").gettext

DEFAULT_PORT = 1883
DEFAULT_TLS_PORT = 8883
DEFAULT_BROKER = f"mqtt://127.0.0.1:{DEFAULT_PORT}"
ENV_BROKER = "CALDERA_BROKER"
CONFIG_DIR_ENV = "CALDERA_CONFIG_DIR"


@dataclass(frozen=True)
class BrokerAddress:
    """An MQTT 3.1.1 broker and the credentials to use there; for a cluster, its first node,
    with the ``others`` to fail over to (:attr:`nodes`). ``tls`` (``mqtts://``): the connection
    is TLS, the broker's certificate checked against the system's CA store, or against
    ``ca_file`` when one is given."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    username: str | None = None
    password: str | None = None
    others: tuple[BrokerAddress, ...] = ()
    tls: bool = False
    ca_file: str | None = None

    @classmethod
    def parse(cls, text: str) -> BrokerAddress:
        """``mqtt[s]://[user[:password]@]host[:port]`` (or just ``host[:port]``); the nodes of
        a cluster separated by commas (``mqtt://a:1883,mqtt://b:1883``)."""
        if "," in text:
            nodes = [cls.parse(part) for part in text.split(",")]
            return replace(nodes[0], others=tuple(nodes[1:]))
        raw = text.strip()
        if not raw:
            raise NetError(_("bad broker address {text!r}: empty").format(text=text))
        if "://" not in raw:
            raw = "mqtt://" + raw
        try:
            parts = urlsplit(raw)
            tls = parts.scheme == "mqtts"
            port = parts.port or (DEFAULT_TLS_PORT if tls else DEFAULT_PORT)
        except ValueError as exc:
            said = _("bad broker address {text!r}: {why}")
            raise NetError(said.format(text=text, why=exc)) from None
        if parts.scheme not in ("mqtt", "mqtts"):
            said = _("bad broker address {text!r}: only mqtt:// and mqtts:// are supported")
            raise NetError(said.format(text=text))
        if not parts.hostname or parts.path not in ("", "/"):
            said = _("bad broker address {text!r}: expected mqtt://host:port")
            raise NetError(said.format(text=text))
        return cls(
            host=parts.hostname,
            port=port,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            tls=tls,
        )

    def tls_context(self) -> ssl.SSLContext | None:
        """The TLS settings of an ``mqtts://`` broker (``None`` for ``mqtt://``): the
        certificate and the host name checked; :class:`NetError` with one line when ``ca_file``
        cannot be read."""
        if not self.tls:
            return None
        cafile = str(Path(self.ca_file).expanduser()) if self.ca_file else None
        try:
            return ssl.create_default_context(cafile=cafile)
        except (OSError, ssl.SSLError) as exc:
            said = _("cannot read the CA file {file}: {why}")
            raise NetError(said.format(file=self.ca_file, why=exc)) from None

    @property
    def nodes(self) -> tuple[BrokerAddress, ...]:
        """Every node to try, this one first; a node without credentials (or CA file) of its
        own uses these."""
        user, secret = self.username, self.password
        others = (
            replace(
                node if node.username else replace(node, username=user, password=secret),
                ca_file=node.ca_file or self.ca_file,
            )
            for node in self.others
        )
        return (replace(self, others=()), *others)

    @property
    def is_loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    def __str__(self) -> str:
        if self.others:
            return ",".join(map(str, self.nodes))
        user = f"{self.username}@" if self.username else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}"


@dataclass(frozen=True)
class NetConfig:
    """The network settings in effect."""

    broker: BrokerAddress = BrokerAddress()
    name: str | None = None
    source: str = "default"


def config_dir() -> Path:
    """Caldera's config directory: ``$CALDERA_CONFIG_DIR``, else the platform's (not created).
    It holds ``config.toml`` and the lasting identities (:mod:`net.trust.identity`)."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir("caldera"))


def config_path() -> Path:
    return config_dir() / "config.toml"


def _read_file(path: Path) -> dict[str, Any]:
    try:
        doc = read_toml(path)
    except BadFile as exc:
        raise NetError(str(exc)) from None
    section = doc.get("network", {})
    if not isinstance(section, dict):
        raise NetError(_("{file}: [network] must be a table").format(file=path))
    brokers = section.get("broker")
    if isinstance(brokers, list):  # a cluster's nodes
        if not brokers or not all(isinstance(node, str) and "," not in node for node in brokers):
            said = _("{file}: network.broker must be an address or a list of addresses")
            raise NetError(said.format(file=path))
        section["broker"] = ",".join(brokers)
    for key in ("broker", "username", "password", "name", "ca_file"):
        if key in section and not isinstance(section[key], str):
            raise NetError(_("{file}: network.{key} must be a string").format(file=path, key=key))
    return section


def trusted_servers(path: Path | None = None) -> dict[str, bytes]:
    """The servers' keys named in the config file (``[network.servers]``, id = hex key);
    :class:`NetError` with one line when one is not a key."""
    path = path if path is not None else config_path()
    servers = _read_file(path).get("servers", {})
    if not isinstance(servers, dict):
        said = _("{file}: [network.servers] must be a table of server ids and keys")
        raise NetError(said.format(file=path))
    out = {}
    for server, text in servers.items():
        try:
            key = bytes.fromhex(text) if isinstance(text, str) else b""
        except ValueError:
            key = b""
        if len(key) != 32:
            said = _("{file}: network.servers.{server} must be a key: 64 hex digits")
            raise NetError(said.format(file=path, server=server))
        out[str(server)] = key
    return out


def load(
    broker: str | None = None,
    *,
    username: str | None = None,
    password: str | None = None,
    path: Path | None = None,
    environ: dict[str, str] | None = None,
) -> NetConfig:
    """The settings from the command line, the environment and the config file, in that order."""
    env = os.environ if environ is None else environ
    section = _read_file(path if path is not None else config_path())
    if broker is not None:
        address, source = BrokerAddress.parse(broker), "command line"  # internal
    elif env.get(ENV_BROKER):
        address, source = BrokerAddress.parse(env[ENV_BROKER]), ENV_BROKER
    elif "broker" in section:
        address, source = BrokerAddress.parse(section["broker"]), "config file"  # internal
    else:
        address, source = BrokerAddress.parse(DEFAULT_BROKER), "default"
    user = username or address.username or section.get("username")
    secret = password or address.password or (section.get("password") if user else None)
    address = replace(address, username=user, password=secret)
    if section.get("ca_file") and address.ca_file is None:
        address = replace(address, ca_file=section["ca_file"])
    return NetConfig(broker=address, name=section.get("name"), source=source)
