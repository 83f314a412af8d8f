"""Setting out a deal: the pack, its shuffle, the cards taken out first, and the standard deal.

Chance happens here and nowhere else: in the deal, and in the shuffle of a reshuffling
redeal (``reshuffle``), which is drawn from the deal number too. A deal number means the
same deal on every Python: the project's own SplitMix64 shuffle for most games, keyed by the
game (deal N of one game is not deal N of another, unless a variant shares its parent's
deals), and for FreeCell the generator of Windows FreeCell, so that deal N is the deal N
every FreeCell player knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SUITS, Card, parse_card
from .rng import MAX_SEED, name_key, shuffled

if TYPE_CHECKING:
    from .game import Game
    from .spec import GameSpec

# Windows FreeCell's deals run from 1; numbers from 2^31 on follow FreeCell Pro's and
# PySolFC's extension of the same generator, up to 2^33 - 1.
MICROSOFT_MAX_DEAL = (1 << 33) - 1


def new_pack(decks: int, suits: str = "".join(SUITS)) -> list[Card]:
    """All cards of ``decks`` packs in a fixed order (copy, suit, rank). With fewer suits
    than four (Spider in one or two suits), each suit comes in more copies, so the pack
    still holds ``52 * decks`` cards; ``Card.deck`` tells the copies apart."""
    copies, rest = divmod(decks * len(SUITS), len(suits))
    if rest or not suits:
        raise ValueError(f"{decks} pack(s) cannot be made of the suits {suits!r}")
    return [Card(r, s, d) for d in range(copies) for s in suits for r in range(1, 14)]


def seed_range(spec: GameSpec) -> tuple[int, int]:
    """The deal numbers a game accepts."""
    if spec.deal_numbers == "microsoft":
        return 1, MICROSOFT_MAX_DEAL
    return 0, MAX_SEED


def shuffle_key(spec: GameSpec) -> int:
    """What the project's shuffle of deal N is keyed by, besides N: the game's own name (or
    its parent's, ``deals_as``), so that deal 1 of Forty Thieves is not deal 1 of Busy Aces
    laid out another way. The seed is mixed with the key before the shuffle starts."""
    return name_key(spec.deals_as or spec.slug)


def game_shuffle(spec: GameSpec, pack: list[Card], seed: int) -> list[Card]:
    """The project's shuffle of ``pack`` for deal ``seed`` of ``spec`` (keyed by the game)."""
    return shuffled(pack, seed ^ shuffle_key(spec))


def microsoft_deal(number: int) -> list[Card]:
    """The 52 cards of Windows FreeCell's deal ``number``, in the order they are dealt
    (card i goes to column i mod 8, row by row).

    The generator is Microsoft C's ``rand()``: state = state * 214013 + 2531011, and each
    draw is bits 16-30 of the state. Cards are numbered rank by rank (A♣ A♦ A♥ A♠ 2♣ …);
    each draw picks one of the cards left and the last card takes its place. Deals from
    2^31 to 2^32 - 1 set bit 15 of every draw; from 2^32 on, the state starts at
    number - 2^32 and each draw is bits 16-31, plus one.
    """
    if not 1 <= number <= MICROSOFT_MAX_DEAL:
        raise ValueError(f"a FreeCell deal number runs from 1 to {MICROSOFT_MAX_DEAL}, got {number!r}")
    state = number if number < 1 << 32 else number - (1 << 32)
    deck = [Card(i // 4 + 1, SUITS[i % 4]) for i in range(52)]
    out = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & MICROSOFT_MAX_DEAL
        if number < 1 << 31:
            r = (state >> 16) & 0x7FFF
        elif number < 1 << 32:
            r = ((state >> 16) & 0x7FFF) | 0x8000
        else:
            r = ((state >> 16) & 0xFFFF) + 1
        j = r % left
        out.append(deck[j])
        deck[j] = deck[left - 1]
    return out


def take_out_base_cards(game: Game, pack: list[Card]) -> list[Card]:
    """Put the cards that start a group out of the pack (``starts_with``: one card of the
    base rank per pile, suits in turn; ``first_cards``: the named cards on the group's first
    piles); what is left is returned in order."""
    rest = list(pack)
    for g in game.spec.groups:
        for pid, code in zip(g.ids(), g.first_cards):
            wanted = parse_card(code)
            card = next(c for c in rest if c.rank == wanted.rank and c.suit == wanted.suit)
            rest.remove(card)
            game.piles[pid].append(card)
        if not g.starts_with or g.base_rank is None:
            continue
        for i, pid in enumerate(g.ids()):
            card = next(c for c in rest if c.rank == g.base_rank and c.suit == SUITS[i % 4])
            rest.remove(card)
            game.piles[pid].append(card)
    return rest


def set_out_dealt_base(game: Game, pack: list[Card]) -> list[Card]:
    """Penguin's beak: the first card of the shuffled pack sets the game's base rank, and
    the other cards of that rank go at once to the ``starts_with`` piles of their suits
    (the beak stays first, to be dealt; its own suit's pile waits for it). Where no group
    ``starts_with``, the fellows stay in the pack: Canfield deals its first card to a
    foundation, and the others of its rank come out in play."""
    beak = pack[0]
    game.base = beak.rank
    rest = [beak]
    starters = [pid for g in game.spec.groups if g.starts_with for pid in g.ids()]
    if not starters:  # no pile starts with its fellows: they stay in the pack (Canfield)
        return pack
    for card in pack[1:]:
        if card.rank == beak.rank and card is not beak:
            game.piles[starters[SUITS.index(card.suit) % len(starters)]].append(card)
        else:
            rest.append(card)
    return rest


def set_out_first_found(game: Game, pack: list[Card]) -> None:
    """``first_found``: the first card of a group's base rank to come out of the shuffled
    pack goes to the group's first pile (Virginia Reel's first 2, 3 and 4)."""
    for g in game.spec.groups:
        if g.first_found and g.base_rank is not None:
            index = next(i for i, c in enumerate(pack) if c.rank == g.base_rank)
            game.piles[g.ids()[0]].append(pack.pop(index))


def shuffled_pack(game: Game) -> list[Card]:
    """The pack for this deal, shuffled, with the cards that start out of play set out."""
    spec = game.spec
    if spec.deal_numbers == "microsoft":
        return microsoft_deal(game.seed)
    pack = take_out_base_cards(game, new_pack(spec.decks, spec.suits))
    pack = game_shuffle(spec, pack, game.seed)
    set_out_first_found(game, pack)
    if spec.base_from_deal:
        pack = set_out_dealt_base(game, pack)
    return pack


def standard_deal(game: Game, pack: list[Card]) -> None:
    """Deal the pack by each group's deal counts, in group order: pile by pile, or across
    the piles a row at a time (``deal_by_rows``); the rest is the stock, its last card on top."""
    i = 0
    for g in game.spec.groups:
        counts = g.deal_counts()
        ids = g.ids()
        if game.spec.deal_by_rows:
            order = [pid for row in range(max(counts, default=0))
                     for pid, n in zip(ids, counts) if n > row]
        else:
            order = [pid for pid, n in zip(ids, counts) for _ in range(n)]
        for pid in order:
            game.piles[pid].append(pack[i])
            i += 1
        for pid, n, down in zip(ids, counts, g.down_counts()):
            game.down[pid] = min(down, n)
            if g.sink_ranks:
                game.piles[pid] = sunk(game.piles[pid], g.sink_ranks)
    rest = pack[i:]
    if rest:
        if not game.stock_id:
            raise ValueError(f"{game.spec.slug}: {len(rest)} cards left after the deal and no stock")
        game.piles[game.stock_id].extend(reversed(rest))


def sunk(pile: list[Card], ranks: tuple[int, ...]) -> list[Card]:
    """``pile`` with its cards of ``ranks`` moved under the others (``PileGroup.sink_ranks``):
    the moved cards in the order they were dealt, the others keeping theirs."""
    return [c for c in pile if c.rank in ranks] + [c for c in pile if c.rank not in ranks]


def take_up_plan(spec: GameSpec, left: int | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a take-up redeal (``GameSpec.take_up``) made with ``left`` redeals left does: the
    piles it takes up, in the order their cards are dealt out, and the piles it deals them
    to, one card to each in turn from the first (round and round)."""
    rule = spec.take_up
    if rule is None:
        raise ValueError(f"{spec.title} has no take-up redeal")
    piles = tuple(pid for prefix in rule.groups for pid in spec.group(prefix).ids())
    if rule.one_pile:
        k = (left or 1) - 1
        return (piles[k],), piles[k:] + piles[:k]
    return piles[::-1], piles


def take_up(game: Game) -> None:
    """Carry out a take-up redeal (``GameSpec.take_up``), as ``take_up_plan`` says."""
    rule = game.spec.take_up
    taken, round_ = take_up_plan(game.spec, game.redeals_left)
    assert rule is not None
    cards = [c for pid in taken for c in (game.piles[pid] if rule.bottom_first else reversed(game.piles[pid]))]
    for pid in taken:
        game.piles[pid] = []
        game.down[pid] = 0
    for i, card in enumerate(cards):
        game.piles[round_[i % len(round_)]].append(card)
    game.use_redeal()


def reshuffle_seed(game: Game, number: int) -> int:
    """The seed of the shuffle of redeal ``number`` (1, 2, ...) of this deal
    (``GameSpec.reshuffle``): a 64-bit key of the game, the deal number and the redeal's
    number, so each redeal of each deal shuffles in its own way, the same on every Python."""
    return name_key(f"{game.spec.deals_as or game.spec.slug}/{game.seed}/redeal {number}")


def reshuffle_orders(game: Game, most: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The shuffles of this deal's redeals (``GameSpec.reshuffle``), as orders: for redeal
    k (from 1) and n cards gathered, ``[k - 1][n][i]`` is the place, in the fixed order
    ``reshuffle`` first puts them in, of the card the shuffle puts at place i (n up to
    ``most``). The solver's model deals by them as ``reshuffle`` deals."""
    return tuple(tuple(tuple(shuffled(list(range(n)), reshuffle_seed(game, k))) for n in range(most + 1))
                 for k in range(1, (game.spec.redeals or 0) + 1))


def reshuffle(game: Game) -> None:
    """Carry out a reshuffling redeal (``GameSpec.reshuffle``): gather the cards left in the
    named piles, put them in a fixed order (suit, rank, copy), shuffle them by
    ``reshuffle_seed`` and deal them face up, ``fans_of`` to a pile, from the first pile on."""
    rule = game.spec.reshuffle
    if rule is None:
        raise ValueError(f"{game.spec.title} has no reshuffling redeal")
    piles = [pid for prefix in rule.groups for pid in game.spec.group(prefix).ids()]
    cards = sorted((c for pid in piles for c in game.piles[pid]), key=lambda c: (SUITS.index(c.suit), c.rank, c.deck))
    number = (game.spec.redeals or 0) - (game.redeals_left or 0) + 1  # a limit is there: the registry checks it
    cards = shuffled(cards, reshuffle_seed(game, number))
    for pid in piles:
        game.piles[pid] = []
        game.down[pid] = 0
    for i, card in enumerate(cards):
        game.piles[piles[min(i // rule.fans_of, len(piles) - 1)]].append(card)
    game.use_redeal()
