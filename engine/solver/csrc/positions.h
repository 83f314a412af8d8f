/* Positions (packed, unpacked, their canonical key) and what each pile takes now:
 * Compact.key, fit_set, accepts_now, run_length, pick_limit. Part of _core.c. */
/* ---- positions ------------------------------------------------------------------------ */

static size_t packed_size(const Tables *t, const Work *w) {
    size_t s = 4 + 2 * (size_t)t->n;
    for (int i = 0; i < t->n; i++) s += w->len[i];
    return s;
}

static void pack(const Tables *t, const Work *w, uint8_t *out) {
    int r = w->redeals + 1;
    out[0] = (uint8_t)(r & 0xff); out[1] = (uint8_t)(r >> 8);
    out[2] = (uint8_t)(w->deals & 0xff); out[3] = (uint8_t)(w->deals >> 8);
    uint8_t *q = out + 4;
    for (int i = 0; i < t->n; i++) *q++ = w->len[i];
    for (int i = 0; i < t->n; i++) *q++ = w->down[i];
    for (int i = 0; i < t->n; i++) { memcpy(q, w->c[i], w->len[i]); q += w->len[i]; }
}

static void unpack(const Tables *t, const uint8_t *in, Work *w) {
    w->redeals = (int)(in[0] | in[1] << 8) - 1;
    w->deals = in[2] | in[3] << 8;
    const uint8_t *q = in + 4;
    memcpy(w->len, q, (size_t)t->n); q += t->n;
    memcpy(w->down, q, (size_t)t->n); q += t->n;
    for (int i = 0; i < t->n; i++) { memcpy(w->c[i], q, w->len[i]); q += w->len[i]; }
}

static void copy_work(const Tables *t, const Work *from, Work *to) {
    to->redeals = from->redeals; to->deals = from->deals;
    memcpy(to->len, from->len, (size_t)t->n);
    memcpy(to->down, from->down, (size_t)t->n);
    for (int i = 0; i < t->n; i++) { /* whole words: no call per pile */
        const uint64_t *a = (const uint64_t *)(const void *)from->c[i];
        uint64_t *b = (uint64_t *)(void *)to->c[i];
        for (int k = 0, words = (from->len[i] + 7) >> 3; k < words; k++) b[k] = a[k];
    }
}

static inline int top(const Work *w, int i) { return w->c[i][w->len[i] - 1]; }

/* The canonical key (Compact.key): interchangeable piles sorted, unless the stock still
 * deals to them in order; a stock turned one at a time without limit read with its waste
 * as one line (Tables.talon_keyed). */
typedef struct { const uint8_t *cards; int len, down; } Rec;

static inline int rec_cmp(const Rec *a, const Rec *b) {
    if (a->len != b->len) return a->len - b->len;
    if (a->down != b->down) return a->down - b->down;
    return memcmp(a->cards, b->cards, (size_t)a->len);
}

static size_t make_key(const Tables *t, const Work *w, uint8_t *out) {
    int stock_left = t->stock >= 0 && w->len[t->stock] > 0;
    int r = w->redeals + 1, d = t->nrows ? w->deals : (w->deals < 1 ? w->deals : 1);
    uint8_t *q = out;
    *q++ = (uint8_t)(r & 0xff); *q++ = (uint8_t)(r >> 8); *q++ = (uint8_t)(d & 0xff); *q++ = (uint8_t)(d >> 8);
    Rec recs[MAXP];
    for (int s = 0; s < t->nspans; s++) {
        const Span *sp = &t->spans[s];
        int m = sp->b - sp->a;
        if (sp->dealt_to == 3) continue; /* UNKEYED: a pile left out of the key */
        if (sp->dealt_to == 4) { /* TOP_ONLY: a lone pile keyed by its top card alone */
            int i = sp->a, n = w->len[i];
            *q++ = (uint8_t)(n ? 1 : 0); *q++ = w->down[i];
            if (n) *q++ = w->c[i][n - 1];
            continue;
        }
        if (sp->dealt_to == 2) { /* TOPMOST: a lone pile keyed by its length and top card */
            int i = sp->a, n = w->len[i];
            *q++ = (uint8_t)n; *q++ = w->down[i];
            if (n) *q++ = w->c[i][n - 1];
        } else if (m == 1 || (sp->dealt_to && stock_left)) {
            for (int i = sp->a; i < sp->b; i++) {
                *q++ = w->len[i]; *q++ = w->down[i];
                memcpy(q, w->c[i], w->len[i]); q += w->len[i];
            }
        } else {
            for (int k = 0; k < m; k++) { recs[k].cards = w->c[sp->a + k]; recs[k].len = w->len[sp->a + k]; recs[k].down = w->down[sp->a + k]; }
            for (int a = 1; a < m; a++) { /* insertion: a handful of piles */
                Rec r0 = recs[a];
                int b = a - 1;
                while (b >= 0 && rec_cmp(&recs[b], &r0) > 0) { recs[b + 1] = recs[b]; b--; }
                recs[b + 1] = r0;
            }
            for (int k = 0; k < m; k++) {
                *q++ = (uint8_t)recs[k].len; *q++ = (uint8_t)recs[k].down;
                memcpy(q, recs[k].cards, (size_t)recs[k].len); q += recs[k].len;
            }
        }
    }
    if (t->talon_keyed) { /* the stock and waste as one line: the waste from its bottom, the stock from its top */
        int nw = w->len[t->waste], ns = w->len[t->stock];
        *q++ = (uint8_t)(nw + ns);
        memcpy(q, w->c[t->waste], (size_t)nw); q += nw;
        for (int k = ns - 1; k >= 0; k--) *q++ = w->c[t->stock][k];
    }
    return (size_t)(q - out);
}

/* Cards at home. */
static int home_count(const Tables *t, const Work *w) {
    int home = 0;
    for (int k = 0; k < t->goal.n; k++) home += w->len[t->goal.v[k]];
    return home;
}

static int won(const Tables *t, const Work *w) {
    if (t->one_pile.n) { /* every card in one pile of the row (Compact.won) */
        for (int k = 0; k < t->one_pile.n; k++) if (w->len[t->one_pile.v[k]] == t->total) return 1;
        return 0;
    }
    return home_count(t, w) == t->total;
}

/* ---- what piles take ------------------------------------------------------------------ */

static mask fit_set(const Tables *t, int i, const uint8_t *pile, int len) {
    const Pile *p = &t->piles[i];
    if (p->has_founded && !(p->founded & BIT(pile[0]))) return 0;
    switch (p->fit_kind) {
    case FIT_PLAIN: return p->fit[pile[len - 1]];
    case FIT_HEIGHT: return len <= p->heights ? p->by_height[(size_t)len * NCODE + pile[len - 1]] : 0;
    case FIT_EITHER:
        if (len >= 2) return ((p->next[pile[0]] & BIT(pile[1])) ? p->fit_up : p->fit_down)[pile[len - 1]];
        return p->fit_up[pile[len - 1]] | p->fit_down[pile[len - 1]];
    }
    return 0;
}

static int red(int c) { int s = c / 13; return s == 1 || s == 2; }

/* Compact.accepts_now: -1 in *none when the pile takes nothing. */
static mask accepts_now(const Tables *t, const Work *w, int j, int *none) {
    const Pile *p = &t->piles[j];
    *none = !p->has_accepts;
    if (*none) return 0;
    mask acc = p->accepts;
    if (p->paired_by.n) {
        int first = -1;
        for (int k = 0; k < p->paired_by.n; k++) { int q = p->paired_by.v[k]; if (w->len[q]) { first = w->c[q][0]; break; } }
        if (first >= 0) {
            int rd_ = red(first);
            mask out = 0;
            for (int c = 0; c < NCODE; c++)
                if ((acc & BIT(c)) && ((c % 13 == first % 13) == (red(c) == rd_))) out |= BIT(c);
            acc = out;
        }
    }
    if (!p->suit_kept_by.n) return acc;
    int taken = 0;
    for (int k = 0; k < p->suit_kept_by.n; k++) { int q = p->suit_kept_by.v[k]; if (w->len[q]) taken |= 1 << (w->c[q][0] / 13); }
    if (!taken) return acc;
    mask out = 0;
    for (int c = 0; c < NCODE; c++) if ((acc & BIT(c)) && !(taken & (1 << (c / 13)))) out |= BIT(c);
    return out;
}

static mask wants(const Tables *t, const Work *w, int f) {
    const Pile *p = &t->piles[f];
    if (w->len[f] >= p->max_cards) return 0;
    if (!w->len[f]) { int none; mask m = accepts_now(t, w, f, &none); return none ? 0 : m; }
    return p->builds ? fit_set(t, f, w->c[f], w->len[f]) : 0;
}

/* LegalMoves.ordered_length: the face-up cards at the top of pile i in order by its links. */
static int ordered_length(const Tables *t, const Work *w, int i) {
    int len = w->len[i], up = len - w->down[i];
    if (up <= 0) return 0;
    const Pile *p = &t->piles[i];
    int best = 1;
    for (int k = 0; k < p->nways; k++) {
        int n = 1;
        while (n < up && (p->links[k][w->c[i][len - n - 1]] & BIT(w->c[i][len - n]))) n++;
        if (n > best) best = n;
    }
    return best;
}

static int run_length(const Tables *t, const Work *w, int i) {
    int up = w->len[i] - w->down[i];
    if (up <= 0) return 0;
    const Pile *p = &t->piles[i];
    if (p->pick == P_TOP) return 1;
    if (p->pick == P_FACE_UP) return up;
    return ordered_length(t, w, i);
}

/* rules.covered: a card lies over it (overlapped_by). */
static int covered(const Pile *p, const Work *w) {
    for (int k = 0; k < p->covered_by.n; k++) if (w->len[p->covered_by.v[k]]) return 1;
    return 0;
}

static int pick_limit(const Tables *t, const Work *w, int i) {
    const Pile *p = &t->piles[i];
    if (p->pick == P_NONE || !w->len[i]) return 0;
    if (p->available_when.n) {
        int all = 1;
        for (int k = 0; k < p->available_when.n; k++) if (!w->len[p->available_when.v[k]]) { all = 0; break; }
        if (all) return 0;
    }
    if (covered(p, w)) return 0;
    if (p->base_stays && w->len[i] == 1) return 0;
    return run_length(t, w, i);
}

/* Compact._barred, as a test of one target. */
static int barred(const Tables *t, const Work *w, int i, int j) {
    const Pile *p = &t->piles[i], *q = &t->piles[j];
    if (q->kind != FOUNDATION) return 0;
    if (p->home_in_line >= 0 && t->stock >= 0 && w->len[t->stock] && j != p->home_in_line) return 1;
    if (p->has_first_homes && w->redeals == t->spec_redeals && !p->first_home[j]) return 1;
    return 0;
}

static int is_home(const Pile *p, const uint8_t *pile) {
    return p->kind == FOUNDATION && (!p->has_founded || (p->founded & BIT(pile[0])));
}

static int in_run(const Pile *p, int below, int card) {
    for (int k = 0; k < p->nways; k++) if (p->links[k][below] & BIT(card)) return 1;
    return 0;
}
