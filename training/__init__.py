"""Training the games' learned evaluations (issue 42): self-play, fitting and duels.

- ``selfplay.py`` plays a game's bot against itself in parallel processes and appends each
  game's noted positions (each seat's features from its own view, at every turn's start) and
  its outcome to ``records/<game>-gen<N>.jsonl.gz``, one gzip member a game, so a stopped run
  resumes and the records stay a few MB;
- ``fit.py`` fits a model on records (ridge regression of a seat's final points, logistic of
  its winning; scikit-learn, the ``dev`` extra) and writes a model file naming its data, seeds
  and generation, with its figures on held-out games;
- ``duel.py`` sets the search weighing leaves by a candidate model against the same search with
  the game's current model, and keeps the candidate only if it wins;
- ``learned.py`` is what each game lends these scripts (its features, options, bots).

The bots read the model (``core/games/<game>/model.json``) in plain Python
(:mod:`core.search.model`); nothing here runs in play.
"""
