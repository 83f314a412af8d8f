"""The registered games: importing this package registers each of them once.

The import order is the order ``engine.games()`` lists them in: the seven games of the
sources first, then the related games by family.
"""

from . import well  # noqa: I001  (order matters: it is the listing order)
from . import deuces
from . import wisp
from . import wheel
from . import two_rings
from . import nation
from . import queen_of_italy
from . import castle
from . import forty_thieves
from . import spider
from . import freecell
from . import klondike
from . import classics
from . import matrimony
from . import st_helena
from . import babette
from . import virginia_reel
from . import calculation
from . import compared
from . import fans
from . import golf
from . import yukon
from . import rows, simple

__all__ = ["babette", "calculation", "castle", "classics", "compared", "deuces", "fans", "forty_thieves", "freecell", "golf", "klondike", "matrimony", "nation", "queen_of_italy", "rows", "simple", "spider", "st_helena", "two_rings", "virginia_reel", "well", "wheel", "wisp", "yukon"]
