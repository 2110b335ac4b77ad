"""Doors: ways into a club for players who installed nothing, ``ssh`` (:mod:`tui.doors.ssh`)
and a browser (:mod:`tui.doors.web`). Each visitor gets the ordinary app in a process of its
own, at home in a folder of its own (:mod:`tui.doors.homes`); nothing below this package knows
how a player arrived."""
