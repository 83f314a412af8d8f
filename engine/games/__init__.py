"""The registered games: importing this package registers each of them once.

The import order is the order ``engine.games()`` lists them in: the order of the sources.
"""

from . import well  # noqa: I001  (order matters: it is the listing order)
from . import deuces
from . import wisp
from . import wheel
from . import two_rings
from . import nation
from . import queen_of_italy

__all__ = ["deuces", "nation", "queen_of_italy", "two_rings", "well", "wheel", "wisp"]
