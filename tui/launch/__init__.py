"""The app's launch and its process: the menu's frame drawn before Textual is even imported
(:mod:`.splash`), Python's garbage collector paused until the app's first frame
(:mod:`.collector`), and where what happened is written (:mod:`.logs`, ``caldera --log FILE``).

These run before everything else: they import only the standard library at module level.
"""
