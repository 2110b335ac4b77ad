"""What the seat at the keyboard may do now in Kilauea, read from the rules' legal commands.

A command is built by a few choices: a verb, then its questions (:mod:`tui.games.kilauea.verbs`),
asked by the shared :class:`tui.screens.choice_tree.ChoiceTree`: each question offers exactly
the distinct values the legal commands still allow after the earlier choices, so nothing illegal
can be chosen. The rules decide everything (``legal_commands``); this module only labels,
lists the tiles not usable now, and points at the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.games.kilauea import commands as cmd
from core.games.kilauea import play, tiles, track
from core.games.kilauea.components import COMPONENTS, Area, Face
from core.games.kilauea.state import KilaueaState, Phase
from core.games.kilauea.transcript import face_text
from core.language import Translator
from core.messages import Command
from tui.games.kilauea.verbs import (
    CUT,
    DRAFT,
    ISLAND,
    MOVE,
    TILE,
    VERBS,
    VOLCANO,
    cost_text,
    few_stones,
    followed_face,
    moved_colour,
    sector_name,
    stones,
)
from tui.games.kilauea.widgets.paint import Marks, Spots
from tui.games.kilauea.widgets.recent import union
from tui.screens.choice_tree import Option, SeatTurn, Value, Verb

T = Translator("kilauea")
_, ngettext = T.gettext, T.ngettext

C = COMPONENTS


# -- the acting seat's options ---------------------------------------------------------------


@dataclass
class Turn(SeatTurn):
    """The acting seat's options in one state (computed once per state, cheap to query)."""

    VERBS = VERBS
    state: KilaueaState

    def effect(self, c: cmd.UseTile) -> Face:
        """The face whose effect a tile use follows (the copied one for 3A/3B)."""
        return followed_face(self.state, c)

    def moved_colour(self, c: cmd.UseTile) -> str:
        return moved_colour(self.state, c)

    # -- building a command ---------------------------------------------------------------------

    def unavailable(
        self, verb: Verb, picks: tuple[Value, ...], offered: set[Value]
    ) -> list[Option]:
        """The tiles this turn earned that cannot be used now, listed greyed with the reason."""
        return self._unusable_tiles(offered) if verb is TILE and not picks else []

    def _unusable_tiles(self, usable: set[Value]) -> list[Option]:
        """The tiles this turn earned that cannot be used now, with the reason."""
        assert self.seat is not None
        out = []
        for tile in sorted(self.state.may_use):
            if tile in usable:
                continue
            face = self.state.face(tile)
            cost = face.cost
            if face.copy:
                copies = tiles.copy_targets(self.state, tile, face)
                cost += min((self.state.face(t).cost for t in copies), default=0)
            have = self.state.stones[self.seat]
            if cost > have:
                reason = _("costs {stones}, you have {have}").format(stones=stones(cost), have=have)
            else:
                reason = _("nothing it could do now")
            label = f"{face.code} ({cost_text(face.cost)}): {face_text(face.code)}"
            out.append(Option(tile, label, (), reason))
        return out

    # -- what the board shows -----------------------------------------------------------------

    def spots(self, verb: Verb, values: Sequence[Value]) -> Spots:
        """The places the last of ``values`` points at (the ones before it already chosen)."""
        if not values:
            return Spots()
        left = self.remaining(verb, values)
        if not left:
            return Spots()
        c = left[0]
        n = len(values)
        state, seat = self.state, self.seat
        if isinstance(c, cmd.DraftTiki):
            if n == 1:
                colours = [col for col in C.colours if state.height(c.sector, col) > 0]
                return Spots(volcano=frozenset((c.sector, col) for col in colours))
            return Spots(volcano=frozenset({(c.sector, c.colour)}))
        if isinstance(c, cmd.MoveCanoe):
            return Spots(track=track.advance(state.players, state.canoe, c.steps))
        if isinstance(c, cmd.CutTiki):
            return Spots(forest=frozenset({(c.forest, c.space)}))
        if isinstance(c, cmd.BuildOnVolcano):
            return Spots(volcano=frozenset({(c.sector, c.colour)}))
        if isinstance(c, cmd.BuildOnIsland) and seat is not None:
            return Spots(island=frozenset({(seat, c.sector)}))
        if isinstance(c, cmd.UseTile):
            return self._tile_spots(c, n)
        return Spots()

    def _tile_spots(self, c: cmd.UseTile, n: int) -> Spots:
        seat = self.seat if self.seat is not None else -1
        effect = self.effect(c)
        if n == 1:
            return Spots(tiles=frozenset({c.tile}))
        if n == 2:
            return Spots(tiles=frozenset({c.copy})) if c.copy else Spots()
        if effect.move is None:
            return Spots()
        source, target = effect.move
        if n == 3:  # a sector: every Tiki the effect could take there
            uses = [
                u
                for u in self.remaining(TILE, (c.tile, c.copy, c.sector))
                if isinstance(u, cmd.UseTile)
            ]
            found = [_place(source, u.sector, u.space, self.moved_colour(u), seat) for u in uses]
            return _union_all(found)
        if n == 4:
            return _place(source, c.sector, c.space, self.moved_colour(c), seat)
        if n == 5:
            return _place(target, c.to, "", self.moved_colour(c), seat)
        return Spots(volcano=frozenset({(c.to, c.back)}))

    def marks(self, verb: Verb | None, picks: Sequence[Value], highlighted: Value | None) -> Marks:
        """The board's marks while choosing: what the highlighted option points at, and what
        the earlier choices of this command settled."""
        if verb is None:
            return Marks()
        chosen = _union_all([self.spots(verb, picks[:i]) for i in range(1, len(picks) + 1)])
        focus = self.spots(verb, (*picks, highlighted)) if highlighted is not None else Spots()
        return Marks(focus=focus, chosen=chosen)

    # -- what the prompt says -----------------------------------------------------------------

    def usable_tiles(self) -> list[tuple[str, bool]]:
        """The tiles this turn earned, by code, and whether each can be used now."""
        usable = {c.tile for c in self.by_verb["tile"] if isinstance(c, cmd.UseTile)}
        return [(self.state.face(t).code, t in usable) for t in sorted(self.state.may_use)]

    def prompt(self, name: str) -> str:
        """What the acting player can do now, in one or two lines of Rich markup."""
        state, seat = self.state, self.seat
        if seat is None:
            return ""
        phase = state.phase
        here = sector_name(state.sector)
        if phase is Phase.DRAFT:
            snake = 2 * state.players
            return _(
                "[b]{player}[/b]: take a Tiki from the volcano into your canoe "
                "(pick {n} of {picks}: turn order, then back)"
            ).format(player=name, n=state.drafted + 1, picks=snake)
        if phase is Phase.MOVE:
            free = play.free_steps(state, seat)
            return ngettext(  # English says "space(s)" whatever the count, as it always did
                "[b]{player}[/b]: move the canoe clockwise: {free} space(s) free (1, plus 1 per "
                "empty canoe place), then 1 Sacred Stone a space (you hold {stones})",
                "[b]{player}[/b]: move the canoe clockwise: {free} space(s) free (1, plus 1 per "
                "empty canoe place), then 1 Sacred Stone a space (you hold {stones})",
                free,
            ).format(player=name, free=free, stones=state.stones[seat])
        if phase is Phase.MAIN:
            if not play.main_actions(state, seat):
                return _(
                    "[b]{player}[/b]: no main action is possible in {sector}: [b]e[/b] passes"
                ).format(player=name, sector=here)
            main = (
                (CUT, _("cut")),
                (VOLCANO, _("build on the volcano")),
                (ISLAND, _("on your island")),
            )
            ways = [f"[b]{verb.key}[/b] {words}" for verb, words in main if self.can(verb)]
            return _(
                "[b]{player}[/b], the canoe is in [b]{sector}[/b]: one main action there ({ways})"
            ).format(player=name, sector=here, ways=", ".join(ways))
        earned = self.usable_tiles()
        tiles_text = ", ".join(
            code if ok else _("{tile} not now").format(tile=code) for code, ok in earned
        )
        if self.tile_ends_cutting():
            tiles_text = _("{tiles}; then no second cut").format(tiles=tiles_text)
        tail = _("[b]t[/b] uses a tile ({tiles}) · ").format(tiles=tiles_text) if earned else ""
        second = _("[b]c[/b] cuts a second Tiki · ") if self.can(CUT) else ""
        return _("[b]{player}[/b]: {second}{tiles}[b]e[/b] ends the turn").format(
            player=name, second=second, tiles=tail
        )

    def tile_ends_cutting(self) -> bool:
        """Whether using a tile now gives up the second cut (one Tiki cut, a second allowed)."""
        return self.state.phase is Phase.CUTTING and self.can(CUT) and self.can(TILE)

    def verb_rows(self) -> list[tuple[Verb, str, str]]:
        """The verbs to list now: each with its words, and why not (a tile earned but not
        usable now is listed too, greyed)."""
        state, seat = self.state, self.seat
        if seat is None:
            return []
        here = sector_name(state.sector)
        rows: list[tuple[Verb, str, str]] = []
        for verb in VERBS:
            if verb is TILE:
                earned = self.usable_tiles()
                usable = [code for code, ok in earned if ok]
                if usable:
                    if self.tile_ends_cutting():
                        text = _("Use an action tile: {tiles} (then no second cut)")
                    else:
                        text = _("Use an action tile: {tiles}")
                    rows.append((verb, text.format(tiles=", ".join(usable)), ""))
                elif earned and state.phase in (Phase.CUTTING, Phase.ACTIONS):
                    codes = ", ".join(code for code, _ok in earned)
                    text = _("Use an action tile: {tiles}").format(tiles=codes)
                    rows.append((verb, text, _("not usable now")))
                continue
            if not self.can(verb):
                continue
            if verb is DRAFT:
                text = _("Take a Tiki from the volcano into your canoe")
            elif verb is MOVE:
                free = play.free_steps(state, seat)
                text = ngettext(
                    "Move the canoe clockwise ({n} spaces free)",
                    "Move the canoe clockwise ({n} spaces free)",
                    free,
                ).format(n=free)
            elif verb is CUT:
                if state.phase is Phase.CUTTING:
                    text = _("Cut a second Tiki from the {sector} forest").format(sector=here)
                else:
                    text = _("Cut 1 or 2 Tikis from the {sector} forest").format(sector=here)
            elif verb is VOLCANO:
                text = _("Build on the volcano in {sector}, take up to 3 stones").format(
                    sector=here
                )
            elif verb is ISLAND:
                text = _("Build on your island in {sector}, pay {stones}").format(
                    sector=here, stones=few_stones(C.island_cost)
                )
            elif state.phase is Phase.MAIN:
                text = _("Pass: no main action is possible in {sector}").format(sector=here)
            else:
                left = [code for code, ok in self.usable_tiles() if ok]
                if left:
                    text = _("End the turn ({tiles} unused)").format(tiles=", ".join(left))
                else:
                    text = _("End the turn")
            rows.append((verb, text, ""))
        return rows

    def probe(self, verb: Verb) -> Command | str:
        """For a verb not possible now: a command whose refusal by the referee says why, or
        the reason in words when a command cannot express it."""
        state, seat = self.state, self.seat
        assert seat is not None
        k = max(state.sector, 0)
        canoe = state.canoes[seat]
        if verb is DRAFT:
            return cmd.DraftTiki(k, C.colours[0])
        if verb is MOVE:
            return cmd.MoveCanoe(1)
        if verb is CUT:
            cutting = state.phase in (Phase.MAIN, Phase.CUTTING) and state.room_in_canoe(seat) > 0
            if cutting and not state.forests[k]:
                return _("The {sector} forest is empty: nothing to cut there.").format(
                    sector=sector_name(k)
                )
            return cmd.CutTiki(k, next(iter(state.forests[k]), ""))
        if verb is VOLCANO:
            return cmd.BuildOnVolcano(k, canoe[0] if canoe else "")
        if verb is ISLAND:
            return cmd.BuildOnIsland(k, canoe[0] if canoe else "")
        if verb is TILE:
            if state.phase is Phase.MAIN or state.phase is Phase.MOVE:
                return cmd.UseTile(0)
            if not state.may_use:
                return _(
                    "No action tile to use: cutting earns the reef tile by the canoe, building "
                    "on the volcano earns the sector's slope tile."
                )
            reasons = [f"{o.label.split(' ')[0]} {o.reason}" for o in self._unusable_tiles(set())]
            return _("No tile can be used now: {reasons}.").format(reasons="; ".join(reasons))
        return cmd.EndTurn()


def _place(area: Area, sector: int, space: str, colour: str, seat: int) -> Spots:
    if area is Area.FOREST:
        return Spots(forest=frozenset({(sector, space)}))
    if area is Area.VOLCANO:
        return Spots(volcano=frozenset({(sector, colour)}))
    if area is Area.ISLAND:
        return Spots(island=frozenset({(seat, sector)}))
    return Spots(canoe=frozenset({seat}))


def _union_all(spots: Sequence[Spots]) -> Spots:
    out = Spots()
    for one in spots:
        out = union(out, one)
    return out
