"""The full state of a Lost Ruins of Arnak game: mutable, ``evolve`` updates it in place.

Cards, tiles and figures are string ids (see ``components``); a face-down card a view may not
see is :data:`HIDDEN`. Resources are five counts in the order coin, compass, tablet, arrowhead,
jewel (``M C T A J``). Piles list their top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

_new = object.__new__  # a copy sets every field itself (see ArnakState.copy)
HIDDEN = "?"
RULES_VERSION = 2
"""1: a research bonus tile always came before its row's effect; the snake side's glass always
rescued an assistant when one could be; the final scoring was not an event (a seat's view, which
does not know every deck, could not count it). 2 (issue 22, 004's rulings): the player may take
the row's effect first; rescuing may be declined; ``FinalScoring`` records each player's points
by 004's scoring list."""
RES = "MCTAJ"  # coin, compass, tablet, arrowhead, jewel
COIN, COMPASS, TABLET, ARROWHEAD, JEWEL = range(5)
TEMPLE = 14  # the research space of the Lost Temple (glass only)
ROUNDS = 5
PUBLIC = 1 << 7  # a deck card everyone saw placed there (a bought item); bit s: seat s saw it


SET_ANEW = (
    "site_tile",
    "idol_up",
    "idol_down",
    "guardian",
    "sites1",
    "sites2",
    "sites_known",
    "guardians",
    "supply",
    "rescue",
    "item_deck",
    "art_deck",
    "fear_deck",
    "temple_bonus",
    "temple_stacks",
    "top_known",
    "supply_shown",
    "row_art",
    "row_items",
    "item_exile",
    "art_exile",
    "bonus",
    "looked",
)
"""The state's piles and tiles that ``evolve`` sets anew whenever it changes one (a list or dict
replaced, never changed in place; the supply's stacks and the research bonus tiles too): the
greedy bot's copies share them (``ArnakState.copy(mine)``). A seat's own command changes them
seldom (a buy, a guardian, an assistant), and copying them was about half of each copy."""
PLAYER_SET_ANEW = ("deck", "deck_seen", "hand_public", "aside")
"""A player's piles that ``evolve`` likewise only sets anew (``Player.clone_sharing``)."""


def seen_by(seat: int) -> int:
    return 1 << seat


@dataclass(slots=True)
class Assistant:
    """An assistant on a player's board: which one, its side, whether it is used this round."""

    id: str
    gold: bool = False
    exhausted: bool = False

    def clone(self) -> Assistant:
        """A copy, its fields set on a bare object (as :meth:`Frame.clone`)."""
        out = _new(Assistant)
        out.id = self.id
        out.gold = self.gold
        out.exhausted = self.exhausted
        return out


@dataclass(slots=True)
class Frame:
    """One running program on the pending-decision stack: the ops at ``key`` (see
    ``effects.program``) from ``pc`` on, for ``seat``; ``ctx`` holds what earlier steps fixed
    (a site, a pick, a revealed card). ``need`` is a fact the next event must bring (draws)."""

    key: str
    seat: int
    pc: int = 0
    ctx: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Frame:
        """A copy with its own ``ctx``, its fields set on a bare object (the constructor's
        defaults cost more; every state copy clones its stack)."""
        out = _new(Frame)
        out.key = self.key
        out.seat = self.seat
        out.pc = self.pc
        out.ctx = self.ctx.copy()
        return out


@dataclass(slots=True)
class Player:
    deck: list[str] = field(default_factory=list)
    deck_seen: list[int] = field(default_factory=list)  # per deck card: who knows it (SEEN_BY)
    hand: list[str] = field(default_factory=list)
    hand_public: list[str] = field(default_factory=list)  # hand cards all saw arrive (Airdrop)
    play: list[str] = field(default_factory=list)
    aside: list[str] = field(default_factory=list)  # drawn by an earring, not yet placed
    res: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    arch: list[str | None] = field(default_factory=lambda: [None, None])
    glass: int = 0
    notebook: int = 0
    idols: int = 0  # in the supply crates
    slots: int = 0  # idol slots filled, from the left
    assistants: list[Assistant] = field(default_factory=list)
    guardians: list[str] = field(default_factory=list)
    boons_used: list[str] = field(default_factory=list)
    fear_tiles: int = 0
    temple_tiles: list[int] = field(default_factory=list)  # temple stacks bought from
    temple_vp: int = 0  # the arrival space's VP once the glass is in the temple
    bonus_tiles: list[str] = field(default_factory=list)
    all_planes: bool = False  # Guardian's Ocarina, this round
    no_guardian_fear: bool = False  # War Mask, this round
    exiled: list[str] = field(default_factory=list)  # basic cards removed from the game

    def clone(self) -> Player:
        """An independent copy, field by field (the bots copy a lot; see ArnakState.copy).
        The guardians, boons used, temple and bonus tiles and exiled cards are shared: the
        engine replaces those lists, never changes them in place."""
        out = self.clone_sharing()
        out.deck = self.deck[:]
        out.deck_seen = self.deck_seen[:]
        out.hand_public = self.hand_public[:]
        out.aside = self.aside[:]  # the piles of PLAYER_SET_ANEW, copied too
        return out

    def clone_sharing(self) -> Player:
        """:meth:`clone` sharing the piles ``evolve`` only ever sets anew as well (the deck,
        who saw its cards, the hand cards all saw arrive, the cards laid aside: see
        :data:`PLAYER_SET_ANEW`), for the greedy bot's copies."""
        out = _new(Player)
        out.deck = self.deck
        out.deck_seen = self.deck_seen
        out.hand = self.hand[:]
        out.hand_public = self.hand_public
        out.play = self.play[:]
        out.aside = self.aside
        out.res = self.res[:]
        out.arch = self.arch[:]
        out.glass = self.glass
        out.notebook = self.notebook
        out.idols = self.idols
        out.slots = self.slots
        assistants = self.assistants
        out.assistants = list(map(_clone_assistant, assistants)) if assistants else []
        out.guardians = self.guardians
        out.boons_used = self.boons_used
        out.fear_tiles = self.fear_tiles
        out.temple_tiles = self.temple_tiles
        out.temple_vp = self.temple_vp
        out.bonus_tiles = self.bonus_tiles
        out.all_planes = self.all_planes
        out.no_guardian_fear = self.no_guardian_fear
        out.exiled = self.exiled
        return out


_clone = Player.clone
_clone_assistant = Assistant.clone
_clone_frame = Frame.clone
_clone_sharing = Player.clone_sharing


def _shallow_player(player: Player) -> Player:
    """A new player whose fields are ``player``'s own lists (see ``ArnakState.shallow``)."""
    out = _new(Player)
    out.deck = player.deck
    out.deck_seen = player.deck_seen
    out.hand = player.hand
    out.hand_public = player.hand_public
    out.play = player.play
    out.aside = player.aside
    out.res = player.res
    out.arch = player.arch
    out.glass = player.glass
    out.notebook = player.notebook
    out.idols = player.idols
    out.slots = player.slots
    out.assistants = player.assistants
    out.guardians = player.guardians
    out.boons_used = player.boons_used
    out.fear_tiles = player.fear_tiles
    out.temple_tiles = player.temple_tiles
    out.temple_vp = player.temple_vp
    out.bonus_tiles = player.bonus_tiles
    out.all_planes = player.all_planes
    out.no_guardian_fear = player.no_guardian_fear
    out.exiled = player.exiled
    return out


@dataclass(slots=True)
class ArnakState:
    players: int
    side: str  # "bird" or "snake"
    start_player_option: int | None = None
    turn_limit: int | None = None
    phase: str = "setup"  # setup, turn, roundend, over
    setup_step: int = 0
    round: int = 1
    start_player: int = 0
    active: int = 0
    turn: int = 0
    passed: list[bool] = field(default_factory=list)
    main_done: bool = False
    pool: list[str] = field(default_factory=list)  # travel icons left this turn
    stack: list[Frame] = field(default_factory=list)
    refill_due: bool = False
    roundend_step: int = 0
    seats: list[Player] = field(default_factory=list)
    # the board
    occupant: dict[str, int | None] = field(default_factory=dict)  # space -> seat
    blocked: list[str] = field(default_factory=list)  # blocked camp spaces
    site_tile: dict[str, str | None] = field(default_factory=dict)  # L space -> tile
    idol_up: dict[str, str | None] = field(default_factory=dict)  # L space -> face-up idol
    idol_down: dict[str, str | None] = field(default_factory=dict)  # L2 space -> face-down
    guardian: dict[str, str | None] = field(default_factory=dict)  # L space -> guardian
    sites1: list[str] = field(default_factory=list)
    sites2: list[str] = field(default_factory=list)
    sites_known: list[int] = field(default_factory=lambda: [0, 0])  # tiles all saw go under
    guardians: list[str] = field(default_factory=list)
    supply: list[list[str]] = field(default_factory=list)  # 3 assistant stacks, top first
    rescue: list[str] = field(default_factory=list)  # snake side, top first
    blocking: list[str] = field(default_factory=list)  # 3-player blocking tiles (camps)
    idol_box: list[str] = field(default_factory=list)  # idol tiles before setup
    idols_spent: int = 0  # snake side: idols paid for the rescue bridge
    # the market
    staff: int = 1  # artifact slots left of the moon staff
    row_art: list[str | None] = field(default_factory=list)  # far end first, staff last
    row_items: list[str | None] = field(default_factory=list)  # staff first, far end last
    item_deck: list[str] = field(default_factory=list)
    art_deck: list[str] = field(default_factory=list)
    item_exile: list[str] = field(default_factory=list)
    art_exile: list[str] = field(default_factory=list)
    fear_deck: list[str] = field(default_factory=list)
    fear_tiles: int = 10
    # research
    # space -> face-up bonus tiles; a list is replaced, never changed in place (copies share it)
    bonus: dict[int, list[str]] = field(default_factory=dict)
    bonus_box: list[str] = field(default_factory=list)  # bonus tiles before setup
    temple_bonus: list[str] = field(default_factory=list)
    temple_stacks: list[int] = field(default_factory=list)  # tiles left per stack
    temple_order: list[int] = field(default_factory=list)  # seats in arrival order
    revealed: str | None = None  # Fishing Rod / Precision Compass: the deck's top card
    top_known: list[bool] = field(default_factory=lambda: [False, False])  # items, artifacts
    supply_shown: list[bool] = field(default_factory=lambda: [True, True, True])
    rescue_shown: bool = True
    # seats that looked through the rescue or the temple bonus stack (they know its order); a
    # list is replaced, never changed in place (copies share it)
    looked: dict[str, list[int]] = field(default_factory=lambda: {"rescue": [], "temple": []})
    turn_over: bool = False  # the active player ended the turn; the next one is due
    final: list[dict[str, int]] = field(default_factory=list)  # per seat: its points, by part
    rules_version: int = RULES_VERSION  # the rules a log was recorded under (see RULES_VERSION)

    def copy(self, mine: int = -1) -> ArnakState:
        """An independent copy, each field set by hand on a bare object: ``deepcopy`` is ~20x
        slower, ``copy.copy`` of a slotted dataclass goes through ``setattr`` for every slot, and
        calling the constructor matches some 60 keywords (each ~2x this). A field left out here
        fails at once (an unset slot), and the conformance test compares every copy. Lists the
        engine replaces but never changes in place (the blocked camps, the setup's boxes, the
        temple's arrival order, the research bonus tiles, who looked where) are shared.

        ``mine``: only that seat's player is copied, the others' shared (the greedy bot's
        copies, changed only by that seat's own commands and answers, which change no other
        player: ``tests/core/test_arnak_greedy.py`` checks it over whole games), and so are
        the piles and tiles that ``evolve`` only ever sets anew (:data:`SET_ANEW`; the same
        test checks that no event changes one in place). The whole copy (``mine`` left out)
        shares none of these: a search deals hidden cards into its copy's piles in place."""
        out = _new(ArnakState)
        out.players = self.players
        out.side = self.side
        out.start_player_option = self.start_player_option
        out.turn_limit = self.turn_limit
        out.phase = self.phase
        out.setup_step = self.setup_step
        out.round = self.round
        out.start_player = self.start_player
        out.active = self.active
        out.turn = self.turn
        out.passed = self.passed[:]
        out.main_done = self.main_done
        out.pool = self.pool[:]
        stack = self.stack
        out.stack = list(map(_clone_frame, stack)) if stack else []
        out.refill_due = self.refill_due
        out.roundend_step = self.roundend_step
        if mine < 0:
            out.seats = list(map(_clone, self.seats))
        else:
            seats = out.seats = self.seats[:]
            seats[mine] = _clone_sharing(seats[mine])
        out.occupant = self.occupant.copy()
        out.blocked = self.blocked
        if mine < 0:
            out.site_tile = self.site_tile.copy()
            out.idol_up = self.idol_up.copy()
            out.idol_down = self.idol_down.copy()
            out.guardian = self.guardian.copy()
            out.sites1 = self.sites1[:]
            out.sites2 = self.sites2[:]
            out.sites_known = self.sites_known[:]
            out.guardians = self.guardians[:]
            out.supply = list(map(list.copy, self.supply))
            out.rescue = self.rescue[:]
            out.item_deck = self.item_deck[:]
            out.art_deck = self.art_deck[:]
            out.fear_deck = self.fear_deck[:]
            out.temple_bonus = self.temple_bonus[:]
            out.temple_stacks = self.temple_stacks[:]
            out.top_known = self.top_known[:]
            out.supply_shown = self.supply_shown[:]
        else:  # :data:`SET_ANEW`, shared
            out.site_tile = self.site_tile
            out.idol_up = self.idol_up
            out.idol_down = self.idol_down
            out.guardian = self.guardian
            out.sites1 = self.sites1
            out.sites2 = self.sites2
            out.sites_known = self.sites_known
            out.guardians = self.guardians
            out.supply = self.supply
            out.rescue = self.rescue
            out.item_deck = self.item_deck
            out.art_deck = self.art_deck
            out.fear_deck = self.fear_deck
            out.temple_bonus = self.temple_bonus
            out.temple_stacks = self.temple_stacks
            out.top_known = self.top_known
            out.supply_shown = self.supply_shown
        out.blocking = self.blocking
        out.idol_box = self.idol_box
        out.idols_spent = self.idols_spent
        out.staff = self.staff
        if mine < 0:
            out.row_art = self.row_art[:]
            out.row_items = self.row_items[:]
            out.item_exile = self.item_exile[:]
            out.art_exile = self.art_exile[:]
            out.bonus = self.bonus.copy()  # its lists are replaced, never changed: shared
            out.looked = self.looked.copy()  # (the same)
        else:  # :data:`SET_ANEW`, shared
            out.row_art = self.row_art
            out.row_items = self.row_items
            out.item_exile = self.item_exile
            out.art_exile = self.art_exile
            out.bonus = self.bonus
            out.looked = self.looked
        out.fear_tiles = self.fear_tiles
        out.bonus_box = self.bonus_box
        out.temple_order = self.temple_order
        out.revealed = self.revealed
        out.rescue_shown = self.rescue_shown
        out.turn_over = self.turn_over
        out.final = [p.copy() for p in self.final] if self.final else []
        out.rules_version = self.rules_version
        return out

    def shallow(self) -> ArnakState:
        """A new state whose fields, and its players' fields, are this one's own lists and
        dicts, none copied: for a reader that changes nothing and is done before this state
        changes (``secrecy.look``)."""
        out = _new(ArnakState)
        out.players = self.players
        out.side = self.side
        out.start_player_option = self.start_player_option
        out.turn_limit = self.turn_limit
        out.phase = self.phase
        out.setup_step = self.setup_step
        out.round = self.round
        out.start_player = self.start_player
        out.active = self.active
        out.turn = self.turn
        out.passed = self.passed
        out.main_done = self.main_done
        out.pool = self.pool
        out.stack = self.stack
        out.refill_due = self.refill_due
        out.roundend_step = self.roundend_step
        out.seats = list(map(_shallow_player, self.seats))
        out.occupant = self.occupant
        out.blocked = self.blocked
        out.site_tile = self.site_tile
        out.idol_up = self.idol_up
        out.idol_down = self.idol_down
        out.guardian = self.guardian
        out.sites1 = self.sites1
        out.sites2 = self.sites2
        out.sites_known = self.sites_known
        out.guardians = self.guardians
        out.supply = self.supply
        out.rescue = self.rescue
        out.blocking = self.blocking
        out.idol_box = self.idol_box
        out.idols_spent = self.idols_spent
        out.staff = self.staff
        out.row_art = self.row_art
        out.row_items = self.row_items
        out.item_deck = self.item_deck
        out.art_deck = self.art_deck
        out.item_exile = self.item_exile
        out.art_exile = self.art_exile
        out.fear_deck = self.fear_deck
        out.fear_tiles = self.fear_tiles
        out.bonus = self.bonus
        out.bonus_box = self.bonus_box
        out.temple_bonus = self.temple_bonus
        out.temple_stacks = self.temple_stacks
        out.temple_order = self.temple_order
        out.revealed = self.revealed
        out.top_known = self.top_known
        out.supply_shown = self.supply_shown
        out.rescue_shown = self.rescue_shown
        out.looked = self.looked
        out.turn_over = self.turn_over
        out.final = self.final
        out.rules_version = self.rules_version
        return out

    @property
    def over(self) -> bool:
        return self.phase == "over"
