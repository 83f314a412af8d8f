"""The standard rules, read from a spec's pile groups.

Whether a card may go somewhere is decided in exactly one place, ``refusal``: move
generation keeps the moves it does not refuse, and an illegal move's message is the
reason it gives.

The rules read in layers, each module using only those above it:

- ``basics``: how cards relate (``fits``) and what a pile holds (its run, what is covered);
- ``placing``: ``refusal`` and ``drop_refusal``, and the moves of cards they allow;
- ``stock``: dealing, redealing and taking up, and the rows the stock deals to;
- ``special``: the other kinds of move some games add (pairs, cards placed before their
  neighbour, outranked cards thrown out, packets, swaps);
- ``playing``: a game's standard moves, playing one, and settling the board after it.

Everything is named here too, so the rest of the engine imports from ``engine.rules``.
"""

from __future__ import annotations

from .basics import (Probe, Why, base_rank, below_base, covered, fits, free_space, grid_neighbours, held, is_next,
                     lying_over, paired_ends_refusal, pick_limit, related, run_length, stock_out, unfounded, value)
from .placing import (card_moves, drop_refusal, empty_takes, first_pass_refused, in_line_refused, neighbour_ranks,
                      refusal, supermove_refusal)
from .stock import (blocking, chain_source, close_gaps, gap_before_card, lines_dealt_at_setup, next_row, rank_piles,
                    reshuffle_refusal, rows_to_deal, stock_moves, stock_refusal, take_up_refusal)
from .special import (before_moves, before_refusal, crowned, is_packet, is_pip, is_swap, moved_count,
                      neighbour_table, next_packet_place, outranked_moves, outranked_refusal, outranks, packet_moves,
                      packet_refusal, pair_moves, pair_pool, pair_refusal, swap_moves, swap_refusal, takes_off)
from .playing import (apply_standard, in_line_source, refilled, settle, standard_moves, turn_up)

__all__ = [
    "Probe",
    "Why",
    "base_rank",
    "below_base",
    "covered",
    "fits",
    "free_space",
    "grid_neighbours",
    "held",
    "is_next",
    "lying_over",
    "paired_ends_refusal",
    "pick_limit",
    "related",
    "run_length",
    "stock_out",
    "unfounded",
    "value",
    "card_moves",
    "drop_refusal",
    "empty_takes",
    "first_pass_refused",
    "in_line_refused",
    "neighbour_ranks",
    "refusal",
    "supermove_refusal",
    "blocking",
    "chain_source",
    "close_gaps",
    "gap_before_card",
    "lines_dealt_at_setup",
    "next_row",
    "rank_piles",
    "reshuffle_refusal",
    "rows_to_deal",
    "stock_moves",
    "stock_refusal",
    "take_up_refusal",
    "before_moves",
    "before_refusal",
    "crowned",
    "is_packet",
    "is_pip",
    "is_swap",
    "moved_count",
    "neighbour_table",
    "next_packet_place",
    "outranked_moves",
    "outranked_refusal",
    "outranks",
    "packet_moves",
    "packet_refusal",
    "pair_moves",
    "pair_pool",
    "pair_refusal",
    "swap_moves",
    "swap_refusal",
    "takes_off",
    "apply_standard",
    "in_line_source",
    "refilled",
    "settle",
    "standard_moves",
    "turn_up",
]
