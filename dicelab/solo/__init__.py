"""Solo: an UNO relative, for drawing without replacement (see `rules`)."""
