/* The moves of a position: Compact.moves and through_stock. Part of _core.c; making them
 * is apply.h. */
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
