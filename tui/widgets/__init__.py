"""The widgets every game shares: the header, the footers, the event log, the timeline, the
choice lists, the form fields, and the theme's colours for the boards that paint their own
cells (:mod:`.theme_colours`). A game's own widgets are in ``tui/games/<game>/widgets/``.
"""
