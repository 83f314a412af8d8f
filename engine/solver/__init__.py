"""The solver: a compact model of each game (``tables``, ``legal``, ``settle``, ``model``)."""
