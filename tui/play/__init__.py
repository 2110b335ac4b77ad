"""A game at this keyboard: the local table (the referee in this process, its bots at a visible
pace, every event saved as it is played: :mod:`.local_table`), how one is set up
(:mod:`.setup`), the hint key's advice (:mod:`.hint`), and the seats' default names and colours
that every screen paints (:mod:`.seats`).

The screens play any table through :class:`core.session.Session` only; a seat at a table
across the network comes from :mod:`tui.netplay`.
"""
