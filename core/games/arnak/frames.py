"""Effect programs and the frames that run them (see :mod:`core.games.arnak.effects`).

A running effect is a :class:`~core.games.arnak.state.Frame` on ``state.stack``: it names its
program by a key (``i14`` a card, ``site:s03`` a site tile, ``asst:h04g`` an assistant's gold
side, ``boon:g02``, ``idol:d05``, ``bonus:r07``, ``row:bird:glass:3``, ``slot``, ``discover``;
``/pc.k`` appended names option ``k`` of the op at ``pc``), so frames never copy a program.
Besides the catalog's ops, the engine adds a few steps of its own to programs (below).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from core.games.arnak import catalog as K
from core.games.arnak import ops as o
from core.games.arnak.resources import icons
from core.games.arnak.state import ArnakState, Frame

SKIP = "skip"
_new = object.__new__


@dataclass(frozen=True)
class IdolReward:
    """Discovering: the face-up idol's reward (the idols go to the crates)."""


@dataclass(frozen=True)
class RevealSite:
    """Discovering: the top site tile is placed on the site and its effect runs."""


@dataclass(frozen=True)
class RevealGuardian:
    """Discovering: the top guardian wakes on the site."""


@dataclass(frozen=True)
class UseNow:
    """A bought or gained artifact: resolve its effect now (no tablet), or not."""

    card: str


@dataclass(frozen=True)
class BonusPick:
    """A research token arrived first on a space with bonus tiles: take one (its effect runs)."""


@dataclass(frozen=True)
class KeepCards:
    """The passer's leftover hand cards: keep each or move it to the play area."""


DISCOVER: o.Program = (IdolReward(), RevealSite(), RevealGuardian())  # type: ignore[assignment]


KEEP: o.Program = (KeepCards(),)  # type: ignore[assignment]


BONUS: o.Program = (BonusPick(),)  # type: ignore[assignment]


def base_program(key: str) -> o.Program:
    if key == "discover":
        return DISCOVER
    if key == "keep":
        return KEEP
    if key == "bonuspick":
        return BONUS
    if key.startswith("usenow:"):
        return (UseNow(key[7:]),)  # type: ignore[return-value]
    return K.program(key)


@cache
def program(key: str) -> o.Program:
    """The ops a frame key names (see the module docstring)."""
    base, *path = key.split("/")
    ops = base_program(base)
    for step in path:
        pc, _, k = step.partition(".")
        op = ops[int(pc)]
        if isinstance(op, o.PayThen):
            ops = op.then
        elif isinstance(op, o.Choice | o.PickDistinct):
            ops = op.options[int(k)]
        else:
            raise KeyError(key)
    return ops


def push(state: ArnakState, key: str, seat: int, ctx: dict[str, Any] | None = None) -> None:
    frame = _new(Frame)  # its fields set here: the dataclass's ``__init__`` is a call more
    frame.key = key
    frame.seat = seat
    frame.pc = 0
    frame.ctx = dict(ctx) if ctx else {}
    state.stack.append(frame)


def start(state: ArnakState, key: str, seat: int, ctx: dict[str, Any] | None = None) -> None:
    """Start program ``key`` for ``seat`` on top of the stack, where :func:`run` takes it next.
    A program of gains only (most camps and sites, the free cards) asks nothing and waits for
    nothing: it is applied at once, without a frame."""
    try:  # ``_gains``, its memo read directly (every effect started)
        gains = _GAINS[key]
    except KeyError:
        gains = _gains(key)
    if gains is None:
        frame = _new(Frame)  # ``push``, inlined: a call less on the commonest path
        frame.key = key
        frame.seat = seat
        frame.pc = 0
        frame.ctx = dict(ctx) if ctx else {}
        state.stack.append(frame)
        return
    counts, travel = gains
    have = state.seats[seat].res  # ``gain``, inlined, of the resources it gains only
    for i, n in counts:
        have[i] += n
    if travel:
        state.pool.extend(travel)


Gains = tuple[tuple[tuple[int, int], ...], tuple[str, ...]]


def _gains(key: str) -> Gains | None:
    """:func:`gains_only` as :func:`start` applies it: (resource index, count) for each
    resource gained (most programs gain one), the travel icons; kept in ``_GAINS``."""
    gains = gains_only(key)
    found = None
    if gains is not None:
        res, travel = gains
        found = tuple((i, n) for i, n in enumerate(res) if n), travel
    _GAINS[key] = found
    return found


_GAINS: dict[str, Gains | None] = {}  # _gains's memo, a plain dict read directly by start


@cache
def gains_only(key: str) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
    """What program ``key`` gains in all (resources, travel icons), if it only gains."""
    res = [0] * 5
    travel: list[str] = []
    for op in program(key):
        if isinstance(op, o.Gain):
            res = [have + n for have, n in zip(res, op.res, strict=True)]
        elif isinstance(op, o.GainTravel):
            travel += icons(op.travel)
        else:
            return None
    return tuple(res), tuple(travel)


def current(state: ArnakState) -> tuple[Frame, Any] | None:
    """The top frame and the op it stands at (after :func:`run`, always waiting)."""
    if not state.stack:
        return None
    frame = state.stack[-1]
    ops = program(frame.key)
    return frame, ops[frame.pc]


def advance(frame: Frame) -> None:
    frame.pc += 1
    ctx = frame.ctx
    if ctx:
        ctx.pop("picked", None)
        ctx.pop("need", None)


@cache
def option_key(key: str, pc: int, k: int) -> str:
    """The program key of option ``k`` of the op at ``pc`` of program ``key``."""
    return f"{key}/{pc}.{k}"


def advance_into(state: ArnakState, frame: Frame, k: int) -> None:
    """Leave the op at ``frame.pc`` and run its option ``k`` next."""
    try:  # ``option_key``, its memo read directly
        key = OPTION_KEYS[frame.key, frame.pc, k]
    except KeyError:
        key = OPTION_KEYS[frame.key, frame.pc, k] = option_key(frame.key, frame.pc, k)
    ctx = frame.ctx
    frame.pc += 1  # ``advance``, inlined, its ``ctx`` cleared once the option started from it
    start(state, key, frame.seat, ctx)  # (which copies it)
    if ctx:
        ctx.pop("picked", None)
        ctx.pop("need", None)


OPTION_KEYS: dict[tuple[str, int, int], str] = {}  # option_key's memo, read directly


def with_skip(found: list[str]) -> list[str]:
    return [*found, SKIP]
