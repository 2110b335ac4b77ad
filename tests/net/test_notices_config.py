"""The ``[notify]`` table of the config file: what a player (or a club) asks ``caldera notify`` for,
and one clear line for each mistake, before anything connects."""

from __future__ import annotations

from pathlib import Path

import pytest

from net.club.notice_senders import MailServer
from net.club.notices import Wants
from tui import cli
from tui.settings.notify import BadNotify, load_notify


def settings(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_a_players_own_table(tmp_path: Path) -> None:
    path = settings(tmp_path, '[notify]\nwebhook = "https://example.org/hook"\n'
                              'clock = ["10m", "1h"]\ngame_over = false\n')  # fmt: skip
    got = load_notify("ann", path)
    assert not got.club and got.smtp is None
    assert got.wants == (Wants("ann", webhook="https://example.org/hook", game_over=False,
                               clock=(3_600_000, 600_000)),)  # fmt: skip


def test_a_clubs_players_inherit_the_defaults(tmp_path: Path) -> None:
    path = settings(tmp_path, '[notify]\nclock = "1h"\n'
                              '[notify.smtp]\nhost = "mail.example.org"\nport = 587\n'
                              'sender = "caldera@example.org"\n'
                              '[notify.players.ann]\nemail = "ann@example.org"\n'
                              '[notify.players.bob]\nntfy = "https://ntfy.example.org/bob"\n'
                              'clock = []\n')  # fmt: skip
    got = load_notify("referee", path)
    assert got.club
    assert got.smtp == MailServer("mail.example.org", 587, sender="caldera@example.org")
    assert got.wants == (
        Wants("ann", email="ann@example.org", clock=(3_600_000,)),
        Wants("bob", ntfy="https://ntfy.example.org/bob"),
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[play]\nbell = true\n", "no [notify] table"),
        ("notify = 3\n", "[notify] must be a table"),
        ("[notify]\n", "notify: no webhook, ntfy or email"),
        ('[notify]\nwebhok = "https://x.org"\n', "notify.webhok: not a setting"),
        ('[notify]\nwebhook = "ftp://x.org"\n', "notify.webhook must be an http:// or https://"),
        ('[notify]\nntfy = "ntfy.sh/topic"\n', "notify.ntfy must be an http:// or https://"),
        ('[notify]\nemail = "ann@example.org"\n', "notify.email needs a mail server"),
        ('[notify]\nemail = "ann"\n', "notify.email must be an address"),
        (
            '[notify]\nwebhook = "http://x.org"\nclock = ["1 hour"]\n',
            "notify.clock: '1 hour' is not a duration",
        ),
        (
            '[notify]\nwebhook = "http://x.org"\nyour_move = "yes"\n',
            "notify.your_move must be true or false",
        ),
        (
            '[notify]\nemail = "a@b.org"\n[notify.smtp]\nport = 25\n',
            "notify.smtp.host must name the mail server",
        ),
        (
            '[notify]\nwebhook = "http://x.org"\n[notify.players.ann]\nwebhook = 1\n',
            "notify.players.ann.webhook must be",
        ),
        ("[notify\n", "cannot read"),
    ],
)
def test_a_mistake_is_one_line(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(BadNotify) as caught:
        load_notify("ann", settings(tmp_path, text))
    line = str(caught.value)
    assert said in line and "\n" not in line, line


def test_the_command_says_it_in_one_line(
    config_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "config.toml").write_text('[notify]\nwebhook = "nowhere"\n')
    assert cli.main(["notify", "--broker", "mqtt://127.0.0.1:1"]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "notify.webhook must be an http:// or https://" in err, err
