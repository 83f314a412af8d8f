/* The moves of a position, and making them: Compact.moves, through_stock, advance and
 * settle_home. Part of _core.c. */
/* ---- moves ---------------------------------------------------------------------------- */

/* A move: i, j, n and the deals (0) and redeals (1) made first (a move through the stock).
 * DEAL is i = j = -1, REDEAL i = j = -2. */
#define MAXSTEPS 255
typedef struct { int16_t i, j, n; uint8_t nsteps; uint8_t prio; uint8_t *steps; } CMove;

typedef struct {
    CMove *v; int n, cap;
    uint8_t *steps; size_t nsteps, steps_cap;
    int pruned;
} Moves;

static int moves_push(Moves *m, int i, int j, int n, int prio) {
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 64;
        CMove *v = PyMem_Realloc(m->v, (size_t)cap * sizeof(CMove));
        if (!v) return -1;
        m->v = v; m->cap = cap;
    }
    CMove *mv = &m->v[m->n++];
    mv->i = (int16_t)i; mv->j = (int16_t)j; mv->n = (int16_t)n; mv->nsteps = 0; mv->prio = (uint8_t)prio; mv->steps = NULL;
    return 0;
}

typedef struct { int j; mask acc; int any; int count; } Open;

#define PACKET 4096 /* a packet is (i, place, -PACKET - mask): Compact.packet_moves */

/* The packets of pips chosen from pips[from..], in the order itertools.combinations gives
 * them, each crowned by each court: pushed as (first source, place, -PACKET - mask). */
static int packets_from(const Tables *t, Moves *out, const int *pb, const int *pr, int npips, int from, int left,
                        int mask, int ranks, int sum, const int *courts, int ncourts, int place) {
    if (!left) {
        if (sum != t->packet_total) return 0;
        for (int k = 0; k < ncourts; k++) {
            int m = mask | 1 << courts[k];
            int first = t->packet_sources.v[__builtin_ctz((unsigned)m)];
            if (moves_push(out, first, place, -PACKET - m, 0)) return -1;
        }
        return 0;
    }
    for (int x = from; x <= npips - left; x++) {
        if (ranks & 1 << pr[x]) continue; /* pips of different values */
        if (packets_from(t, out, pb, pr, npips, x + 1, left - 1, mask | 1 << pb[x], ranks | 1 << pr[x], sum + pr[x],
                         courts, ncourts, place)) return -1;
    }
    return 0;
}

static int through_stock(const Tables *t, const Work *w, const int *want_first, const int *want_next,
                         const Open *open, int nopen, Moves *out);

/* Compact.moves (every=False). */
static int list_moves(const Tables *t, const Work *w, int shortcuts, Moves *out) {
    out->n = 0; out->nsteps = 0;
    int cells = 0, spaces = 0;
    for (int k = 0; k < t->cells.n; k++) if (!w->len[t->cells.v[k]]) cells++;
    for (int k = 0; k < t->spaces.n; k++) if (!w->len[t->spaces.v[k]]) spaces++;
    /* wanting: for each code, the piles that take it on their top, in order (a linked list) */
    int want_first[NCODE], want_last[NCODE];
    static __thread int wnext[MAXP * NCODE]; /* the next pile after (pile, code) */
    for (int c = 0; c < NCODE; c++) want_first[c] = want_last[c] = -1;
    Open open[MAXP]; int nopen = 0;
    int stocked = t->stock >= 0 && w->len[t->stock] > 0;
    uint8_t seen_group[MAXP]; memset(seen_group, 0, (size_t)t->n);
    for (int j = 0; j < t->n; j++) {
        const Pile *p = &t->piles[j];
        int len = w->len[j];
        if (p->after_stock && stocked) continue;
        if (p->kind == DISCARD) {
            if (p->has_accepts) { open[nopen].j = j; open[nopen].acc = p->accepts; open[nopen].any = 0; open[nopen].count = 1; nopen++; }
            else if (len + 13 <= p->max_cards) { open[nopen].j = j; open[nopen].acc = t->kings; open[nopen].any = 0; open[nopen].count = 13; nopen++; }
        } else if (p->kind == STOCK || (p->kind == WASTE && !p->builds)) {
            continue;
        } else if (!len) {
            if (p->has_accepts) {
                int group = p->symmetric_with;
                if (group >= 0 && !(stocked && t->in_order[j])) {
                    if (seen_group[group]) continue;
                    seen_group[group] = 1;
                }
                int none;
                open[nopen].j = j; open[nopen].acc = accepts_now(t, w, j, &none); open[nopen].any = 0;
                open[nopen].count = (p->kind == FOUNDATION || p->kind == CELL) ? 1 : 0; nopen++;
            }
        } else if (p->base_stays && len == 1) {
            if (!stocked) { open[nopen].j = j; open[nopen].acc = 0; open[nopen].any = 1; open[nopen].count = 1; nopen++; }
        } else if (p->builds && len < p->max_cards) {
            mask fs = fit_set(t, j, w->c[j], len);
            while (fs) {
                int c = __builtin_ctzll(fs); fs &= fs - 1;
                if (c >= NCODE) break;
                wnext[j * NCODE + c] = -1;
                if (want_last[c] < 0) want_first[c] = j; else wnext[want_last[c] * NCODE + c] = j;
                want_last[c] = j;
            }
        }
    }
    int legal = 0;
    for (int i = 0; i < t->n; i++) {
        int limit = pick_limit(t, w, i);
        if (!limit) continue;
        const Pile *p = &t->piles[i];
        const uint8_t *pile = w->c[i];
        int len = w->len[i], rest_down = w->down[i];
        int ordered = p->pick == P_FACE_UP ? ordered_length(t, w, i) : limit;
        for (int n = 1; n <= limit; n++) {
            int card = pile[len - n], rest = len - n;
            for (int j = want_first[card]; j >= 0; j = wnext[j * NCODE + card]) {
                const Pile *q = &t->piles[j];
                if (!p->target[j] || (n > 1 && q->kind == FOUNDATION)) continue;
                if (barred(t, w, i, j)) continue;
                if (w->len[j] + n > q->max_cards) continue;
                if (n > 1 && p->pick == P_SUPER && (int64_t)n > ((int64_t)cells + 1) << spaces) continue;
                legal = 1;
                if (q->kind == FOUNDATION) {
                    if (shortcuts && is_home(p, pile)) { out->pruned = 1; continue; }
                    if (moves_push(out, i, j, n, 0)) return -1;
                    continue;
                }
                if (shortcuts && (is_home(p, pile) || (rest > rest_down && !p->loose && (in_run(p, pile[rest - 1], card) || (
                        p->builds && (fit_set(t, i, pile, rest) & BIT(card)) && !in_run(q, w->c[j][w->len[j] - 1], card)))))) {
                    out->pruned = 1;
                    continue;
                }
                if (moves_push(out, i, j, n, rest && rest <= rest_down ? 1 : !rest ? 2 : 3)) return -1;
            }
            for (int k = 0; k < nopen; k++) {
                const Open *o = &open[k];
                int j = o->j;
                const Pile *q = &t->piles[j];
                if (!p->empty_target[j] || (o->count && o->count != n) || (!o->any && !(o->acc & BIT(card)))) continue;
                if (n > ordered && q->kind == DISCARD) continue;
                if (barred(t, w, i, j)) continue;
                if (w->len[j] + n > q->max_cards) continue;
                if (n > 1 && p->pick == P_SUPER) {
                    int room = t->is_space[j] ? spaces - 1 : spaces;
                    if ((int64_t)n > ((int64_t)cells + 1) << (room > 0 ? room : 0)) continue;
                }
                legal = 1;
                if (q->kind == FOUNDATION || q->kind == DISCARD) {
                    if (shortcuts && is_home(p, pile)) { out->pruned = 1; continue; }
                    if (moves_push(out, i, j, n, 0)) return -1;
                } else if (shortcuts && is_home(p, pile)) {
                    out->pruned = 1;
                } else if (!rest && p->kind == q->kind && p->symmetric_with >= 0 && p->symmetric_with == q->symmetric_with
                           && !(stocked && t->in_order[j])) {
                    continue; /* a whole pile into an empty one of its group: the same position, unless dealt to in order */
                } else {
                    if (moves_push(out, i, j, n, rest && rest <= rest_down ? 1 : q->kind == TABLEAU ? 4 : 5)) return -1;
                }
            }
        }
    }
    /* Compact.before_moves: a pile, whole, onto the pile some places before it in its row */
    for (int r = 0; r < t->nbefore; r++) {
        const IL *ids = &t->before_ids[r], *by = &t->before_by[r];
        for (int x = 0; x < ids->n; x++) {
            int i = ids->v[x], len = w->len[i];
            if (!len || w->down[i] >= len) continue;
            for (int k = 0; k < by->n; k++) {
                if (by->v[k] > x) continue;
                int j = ids->v[x - by->v[k]];
                if (w->len[j] && (fit_set(t, j, w->c[j], w->len[j]) & BIT(w->c[i][len - 1]))) {
                    legal = 1;
                    if (moves_push(out, i, j, len, 0)) return -1;
                }
            }
        }
    }
    /* Compact.pair_moves: a card alone (n = 1), or two (n = -1 - k), taken off together */
    if (t->pair_to >= 0) {
        int free[MAXP], nfree = 0;
        for (int x = 0; x < t->pair_sources.n; x++) { int i = t->pair_sources.v[x]; if (pick_limit(t, w, i)) free[nfree++] = i; }
        for (int x = 0; x < nfree; x++) {
            int i = free[x], c = w->c[i][w->len[i] - 1];
            if (t->pair_alone & BIT(c)) { legal = 1; if (moves_push(out, i, t->pair_to, 1, 0)) return -1; }
            for (int y = x + 1; y < nfree; y++) {
                int k = free[y];
                if (!(t->pair_with[c] & BIT(w->c[k][w->len[k] - 1]))) continue;
                if (t->has_near) { /* only cards that touch (Compact.pair_near) */
                    int touching = 0;
                    for (int z = 0; z < t->pair_near[i].n; z++) if (t->pair_near[i].v[z] == k) { touching = 1; break; }
                    if (!touching) continue;
                }
                legal = 1;
                if (moves_push(out, i, t->pair_to, -1 - k, 0)) return -1;
            }
        }
    }
    /* Compact.outranked_moves: a top card taken off while a higher one of its suit shows */
    if (t->outranked_to >= 0) {
        mask tops = 0;
        for (int x = 0; x < t->outranked_sources.n; x++) { int i = t->outranked_sources.v[x]; if (pick_limit(t, w, i)) tops |= BIT(top(w, i)); }
        for (int x = 0; x < t->outranked_sources.n; x++) {
            int i = t->outranked_sources.v[x];
            if (pick_limit(t, w, i) && (t->outranked_by[top(w, i)] & tops)) { legal = 1; if (moves_push(out, i, t->outranked_to, 1, 0)) return -1; }
        }
    }
    /* Compact.packet_moves: pips of different values adding up to the total, and a court card */
    if (t->packet_sources.n) {
        int place = -1;
        for (int k = 0; k < t->packet_places.n; k++) if (!w->len[t->packet_places.v[k]]) { place = t->packet_places.v[k]; break; }
        if (place >= 0) {
            int pb[16], pr[16], npips = 0, courts[16], ncourts = 0;
            for (int b = 0; b < t->packet_sources.n; b++) {
                int i = t->packet_sources.v[b], len = w->len[i];
                if (!len || w->down[i] >= len) continue;
                int rank = w->c[i][len - 1] % 13 + 1;
                if (rank >= 2 && rank <= 10) { pb[npips] = b; pr[npips] = rank; npips++; }
                else if (rank >= 11) courts[ncourts++] = b;
            }
            int before_n = out->n;
            if (packets_from(t, out, pb, pr, npips, 0, t->packet_pips, 0, 0, 0, courts, ncourts, place)) return -1;
            if (out->n > before_n) legal = 1;
        }
    }
    /* a stable sort by priority (insertion: lists are short) */
    for (int a = 1; a < out->n; a++) {
        CMove m = out->v[a];
        int b = a - 1;
        while (b >= 0 && out->v[b].prio > m.prio) { out->v[b + 1] = out->v[b]; b--; }
        out->v[b + 1] = m;
    }
    /* Compact.swap_moves: two lone cards, each of the rank the other's row is kept for, trade places (n = 0) */
    if (t->swap_places.n) {
        int lone[MAXP], row[MAXP], rank[MAXP], nl = 0;
        for (int x = 0; x < t->swap_places.n; x++) {
            int i = t->swap_places.v[x];
            if (w->len[i] != 1 || w->c[i][0] % 13 + 1 == t->swap_rows.v[x]) continue;
            lone[nl] = i; row[nl] = t->swap_rows.v[x]; rank[nl] = w->c[i][0] % 13 + 1; nl++;
        }
        for (int x = 0; x < nl; x++)
            for (int y = x + 1; y < nl; y++)
                if (rank[x] == row[y] && rank[y] == row[x]) { legal = 1; if (moves_push(out, lone[x], lone[y], 0, 0)) return -1; }
    }
    if (t->through) {
        if (through_stock(t, w, want_first, wnext, open, nopen, out)) return -1;
    } else if (t->has_rule && t->stock >= 0) {
        int slen = w->len[t->stock];
        int held = 0, blocked = 0;
        for (int k = 0; k < t->held_by.n; k++) if (w->len[t->held_by.v[k]]) { held = 1; break; }
        for (int k = 0; k < t->blocked_by.n; k++) if (!w->len[t->blocked_by.v[k]]) { blocked = 1; break; }
        if (t->close_up) { /* a gap before a card to close, or an empty place and a card to deal (rules.stock_refusal) */
            int gap = 0, gap_before = 0;
            for (int k = 0; k < t->deal_to.n; k++) {
                if (!w->len[t->deal_to.v[k]]) gap = 1;
                else if (gap) { gap_before = 1; break; }
            }
            if (gap_before || (slen && gap))
                if (moves_push(out, -1, -1, 0, 9)) return -1;
        } else if (slen && !held && !blocked && !(t->last_resort && legal) && (!t->nrows || w->deals < t->nrows)) {
            if (moves_push(out, -1, -1, 0, 9)) return -1;
        }
        int redeals = w->redeals;
        if (t->gather.n) {
            int any = 0;
            for (int k = 0; k < t->gather.n; k++) if (w->len[t->gather.v[k]]) { any = 1; break; }
            if (!slen && !held && redeals != 0 && any)
                if (moves_push(out, -2, -2, 0, 9)) return -1;
        } else if (t->redeal_waste && !slen && redeals != 0 && t->waste >= 0 && w->len[t->waste]) {
            if (moves_push(out, -2, -2, 0, 9)) return -1;
        }
    }
    if (t->ntake && (t->stock < 0 || !w->len[t->stock]) && w->redeals != 0) /* taken up and dealt again */
        if (moves_push(out, -2, -2, 0, 9)) return -1;
    if (t->reshuffle_piles.n && w->redeals != 0) { /* shuffled and dealt again */
        int any = 0;
        for (int k = 0; k < t->reshuffle_piles.n; k++) if (w->len[t->reshuffle_piles.v[k]]) { any = 1; break; }
        if (any && moves_push(out, -2, -2, 0, 9)) return -1;
    }
    return 0;
}

static int push_steps(Moves *m, const uint8_t *steps, int nsteps) {
    if (m->nsteps + (size_t)nsteps > m->steps_cap) {
        size_t cap = m->steps_cap ? m->steps_cap * 2 : 4096;
        while (cap < m->nsteps + (size_t)nsteps) cap *= 2;
        uint8_t *s = PyMem_Realloc(m->steps, cap);
        if (!s) return -1;
        m->steps = s; m->steps_cap = cap;
    }
    memcpy(m->steps + m->nsteps, steps, (size_t)nsteps);
    m->v[m->n - 1].nsteps = (uint8_t)nsteps;
    m->v[m->n - 1].steps = (uint8_t *)(uintptr_t)m->nsteps; /* an offset until the list is done */
    m->nsteps += (size_t)nsteps;
    return 0;
}

/* Compact.through_stock: the stock and waste alone, turned as ``advance`` turns them. The
 * waste and the reversed stock together always read the same, so a turn is known by the
 * waste's length. */
static int through_stock(const Tables *t, const Work *w, const int *want_first, const int *wnext,
                         const Open *open, int nopen, Moves *out) {
    int wi = t->waste, st = t->stock, draw = t->draw;
    const Pile *wp = &t->piles[wi];
    uint8_t stock[2 * MAXC], waste[2 * MAXC];
    int ns = w->len[st], nw = w->len[wi], redeals = w->redeals;
    memcpy(stock, w->c[st], (size_t)ns); memcpy(waste, w->c[wi], (size_t)nw);
    uint8_t seen[2 * MAXC + 1]; memset(seen, 0, sizeof seen);
    seen[nw] = 1;
    uint8_t steps[MAXSTEPS]; int nsteps = 0;
    for (;;) {
        if (ns) {
            int k = draw < ns ? draw : ns;
            for (int x = 0; x < k; x++) waste[nw++] = stock[--ns];
            if (nsteps == MAXSTEPS) return 0;
            steps[nsteps++] = 0;
        } else if (nw && redeals != 0) {
            for (int x = 0; x < nw; x++) stock[x] = waste[nw - 1 - x];
            ns = nw; nw = 0;
            if (redeals > 0) redeals--;
            if (nsteps == MAXSTEPS) return 0;
            steps[nsteps++] = 1;
        } else {
            return 0;
        }
        if (seen[nw]) return 0;
        seen[nw] = 1;
        if (!nw) continue;
        int card = waste[nw - 1];
        for (int j = want_first[card]; j >= 0; j = wnext[j * NCODE + card]) {
            if (wp->target[j] && w->len[j] < t->piles[j].max_cards) {
                if (moves_push(out, wi, j, 1, 8) || push_steps(out, steps, nsteps)) return -1;
            }
        }
        for (int k = 0; k < nopen; k++) {
            const Open *o = &open[k];
            int j = o->j;
            if (wp->empty_target[j] && o->count <= 1 && (o->any || (o->acc & BIT(card))) && w->len[j] < t->piles[j].max_cards) {
                if (moves_push(out, wi, j, 1, 8) || push_steps(out, steps, nsteps)) return -1;
            }
        }
    }
}

/* Settling._close: the piles of a row moved down to its earliest empty places, in order. */
static void close_row(Work *w, const IL *ids) {
    int k = 0;
    for (int x = 0; x < ids->n; x++) {
        int i = ids->v[x];
        if (!w->len[i]) continue;
        int j = ids->v[k];
        if (i != j) {
            memcpy(w->c[j], w->c[i], w->len[i]);
            w->len[j] = w->len[i]; w->down[j] = w->down[i];
            w->len[i] = 0; w->down[i] = 0;
        }
        k++;
    }
}

/* Compact.advance, in place. */
static void advance(const Tables *t, Work *w, int i, int j, int n) {
    if (i == -1) { /* DEAL */
        int st = t->stock;
        if (t->deal_to_waste) {
            int wi = t->waste;
            for (int k = 0; k < t->draw; k++) if (w->len[st]) w->c[wi][w->len[wi]++] = w->c[st][--w->len[st]];
        } else if (t->nrows) {
            const IL *row = &t->rows[w->deals];
            for (int k = 0; k < row->n; k++) { int q = row->v[k]; if (w->len[st]) w->c[q][w->len[q]++] = w->c[st][--w->len[st]]; }
        } else if (t->close_up) { /* the row closed up, then its first empty places dealt to */
            close_row(w, &t->deal_to);
            int left = t->draw ? t->draw : t->deal_to.n;
            for (int k = 0; k < t->deal_to.n && left > 0; k++) {
                int q = t->deal_to.v[k];
                if (w->len[q]) continue;
                if (!w->len[st]) break;
                w->c[q][0] = w->c[st][--w->len[st]]; w->len[q] = 1; left--;
            }
        } else if (t->new_pile_rank) {
            int card = w->c[st][--w->len[st]];
            int first_fresh = -1, last_started = -1;
            for (int k = 0; k < t->deal_to.n; k++) {
                int q = t->deal_to.v[k];
                if (w->len[q]) last_started = q; else if (first_fresh < 0) first_fresh = q;
            }
            int q = ((card % 13 + 1 == t->new_pile_rank && first_fresh >= 0) || last_started < 0) ? first_fresh : last_started;
            if (q >= 0) w->c[q][w->len[q]++] = (uint8_t)card;
        } else {
            for (int k = 0; k < t->deal_to.n; k++) {
                if (!w->len[st]) break;
                int q = t->deal_to.v[k];
                w->c[q][w->len[q]++] = w->c[st][--w->len[st]];
            }
        }
        w->deals++;
    } else if (i == -2) { /* REDEAL */
        int st = t->stock;
        if (t->reshuffle_piles.n) { /* gathered in code order, shuffled by this deal's order, dealt in fans (dealing.reshuffle) */
            const IL *ps = &t->reshuffle_piles;
            int count[NCODE] = {0}, nh = 0;
            uint8_t heap[2 * MAXC];
            for (int k = 0; k < ps->n; k++) {
                int q = ps->v[k];
                for (int x = 0; x < w->len[q]; x++) count[w->c[q][x]]++;
                w->len[q] = 0; w->down[q] = 0;
            }
            for (int c = 0; c < NCODE; c++) for (int x = 0; x < count[c] && nh < 2 * MAXC; x++) heap[nh++] = (uint8_t)c;
            int k = t->spec_redeals - w->redeals; /* this redeal's number, less one */
            const uint8_t *order = (t->shuf && k >= 0 && k < t->shuf_redeals && nh <= t->shuf_most)
                ? t->shuf + (size_t)k * t->shuf_per + (size_t)nh * (size_t)(nh - (nh > 0)) / 2 : NULL;
            for (int x = 0; x < nh; x++) {
                int fan = x / t->fans_of, q = ps->v[fan < ps->n ? fan : ps->n - 1];
                w->c[q][w->len[q]++] = heap[order ? order[x] : x];
            }
        } else if (t->ntake) { /* taken up and dealt round again (dealing.take_up) */
            const IL *taken = &t->take_taken[w->redeals > 0 ? w->redeals - 1 : 0];
            const IL *round = &t->take_round[w->redeals > 0 ? w->redeals - 1 : 0];
            uint8_t heap[2 * MAXC]; int nh = 0;
            for (int k = 0; k < taken->n; k++) {
                int q = taken->v[k], nq = w->len[q];
                for (int x = 0; x < nq && nh < 2 * MAXC; x++) heap[nh++] = w->c[q][t->take_bottom ? x : nq - 1 - x];
                w->len[q] = 0; w->down[q] = 0;
            }
            for (int x = 0; x < nh; x++) { int q = round->v[x % round->n]; if (w->len[q] < MAXC) w->c[q][w->len[q]++] = heap[x]; }
        } else if (t->gather.n) {
            uint8_t heap[2 * MAXC]; int nh = 0;
            for (int k = 0; k < t->gather.n; k++) { int q = t->gather.v[k]; memcpy(heap + nh, w->c[q], w->len[q]); nh += w->len[q]; w->len[q] = 0; }
            for (int x = 0; x < nh; x++) w->c[st][x] = heap[nh - 1 - x];
            w->len[st] = (uint8_t)nh;
        } else {
            int wi = t->waste, nw = w->len[wi];
            for (int x = 0; x < nw; x++) w->c[st][x] = w->c[wi][nw - 1 - x];
            w->len[st] = (uint8_t)nw; w->len[wi] = 0;
        }
        if (w->redeals >= 0) w->redeals--;
    } else if (n <= -PACKET) { /* a packet: the pips in rising order, the court on top (rules.crowned) */
        int m = -PACKET - n, nc = 0;
        uint8_t cards[16];
        for (int b = 0; b < t->packet_sources.n; b++) if (m >> b & 1) { int q = t->packet_sources.v[b]; cards[nc++] = w->c[q][--w->len[q]]; }
        for (int a = 1; a < nc; a++) { /* by (court, rank) */
            uint8_t c = cards[a]; int key = (c % 13 >= 10) * 16 + c % 13, b = a - 1;
            while (b >= 0 && (cards[b] % 13 >= 10) * 16 + cards[b] % 13 > key) { cards[b + 1] = cards[b]; b--; }
            cards[b + 1] = c;
        }
        for (int a = 0; a < nc; a++) w->c[j][w->len[j]++] = cards[a];
    } else if (n < 0) { /* a pair taken off, i's card first */
        int k = -1 - n;
        w->c[j][w->len[j]++] = w->c[i][--w->len[i]];
        w->c[j][w->len[j]++] = w->c[k][--w->len[k]];
    } else if (n == 0) { /* two lone cards trade places (Compact.swap_moves) */
        uint8_t c = w->c[i][0], d = w->down[i];
        w->c[i][0] = w->c[j][0]; w->down[i] = w->down[j];
        w->c[j][0] = c; w->down[j] = d;
    } else {
        memcpy(w->c[j] + w->len[j], w->c[i] + w->len[i] - n, (size_t)n);
        w->len[j] += (uint8_t)n; w->len[i] -= (uint8_t)n;
    }
    for (int r = 0; r < t->nclosing; r++) close_row(w, &t->closing[r]); /* rows that close their gaps */
    for (int k = 0; k < t->n; k++) {
        const Pile *p = &t->piles[k];
        if (w->down[k] && w->down[k] >= w->len[k] && !covered(p, w)) w->down[k] = p->turn_up ? (uint8_t)(w->len[k] ? w->len[k] - 1 : 0) : w->len[k];
        if (p->refill_from.n && !w->len[k] && !(p->refill_until_deal && w->deals)) {
            for (int x = 0; x < p->refill_from.n; x++) {
                int s = p->refill_from.v[x];
                if (w->len[s]) {
                    w->c[k][0] = w->c[s][--w->len[s]]; w->len[k] = 1;
                    /* the card it leaves on top turns up (Canfield's reserve), if its pile turns cards up */
                    if (w->down[s] && w->down[s] >= w->len[s])
                        w->down[s] = t->piles[s].turn_up ? (uint8_t)(w->len[s] ? w->len[s] - 1 : 0) : w->len[s];
                    break;
                }
            }
        }
        if (p->refill_in_line.n && !w->len[k]) {
            for (int x = 0; x < p->refill_in_line.n; x++) {
                int s = p->refill_in_line.v[x];
                if (w->len[s]) {
                    w->c[k][0] = w->c[s][--w->len[s]]; w->len[k] = 1;
                    if (w->down[s] > w->len[s]) w->down[s] = w->len[s];
                    break;
                }
            }
        }
    }
}

static void goal_counts(const Tables *t, const Work *w, int *home) {
    memset(home, 0, NCODE * sizeof(int));
    for (int k = 0; k < t->goal.n; k++) { int g = t->goal.v[k]; for (int x = 0; x < w->len[g]; x++) home[w->c[g][x]]++; }
}

static int races(const Tables *t, const mask *want, int jf, int fj, const int *home) {
    mask need = want[jf];
    int waiting = 0;
    for (mask m = need; m; m &= m - 1) { int a = __builtin_ctzll(m); waiting += t->copies[a] - home[a]; }
    if (waiting <= 1) return 0;
    int group = t->home_group[fj], offering = 0;
    for (int k = 0; k < t->foundations.n; k++) {
        int f = t->foundations.v[k];
        if (t->home_group[f] == group && !(need & ~want[k])) offering++;
    }
    return waiting > offering;
}

/* Compact._outranks_nothing: the first pile whose top card goes as outranked by itself,
 * every card it outranks being home; -1 if none. */
static int outranks_nothing(const Tables *t, const Work *w) {
    if (!t->outranked_auto.n) return -1;
    mask tops = 0, home = 0;
    for (int x = 0; x < t->outranked_sources.n; x++) { int i = t->outranked_sources.v[x]; if (pick_limit(t, w, i)) tops |= BIT(top(w, i)); }
    for (int k = 0; k < t->goal.n; k++) { int g = t->goal.v[k]; for (int x = 0; x < w->len[g]; x++) home |= BIT(w->c[g][x]); }
    for (int x = 0; x < t->outranked_sources.n; x++) {
        int i = t->outranked_sources.v[x];
        if (!pick_limit(t, w, i) || !(t->outranked_by[top(w, i)] & tops)) continue;
        int auto_ = 0;
        for (int y = 0; y < t->outranked_auto.n; y++) if (t->outranked_auto.v[y] == i) { auto_ = 1; break; }
        if (auto_ && !(t->outranking[top(w, i)] & ~home)) return i;
    }
    return -1;
}

/* Compact.settle_home, in place; the moves made are written to made (i, j pairs). */
static int settle_home(const Tables *t, Work *w, int16_t *made, int max_made) {
    if (!t->auto_sources.n && !t->outranked_auto.n) return 0;
    int nmade = 0;
    mask want[MAXP];
    int home[NCODE];
    for (;;) {
        mask wanted = t->dead_codes;
        for (int k = 0; k < t->foundations.n; k++) { want[k] = wants(t, w, t->foundations.v[k]); wanted |= want[k]; }
        int moved = 0;
        for (int a = 0; a < t->auto_sources.n; a++) {
            int i = t->auto_sources.v[a];
            int len = w->len[i];
            if (!len || w->down[i] >= len || (w->redeals != 0 && t->redealt[i])) continue;
            int c = w->c[i][len - 1];
            if (!(wanted & BIT(c))) continue;
            int j = -1;
            const IL *dh = &t->dead_homes[i];
            for (int k = 0; k < dh->n && j < 0; k++) {
                int d = dh->v[k];
                for (int x = 0; x < t->ndead; x++) if (t->dead_pile[x] == d && (t->dead_mask[x] & BIT(c))) { j = d; break; }
            }
            if (j < 0) {
                int hs[MAXP], hk[MAXP], nh = 0;
                const IL *hl = &t->homes[i];
                for (int k = 0; k < hl->n; k++) {
                    int f = hl->v[k], fk = -1;
                    for (int x = 0; x < t->foundations.n; x++) if (t->foundations.v[x] == f) { fk = x; break; }
                    if (fk >= 0 && (want[fk] & BIT(c)) && !barred(t, w, i, f)) { hs[nh] = f; hk[nh] = fk; nh++; }
                }
                if (!nh || t->home_group[hs[0]] != t->home_group[hs[nh - 1]]) continue;
                int counted = 0;
                if (t->copies[c] > 1 || t->loose_homes) {
                    goal_counts(t, w, home); counted = 1;
                    for (int k = 0; k < nh; k++) if (!races(t, want, hk[k], hs[k], home)) { j = hs[k]; break; }
                    if (j < 0) continue;
                } else {
                    j = hs[0];
                }
                if (t->deps[c].n) {
                    if (!counted) goal_counts(t, w, home);
                    int short_ = 0;
                    for (int k = 0; k < t->deps[c].n; k++) { int d = t->deps[c].v[k]; if (home[d] < t->copies[d]) { short_ = 1; break; } }
                    if (short_) continue;
                }
            }
            if (!pick_limit(t, w, i)) continue;
            advance(t, w, i, j, 1);
            if (nmade >= max_made) return -1;
            made[2 * nmade] = (int16_t)i; made[2 * nmade + 1] = (int16_t)j; nmade++;
            moved = 1;
            break;
        }
        if (!moved) {
            int i = outranks_nothing(t, w);
            if (i < 0) return nmade;
            advance(t, w, i, t->outranked_to, 1);
            if (nmade >= max_made) return -1;
            made[2 * nmade] = (int16_t)i; made[2 * nmade + 1] = (int16_t)t->outranked_to; nmade++;
        }
    }
}

/* Make a move: its steps through the stock (deals, redeals), then the move itself. */
static void apply_move(const Tables *t, Work *w, const CMove *m, const uint8_t *steps) {
    for (int k = 0; k < m->nsteps; k++) advance(t, w, steps[k] ? -2 : -1, steps[k] ? -2 : -1, 0);
    advance(t, w, m->i, m->j, m->n);
}
