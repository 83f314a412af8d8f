/* The compiled core of the solver: the compact model's moves and the best-first search of
 * engine.solver.search, for bulk runs.
 *
 * It holds no rule of its own. Everything a game's rules say arrives as the tables that
 * engine.solver.tables builds by asking the engine's rule functions (which cards fit on
 * which, which pairs make a run, what an empty pile takes, ...), serialised by
 * engine.solver.core into one array of integers read here in the same order. What is code
 * here is what is code in the compact model (engine.solver.legal, settle and model: how many
 * cards a supermove carries, what settles after a move, the canonical key, the score) and
 * engine.solver.search's search, followed step by step, so that both give the same verdict
 * after the same number of positions: tests/engine/test_core.py checks moves, positions,
 * keys, scores and verdicts against the pure-Python model, which stays the reference (and
 * what runs in the browser).
 *
 * A position is packed as bytes: redeals + 1 (0: no limit), deals (two bytes each), the
 * length and face-down count of each pile, then the cards of every pile in order.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 128 /* piles */
#define MAXC 112 /* cards in one pile (two packs and some) */
#define NCODE 52

typedef uint64_t mask;
#define BIT(c) ((mask)1 << (c))
#define ALL_CODES (BIT(NCODE) - 1)

enum { FOUNDATION, TABLEAU, RESERVE, CELL, STOCK, WASTE, DISCARD };
enum { P_NONE, P_TOP, P_RUN, P_SUPER };
enum { FIT_NONE, FIT_PLAIN, FIT_EITHER, FIT_HEIGHT };

typedef struct { int n; int *v; } IL; /* a small list of ints */

typedef struct {
    int kind, pick, max_cards, builds, fit_kind, heights, nways;
    uint8_t target[MAXP], empty_target[MAXP];
    int has_accepts; mask accepts;
    mask fit[NCODE], fit_up[NCODE], fit_down[NCODE], next[NCODE];
    mask *by_height; /* (heights + 1) * NCODE */
    mask links[2][NCODE];
    IL available_when, refill_from, refill_in_line, paired_by, suit_kept_by;
    int refill_until_deal, turn_up, after_stock, home_in_line, loose, base_stays;
    int has_first_homes; uint8_t first_home[MAXP];
    int symmetric_with;
    int has_founded; mask founded;
} Pile;

typedef struct { int a, b, dealt_to; } Span;

typedef struct {
    int n, total;
    int copies[NCODE];
    mask kings;
    IL goal, foundations, cells, spaces;
    int stock, waste, turns_again, through;
    IL deal_to; int new_pile_rank;
    int nrows; IL *rows;
    IL held_by, gather, blocked_by;
    uint8_t in_line_home[MAXP];
    int nspans; Span spans[MAXP];
    uint8_t in_order[MAXP], open_space[MAXP], flat[MAXP], is_space[MAXP], is_goal[MAXP];
    IL others, laid, sorted_piles;
    IL deps[NCODE];
    int home_group[MAXP];
    int loose_homes;
    int ndead; int dead_pile[MAXP]; mask dead_mask[MAXP];
    mask dead_codes;
    IL auto_sources; IL homes[MAXP]; IL dead_homes[MAXP];
    int has_lanes; int lane[NCODE], place[NCODE];
    int has_rule, draw, deal_to_waste, redeal_waste, last_resort, spec_redeals;
    Pile piles[MAXP];
    /* a pool for the lists */
    int *pool; size_t pool_used, pool_size;
    mask *mpool; size_t mpool_used, mpool_size;
} Tables;

/* A position being worked on. */
typedef struct {
    int redeals; /* -1: no limit */
    int deals;
    uint8_t len[MAXP], down[MAXP];
    _Alignas(8) uint8_t c[MAXP][MAXC]; /* MAXC a multiple of 8: piles are copied by words */
} Work;

/* ---- reading the tables --------------------------------------------------------------- */

typedef struct { const int64_t *v; Py_ssize_t n, at; int bad; } Reader;

static int64_t rd(Reader *r) {
    if (r->at >= r->n) { r->bad = 1; return 0; }
    return r->v[r->at++];
}

static IL rd_list(Reader *r, Tables *t) {
    IL l;
    l.n = (int)rd(r);
    if (l.n < 0 || t->pool_used + (size_t)l.n > t->pool_size) { r->bad = 1; l.n = 0; l.v = t->pool; return l; }
    l.v = t->pool + t->pool_used;
    t->pool_used += (size_t)l.n;
    for (int k = 0; k < l.n; k++) l.v[k] = (int)rd(r);
    return l;
}

static int pile_ok(int i, int n) { return i >= 0 && i < n; }

static void rd_flags(Reader *r, Tables *t, uint8_t *flags) {
    IL l = rd_list(r, t);
    memset(flags, 0, MAXP);
    for (int k = 0; k < l.n; k++) { if (pile_ok(l.v[k], t->n)) flags[l.v[k]] = 1; else r->bad = 1; }
}

static void rd_masks(Reader *r, mask *out) { for (int c = 0; c < NCODE; c++) out[c] = (mask)rd(r); }

static int read_tables(Tables *t, Reader *r) {
    t->n = (int)rd(r);
    if (t->n <= 0 || t->n > MAXP) return 0;
    t->total = (int)rd(r);
    for (int c = 0; c < NCODE; c++) t->copies[c] = (int)rd(r);
    t->kings = (mask)rd(r);
    t->goal = rd_list(r, t); t->foundations = rd_list(r, t); t->cells = rd_list(r, t); t->spaces = rd_list(r, t);
    memset(t->is_space, 0, MAXP); for (int k = 0; k < t->spaces.n; k++) t->is_space[t->spaces.v[k]] = 1;
    memset(t->is_goal, 0, MAXP); for (int k = 0; k < t->goal.n; k++) t->is_goal[t->goal.v[k]] = 1;
    t->stock = (int)rd(r); t->waste = (int)rd(r); t->turns_again = (int)rd(r); t->through = (int)rd(r);
    t->deal_to = rd_list(r, t); t->new_pile_rank = (int)rd(r);
    t->nrows = (int)rd(r);
    if (t->nrows < 0 || t->nrows > 64) return 0;
    t->rows = PyMem_Calloc((size_t)(t->nrows ? t->nrows : 1), sizeof(IL));
    if (!t->rows) return 0;
    for (int k = 0; k < t->nrows; k++) t->rows[k] = rd_list(r, t);
    rd_flags(r, t, t->in_line_home);
    t->held_by = rd_list(r, t); t->gather = rd_list(r, t); t->blocked_by = rd_list(r, t);
    t->nspans = (int)rd(r);
    if (t->nspans < 0 || t->nspans > MAXP) return 0;
    for (int k = 0; k < t->nspans; k++) { t->spans[k].a = (int)rd(r); t->spans[k].b = (int)rd(r); t->spans[k].dealt_to = (int)rd(r); }
    rd_flags(r, t, t->in_order);
    t->others = rd_list(r, t);
    rd_flags(r, t, t->open_space);
    t->laid = rd_list(r, t); t->sorted_piles = rd_list(r, t);
    rd_flags(r, t, t->flat);
    for (int c = 0; c < NCODE; c++) t->deps[c] = rd_list(r, t);
    for (int k = 0; k < t->foundations.n; k++) t->home_group[t->foundations.v[k]] = (int)rd(r);
    t->loose_homes = (int)rd(r);
    t->ndead = (int)rd(r);
    if (t->ndead < 0 || t->ndead > MAXP) return 0;
    for (int k = 0; k < t->ndead; k++) { t->dead_pile[k] = (int)rd(r); t->dead_mask[k] = (mask)rd(r); }
    t->dead_codes = (mask)rd(r);
    t->auto_sources = rd_list(r, t);
    for (int k = 0; k < t->auto_sources.n; k++) {
        int i = t->auto_sources.v[k];
        if (!pile_ok(i, t->n)) return 0;
        t->homes[i] = rd_list(r, t); t->dead_homes[i] = rd_list(r, t);
    }
    t->has_lanes = (int)rd(r);
    if (t->has_lanes) { for (int c = 0; c < NCODE; c++) t->lane[c] = (int)rd(r); for (int c = 0; c < NCODE; c++) t->place[c] = (int)rd(r); }
    t->has_rule = (int)rd(r); t->draw = (int)rd(r); t->deal_to_waste = (int)rd(r); t->redeal_waste = (int)rd(r);
    t->last_resort = (int)rd(r); t->spec_redeals = (int)rd(r);
    for (int i = 0; i < t->n; i++) {
        Pile *p = &t->piles[i];
        p->kind = (int)rd(r); p->pick = (int)rd(r);
        rd_flags(r, t, p->target); rd_flags(r, t, p->empty_target);
        p->max_cards = (int)rd(r);
        p->has_accepts = (int)rd(r); p->accepts = (mask)rd(r);
        p->builds = (int)rd(r); p->fit_kind = (int)rd(r);
        if (p->fit_kind == FIT_PLAIN) rd_masks(r, p->fit);
        else if (p->fit_kind == FIT_EITHER) { rd_masks(r, p->fit_up); rd_masks(r, p->fit_down); rd_masks(r, p->next); }
        else if (p->fit_kind == FIT_HEIGHT) {
            p->heights = (int)rd(r);
            size_t need = (size_t)(p->heights + 1) * NCODE;
            if (p->heights < 0 || t->mpool_used + need > t->mpool_size) return 0;
            p->by_height = t->mpool + t->mpool_used; t->mpool_used += need;
            for (size_t k = 0; k < need; k++) p->by_height[k] = (mask)rd(r);
        }
        p->nways = (int)rd(r);
        if (p->nways < 0 || p->nways > 2) return 0;
        for (int w = 0; w < p->nways; w++) rd_masks(r, p->links[w]);
        p->available_when = rd_list(r, t); p->refill_from = rd_list(r, t);
        p->refill_until_deal = (int)rd(r);
        p->refill_in_line = rd_list(r, t);
        p->turn_up = (int)rd(r); p->after_stock = (int)rd(r); p->home_in_line = (int)rd(r);
        p->paired_by = rd_list(r, t);
        p->loose = (int)rd(r); p->base_stays = (int)rd(r);
        p->has_first_homes = (int)rd(r);
        rd_flags(r, t, p->first_home);
        p->symmetric_with = (int)rd(r);
        p->suit_kept_by = rd_list(r, t);
        p->has_founded = (int)rd(r); p->founded = (mask)rd(r);
    }
    if (rd(r) != 0x5eed) r->bad = 1; /* the end mark */
    return !r->bad;
}

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
 * deals to them in order. */
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
        if (m == 1 || (sp->dealt_to && stock_left)) {
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
    return (size_t)(q - out);
}

static int won(const Tables *t, const Work *w) {
    int home = 0;
    for (int k = 0; k < t->goal.n; k++) home += w->len[t->goal.v[k]];
    return home == t->total;
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

static int run_length(const Tables *t, const Work *w, int i) {
    int len = w->len[i], up = len - w->down[i];
    if (up <= 0) return 0;
    const Pile *p = &t->piles[i];
    if (p->pick == P_TOP) return 1;
    int best = 1;
    for (int k = 0; k < p->nways; k++) {
        int n = 1;
        while (n < up && (p->links[k][w->c[i][len - n - 1]] & BIT(w->c[i][len - n]))) n++;
        if (n > best) best = n;
    }
    return best;
}

static int pick_limit(const Tables *t, const Work *w, int i) {
    const Pile *p = &t->piles[i];
    if (p->pick == P_NONE || !w->len[i]) return 0;
    if (p->available_when.n) {
        int all = 1;
        for (int k = 0; k < p->available_when.n; k++) if (!w->len[p->available_when.v[k]]) { all = 0; break; }
        if (all) return 0;
    }
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
                } else if (!rest && p->kind == q->kind && p->symmetric_with >= 0 && p->symmetric_with == q->symmetric_with) {
                    continue;
                } else {
                    if (moves_push(out, i, j, n, rest && rest <= rest_down ? 1 : q->kind == TABLEAU ? 4 : 5)) return -1;
                }
            }
        }
    }
    /* a stable sort by priority (insertion: lists are short) */
    for (int a = 1; a < out->n; a++) {
        CMove m = out->v[a];
        int b = a - 1;
        while (b >= 0 && out->v[b].prio > m.prio) { out->v[b + 1] = out->v[b]; b--; }
        out->v[b + 1] = m;
    }
    if (t->through) {
        if (through_stock(t, w, want_first, wnext, open, nopen, out)) return -1;
    } else if (t->has_rule && t->stock >= 0) {
        int slen = w->len[t->stock];
        int held = 0, blocked = 0;
        for (int k = 0; k < t->held_by.n; k++) if (w->len[t->held_by.v[k]]) { held = 1; break; }
        for (int k = 0; k < t->blocked_by.n; k++) if (!w->len[t->blocked_by.v[k]]) { blocked = 1; break; }
        if (slen && !held && !blocked && !(t->last_resort && legal) && (!t->nrows || w->deals < t->nrows))
            if (moves_push(out, -1, -1, 0, 9)) return -1;
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
        if (t->gather.n) {
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
    } else {
        memcpy(w->c[j] + w->len[j], w->c[i] + w->len[i] - n, (size_t)n);
        w->len[j] += (uint8_t)n; w->len[i] -= (uint8_t)n;
    }
    for (int k = 0; k < t->n; k++) {
        const Pile *p = &t->piles[k];
        if (w->down[k] && w->down[k] >= w->len[k]) w->down[k] = p->turn_up ? (uint8_t)(w->len[k] ? w->len[k] - 1 : 0) : w->len[k];
        if (p->refill_from.n && !w->len[k] && !(p->refill_until_deal && w->deals)) {
            for (int x = 0; x < p->refill_from.n; x++) {
                int s = p->refill_from.v[x];
                if (w->len[s]) { w->c[k][0] = w->c[s][--w->len[s]]; w->len[k] = 1; break; }
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

/* Compact.settle_home, in place; the moves made are written to made (i, j pairs). */
static int settle_home(const Tables *t, Work *w, int16_t *made, int max_made) {
    if (!t->auto_sources.n) return 0;
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
            if (!len || w->down[i] >= len) continue;
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
        if (!moved) return nmade;
    }
}

/* ---- the score ------------------------------------------------------------------------ */

static int disordered(const Tables *t, const Work *w) {
    int count = 0;
    for (int k = 0; k < t->sorted_piles.n; k++) {
        int i = t->sorted_piles.v[k];
        int len = w->len[i];
        if (len < 2) continue;
        int lows[NCODE + 1];
        for (int x = 0; x <= NCODE; x++) lows[x] = 99;
        for (int x = 0; x < len; x++) {
            int c = w->c[i][x], ln = t->lane[c];
            if (ln < 0) continue;
            int pl = t->place[c], low = lows[ln];
            if (low < pl) count++;
            else if (pl < low) lows[ln] = pl;
        }
    }
    return count;
}

static int stock_buried(int n, int waste, int turns_again) {
    if (turns_again) return n;
    return waste ? n * 2 : n / 2;
}

static int64_t score(const Tables *t, const Work *w, int disorder, int *unsorted_unseen) {
    int64_t buried = 0, home = 0;
    int turns_again = t->turns_again && w->redeals != 0;
    for (int k = 0; k < t->goal.n; k++) home += w->len[t->goal.v[k]];
    for (int k = 0; k < t->others.n; k++) {
        int i = t->others.v[k];
        int n = w->len[i];
        if (!n) { buried -= t->open_space[i] ? 3 : 1; continue; }
        const Pile *p = &t->piles[i];
        if (i == t->waste || i == t->stock) { buried += stock_buried(n, i == t->waste, turns_again); continue; }
        if (!p->nways || t->flat[i]) { buried += n; continue; }
        int j = n - 1;
        const mask *link = p->links[0];
        if (j > 0) {
            for (int x = 0; x < p->nways; x++) if (p->links[x][w->c[i][j - 1]] & BIT(w->c[i][j])) { link = p->links[x]; break; }
        }
        while (j > w->down[i] && (link[w->c[i][j - 1]] & BIT(w->c[i][j]))) j--;
        buried += j;
    }
    int64_t wanted = 0;
    mask seen_need[MAXP]; int seen_best[MAXP], nseen = 0;
    for (int k = 0; k < t->foundations.n; k++) {
        mask need = wants(t, w, t->foundations.v[k]);
        if (!need) continue;
        int best = -1;
        for (int x = 0; x < nseen; x++) if (seen_need[x] == need) { best = seen_best[x]; break; }
        if (best < 0) {
            best = 1 << 20;
            for (int x = 0; x < t->laid.n; x++) {
                int i = t->laid.v[x], len = w->len[i];
                for (int d = 0; d < len && d < best; d++) if (need & BIT(w->c[i][len - 1 - d])) { best = d; break; }
            }
            seen_need[nseen] = need; seen_best[nseen] = best; nseen++;
        }
        if (best < 1 << 20) wanted += best;
    }
    int64_t s = 3 * (t->total - home) + 2 * buried + wanted;
    if (disorder) s += (int64_t)disorder * disordered(t, w);
    else if (*unsorted_unseen && t->has_lanes && disordered(t, w)) *unsorted_unseen = 0;
    return s;
}

/* ---- the search ----------------------------------------------------------------------- */

typedef struct { int64_t score, tick; int64_t node; int32_t depth; } Entry;

typedef struct { Entry *v; size_t n, cap; } Heap;

static inline int before(const Entry *a, const Entry *b) { return a->score < b->score || (a->score == b->score && a->tick < b->tick); }

static int heap_push(Heap *h, Entry e) {
    if (h->n == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 1024;
        Entry *v = PyMem_Realloc(h->v, cap * sizeof(Entry));
        if (!v) return -1;
        h->v = v; h->cap = cap;
    }
    size_t k = h->n++;
    while (k) {
        size_t up = (k - 1) / 2;
        if (!before(&e, &h->v[up])) break;
        h->v[k] = h->v[up]; k = up;
    }
    h->v[k] = e;
    return 0;
}

static Entry heap_pop(Heap *h) {
    Entry out = h->v[0], last = h->v[--h->n];
    size_t k = 0, n = h->n;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&h->v[c + 1], &h->v[c])) c++;
        if (!before(&h->v[c], &last)) break;
        h->v[k] = h->v[c]; k = c;
    }
    if (n) h->v[k] = last;
    return out;
}

/* An arena of bytes that only grows. */
typedef struct { uint8_t *v; size_t n, cap; } Bytes;

static int64_t bytes_put(Bytes *b, const void *data, size_t len) {
    if (b->n + len > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1 << 14;
        while (cap < b->n + len) cap *= 2;
        uint8_t *v = PyMem_RawRealloc(b->v, cap);
        if (!v) return -1;
        b->v = v; b->cap = cap;
    }
    memcpy(b->v + b->n, data, len);
    int64_t at = (int64_t)b->n;
    b->n += len;
    return at;
}

typedef struct {
    int64_t parent;
    int64_t state, key, moves; /* offsets in the arenas */
    uint32_t key_len;
} Node;

typedef struct { uint64_t hash; int64_t node; } Slot;

typedef struct {
    Node *v; size_t n, cap;
    Slot *table; size_t tcap; /* open addressing: node index + 1, 0 empty */
    Bytes states, keys, moves;
} Seen;

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)n;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t x; memcpy(&x, p + k, 8);
        h = (h ^ x) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; k < n; k++) h = (h ^ p[k]) * 0x100000001b3ULL;
    h ^= h >> 32; h *= 0xd6e8feb86659fd93ULL; h ^= h >> 32;
    return h;
}

static int seen_grow(Seen *s) {
    size_t cap = s->tcap ? s->tcap * 2 : 1 << 10;
    Slot *table = PyMem_RawCalloc(cap, sizeof(Slot));
    if (!table) return -1;
    for (size_t k = 0; k < s->tcap; k++) {
        if (!s->table[k].node) continue;
        size_t at = s->table[k].hash & (cap - 1);
        while (table[at].node) at = (at + 1) & (cap - 1);
        table[at] = s->table[k];
    }
    PyMem_RawFree(s->table);
    s->table = table; s->tcap = cap;
    return 0;
}

/* Find the key; if absent, add a node for it (returns its index and *added = 1). */
static int64_t seen_add(Seen *s, const uint8_t *key, size_t klen, int *added) {
    if ((s->n + 1) * 2 > s->tcap && seen_grow(s)) return -1;
    uint64_t h = hash_bytes(key, klen);
    size_t at = h & (s->tcap - 1);
    while (s->table[at].node) {
        if (s->table[at].hash == h) {
            Node *nd = &s->v[s->table[at].node - 1];
            if (nd->key_len == klen && !memcmp(s->keys.v + nd->key, key, klen)) { *added = 0; return s->table[at].node - 1; }
        }
        at = (at + 1) & (s->tcap - 1);
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1 << 9;
        Node *v = PyMem_RawRealloc(s->v, cap * sizeof(Node));
        if (!v) return -1;
        s->v = v; s->cap = cap;
    }
    int64_t k = bytes_put(&s->keys, key, klen);
    if (k < 0) return -1;
    Node *nd = &s->v[s->n];
    nd->key = k; nd->key_len = (uint32_t)klen; nd->parent = -1; nd->state = -1; nd->moves = -1;
    s->table[at].node = (int64_t)s->n + 1; s->table[at].hash = h;
    *added = 1;
    return (int64_t)s->n++;
}

static void seen_free(Seen *s) {
    PyMem_RawFree(s->v); PyMem_RawFree(s->table);
    PyMem_RawFree(s->states.v); PyMem_RawFree(s->keys.v); PyMem_RawFree(s->moves.v);
}

/* A list of moves as int16s: count, then each as i, j, n, nsteps, steps... */
static int64_t put_moves(Bytes *b, const CMove *first, const uint8_t *steps_base, const int16_t *made, int nmade) {
    int16_t buf[4 + MAXSTEPS + 2 * 512 + 8];
    int at = 0;
    buf[at++] = (int16_t)((first ? 1 : 0) + nmade);
    if (first) {
        buf[at++] = first->i; buf[at++] = first->j; buf[at++] = first->n; buf[at++] = first->nsteps;
        for (int k = 0; k < first->nsteps; k++) buf[at++] = steps_base[(uintptr_t)first->steps + (size_t)k];
    }
    for (int k = 0; k < nmade && at + 4 < (int)(sizeof buf / sizeof buf[0]); k++) {
        buf[at++] = made[2 * k]; buf[at++] = made[2 * k + 1]; buf[at++] = 1; buf[at++] = 0;
    }
    return bytes_put(b, buf, (size_t)at * sizeof(int16_t));
}

/* ---- Python objects ------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Tables t;
    Moves mv;
} CoreObject;

static void core_dealloc(CoreObject *self) {
    PyMem_Free(self->t.pool); PyMem_Free(self->t.mpool); PyMem_Free(self->t.rows);
    PyMem_Free(self->mv.v); PyMem_Free(self->mv.steps);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    Py_buffer buf;
    if (!PyArg_ParseTuple(args, "y*", &buf)) return -1;
    if (buf.len % 8) { PyBuffer_Release(&buf); PyErr_SetString(PyExc_ValueError, "the tables are 64-bit integers"); return -1; }
    Reader r = { buf.buf, buf.len / 8, 0, 0 };
    Tables *t = &self->t;
    memset(t, 0, sizeof *t);
    t->pool_size = (size_t)r.n + 16; t->mpool_size = (size_t)r.n + 16;
    t->pool = PyMem_Calloc(t->pool_size, sizeof(int));
    t->mpool = PyMem_Calloc(t->mpool_size, sizeof(mask));
    int ok = t->pool && t->mpool && read_tables(t, &r);
    PyBuffer_Release(&buf);
    if (!ok) { PyErr_SetString(PyExc_ValueError, "the solver core's tables do not read as expected (engine/solver/core.py and engine/solver/_core.c disagree)"); return -1; }
    return 0;
}

/* A state from Python's form: (piles, down, redeals, deals). */
static int work_from(const Tables *t, PyObject *state, Work *w) {
    PyObject *piles, *down, *redeals, *deals;
    if (!PyArg_ParseTuple(state, "OOOO", &piles, &down, &redeals, &deals)) return -1;
    if (!PyTuple_Check(piles) || !PyTuple_Check(down) || PyTuple_GET_SIZE(piles) != t->n || PyTuple_GET_SIZE(down) != t->n) {
        PyErr_SetString(PyExc_ValueError, "a position of another game");
        return -1;
    }
    w->redeals = redeals == Py_None ? -1 : (int)PyLong_AsLong(redeals);
    w->deals = (int)PyLong_AsLong(deals);
    for (int i = 0; i < t->n; i++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, i);
        Py_ssize_t len = PyTuple_Size(pile);
        if (len < 0 || len > MAXC) { PyErr_SetString(PyExc_ValueError, "a pile too long for the core"); return -1; }
        w->len[i] = (uint8_t)len;
        for (Py_ssize_t k = 0; k < len; k++) w->c[i][k] = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(pile, k));
        w->down[i] = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(down, i));
    }
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *work_to(const Tables *t, const Work *w) {
    PyObject *piles = PyTuple_New(t->n), *down = PyTuple_New(t->n);
    if (!piles || !down) goto fail;
    for (int i = 0; i < t->n; i++) {
        PyObject *pile = PyTuple_New(w->len[i]);
        if (!pile) goto fail;
        for (int k = 0; k < w->len[i]; k++) PyTuple_SET_ITEM(pile, k, PyLong_FromLong(w->c[i][k]));
        PyTuple_SET_ITEM(piles, i, pile);
        PyTuple_SET_ITEM(down, i, PyLong_FromLong(w->down[i]));
    }
    PyObject *r = w->redeals < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(w->redeals);
    return Py_BuildValue("(NNNi)", piles, down, r, w->deals);
fail:
    Py_XDECREF(piles); Py_XDECREF(down);
    return NULL;
}

/* A move in Python's form: (i, j, n) or (i, j, n, steps), DEAL (-1, -1, 0), REDEAL (-2, -2, 0). */
static PyObject *move_obj(int i, int j, int n, int nsteps, const int16_t *steps16, const uint8_t *steps8) {
    if (!nsteps) return Py_BuildValue("(iii)", i, j, n);
    PyObject *st = PyTuple_New(nsteps);
    if (!st) return NULL;
    for (int k = 0; k < nsteps; k++) {
        int s = steps16 ? steps16[k] : steps8[k];
        PyTuple_SET_ITEM(st, k, s ? Py_BuildValue("(iii)", -2, -2, 0) : Py_BuildValue("(iii)", -1, -1, 0));
    }
    return Py_BuildValue("(iiiN)", i, j, n, st);
}

static int move_from(PyObject *move, CMove *m, uint8_t *steps) {
    PyObject *st = NULL;
    int i, j, n;
    if (!PyArg_ParseTuple(move, "iii|O", &i, &j, &n, &st)) return -1;
    m->i = (int16_t)i; m->j = (int16_t)j; m->n = (int16_t)n; m->nsteps = 0; m->steps = steps;
    if (st) {
        Py_ssize_t k = PyTuple_Size(st);
        if (k < 0 || k > MAXSTEPS) { PyErr_SetString(PyExc_ValueError, "too many steps through the stock"); return -1; }
        for (Py_ssize_t x = 0; x < k; x++) {
            int a, b, c;
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(st, x), "iii", &a, &b, &c)) return -1;
            steps[x] = a == -2;
        }
        m->nsteps = (uint8_t)k;
    }
    return 0;
}

static void apply_move(const Tables *t, Work *w, const CMove *m, const uint8_t *steps) {
    for (int k = 0; k < m->nsteps; k++) advance(t, w, steps[k] ? -2 : -1, steps[k] ? -2 : -1, 0);
    advance(t, w, m->i, m->j, m->n);
}

static PyObject *core_moves(CoreObject *self, PyObject *args) {
    PyObject *state; int shortcuts = 0;
    if (!PyArg_ParseTuple(args, "O|p", &state, &shortcuts)) return NULL;
    static Work w;
    if (work_from(&self->t, state, &w)) return NULL;
    self->mv.pruned = 0;
    if (list_moves(&self->t, &w, shortcuts, &self->mv)) return PyErr_NoMemory();
    PyObject *out = PyList_New(self->mv.n);
    if (!out) return NULL;
    for (int k = 0; k < self->mv.n; k++) {
        CMove *m = &self->mv.v[k];
        PyObject *o = move_obj(m->i, m->j, m->n, m->nsteps, NULL, self->mv.steps + (uintptr_t)m->steps);
        if (!o) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, k, o);
    }
    return Py_BuildValue("(Ni)", out, self->mv.pruned);
}

static PyObject *core_apply(CoreObject *self, PyObject *args) {
    PyObject *state, *move;
    if (!PyArg_ParseTuple(args, "OO", &state, &move)) return NULL;
    static Work w;
    uint8_t steps[MAXSTEPS];
    CMove m;
    if (work_from(&self->t, state, &w) || move_from(move, &m, steps)) return NULL;
    apply_move(&self->t, &w, &m, steps);
    int16_t made[2 * 512];
    int nmade = settle_home(&self->t, &w, made, 512);
    if (nmade < 0) { PyErr_SetString(PyExc_RuntimeError, "too many moves home at once"); return NULL; }
    PyObject *home = PyList_New(nmade);
    if (!home) return NULL;
    for (int k = 0; k < nmade; k++) PyList_SET_ITEM(home, k, Py_BuildValue("(iii)", made[2 * k], made[2 * k + 1], 1));
    return Py_BuildValue("(NN)", work_to(&self->t, &w), home);
}

static PyObject *core_key(CoreObject *self, PyObject *args) {
    PyObject *state;
    if (!PyArg_ParseTuple(args, "O", &state)) return NULL;
    static Work w;
    static uint8_t key[4 + MAXP * (2 + MAXC)];
    if (work_from(&self->t, state, &w)) return NULL;
    size_t n = make_key(&self->t, &w, key);
    return PyBytes_FromStringAndSize((const char *)key, (Py_ssize_t)n);
}

static PyObject *core_score(CoreObject *self, PyObject *args) {
    PyObject *state; int disorder = 0;
    if (!PyArg_ParseTuple(args, "O|i", &state, &disorder)) return NULL;
    static Work w;
    if (work_from(&self->t, state, &w)) return NULL;
    int unseen = 1;
    int64_t s = score(&self->t, &w, disorder, &unseen);
    return Py_BuildValue("(Li)", (long long)s, !unseen);
}

/* The line to a node: the moves of each step from the root, as Python moves. */
static PyObject *line_to(const Seen *s, int64_t node) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int64_t path_len = 0;
    for (int64_t k = node; s->v[k].parent >= 0; k = s->v[k].parent) path_len++;
    int64_t *path = PyMem_Malloc((size_t)(path_len + 1) * sizeof(int64_t));
    if (!path) { Py_DECREF(out); return PyErr_NoMemory(); }
    int64_t at = path_len;
    for (int64_t k = node; s->v[k].parent >= 0; k = s->v[k].parent) path[--at] = k;
    for (int64_t x = 0; x < path_len; x++) {
        const int16_t *q = (const int16_t *)(s->moves.v + s->v[path[x]].moves);
        int count = *q++;
        for (int k = 0; k < count; k++) {
            int i = q[0], j = q[1], n = q[2], ns = q[3];
            PyObject *o = move_obj(i, j, n, ns, q + 4, NULL);
            q += 4 + ns;
            if (!o || PyList_Append(out, o)) { Py_XDECREF(o); Py_DECREF(out); PyMem_Free(path); return NULL; }
            Py_DECREF(o);
        }
    }
    PyMem_Free(path);
    return out;
}

/* engine.solver.search.search over this model: (result, positions, line, best line, pruned,
 * unsorted_unseen), the lines without the moves home made at the start (the caller knows
 * them: ``settle_home`` of the start). result: 0 won, 1 lost, 2 unknown. */
static PyObject *core_search(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"start", "budget", "shortcuts", "more", "disorder", "widen", "unsorted_unseen", NULL};
    PyObject *start; long long budget, more = 0; int shortcuts = 1, disorder = 0, widen = 0, unsorted_unseen = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OL|pLiip", names, &start, &budget, &shortcuts, &more, &disorder, &widen, &unsorted_unseen))
        return NULL;
    const Tables *t = &self->t;
    Work *w = PyMem_Malloc(sizeof(Work)), *child = PyMem_Malloc(sizeof(Work));
    uint8_t *key = PyMem_Malloc(4 + MAXP * (2 + MAXC)), *packed = PyMem_Malloc(4 + MAXP * (2 + MAXC));
    Seen s; memset(&s, 0, sizeof s);
    Heap heap = {0}, waiting = {0};
    int64_t *expanded = NULL; size_t nexp = 0;
    Moves mv = {0};
    int pruned = 0, result = 2;
    int64_t positions = 1, best_node = 0, found = -1;
    int64_t best_score = 0; int have_best = 0;
    PyObject *ret = NULL;
    if (!w || !child || !key || !packed) { PyErr_NoMemory(); goto done; }
    if (work_from(t, start, w)) goto done;
    int16_t made[2 * 512];
    int nmade = settle_home(t, w, made, 512);
    if (nmade < 0) { PyErr_SetString(PyExc_RuntimeError, "too many moves home at once"); goto done; }
    int added;
    size_t klen = make_key(t, w, key);
    int64_t root = seen_add(&s, key, klen, &added);
    if (root < 0) { PyErr_NoMemory(); goto done; }
    if (won(t, w)) { result = 0; found = root; goto answer; }
    size_t plen = packed_size(t, w);
    pack(t, w, packed);
    if ((s.v[root].state = bytes_put(&s.states, packed, plen)) < 0) { PyErr_NoMemory(); goto done; }
    if (positions >= budget) goto answer;
    int64_t tick = 0;
    int64_t limit = widen ? widen : budget + 1;
    Entry e0 = { score(t, w, disorder, &unsorted_unseen), 0, root, 0 };
    if (heap_push(&heap, e0)) { PyErr_NoMemory(); goto done; }
    while (heap.n || waiting.n) {
        if (!heap.n) {
            /* the waiting entries come back; pushed one by one, the order is the same as heapify's
             * pops: (score, tick) is a total order */
            Heap tmp = heap; heap = waiting; waiting = tmp; waiting.n = 0;
            for (size_t a = heap.n; a-- > 0;) { /* re-heapify */
                size_t k = a;
                Entry e = heap.v[k];
                for (;;) {
                    size_t c = 2 * k + 1;
                    if (c >= heap.n) break;
                    if (c + 1 < heap.n && before(&heap.v[c + 1], &heap.v[c])) c++;
                    if (!before(&heap.v[c], &e)) break;
                    heap.v[k] = heap.v[c]; k = c;
                }
                heap.v[k] = e;
            }
            limit *= 2;
            memset(expanded, 0, nexp * sizeof(int64_t));
        }
        Entry e = heap_pop(&heap);
        if ((size_t)e.depth >= nexp) {
            size_t cap = nexp ? nexp * 2 : 256;
            while (cap <= (size_t)e.depth) cap *= 2;
            int64_t *x = PyMem_Realloc(expanded, cap * sizeof(int64_t));
            if (!x) { PyErr_NoMemory(); goto done; }
            memset(x + nexp, 0, (cap - nexp) * sizeof(int64_t));
            expanded = x; nexp = cap;
        }
        if (expanded[e.depth] >= limit) {
            if (heap_push(&waiting, e)) { PyErr_NoMemory(); goto done; }
            continue;
        }
        expanded[e.depth]++;
        unpack(t, s.states.v + s.v[e.node].state, w);
        mv.pruned = 0;
        if (list_moves(t, w, shortcuts, &mv)) { PyErr_NoMemory(); goto done; }
        if (mv.pruned) pruned = 1;
        for (int k = 0; k < mv.n; k++) {
            CMove *m = &mv.v[k];
            copy_work(t, w, child);
            const uint8_t *steps = mv.steps + (uintptr_t)m->steps;
            apply_move(t, child, m, steps);
            nmade = settle_home(t, child, made, 512);
            if (nmade < 0) { PyErr_SetString(PyExc_RuntimeError, "too many moves home at once"); goto done; }
            klen = make_key(t, child, key);
            int64_t node = seen_add(&s, key, klen, &added);
            if (node < 0) { PyErr_NoMemory(); goto done; }
            if (!added) continue;
            CMove local = *m;
            local.steps = (uint8_t *)(uintptr_t)((uintptr_t)m->steps);
            s.v[node].parent = e.node;
            if ((s.v[node].moves = put_moves(&s.moves, &local, mv.steps, made, nmade)) < 0) { PyErr_NoMemory(); goto done; }
            positions++;
            if (won(t, child)) { result = 0; found = node; goto answer; }
            int64_t sc = score(t, child, disorder, &unsorted_unseen);
            if (!have_best || sc < best_score) { have_best = 1; best_score = sc; best_node = node; }
            if (positions >= budget) {
                if (positions < more && disorder == 0 && unsorted_unseen) budget = more;
                else goto answer;
            }
            plen = packed_size(t, child);
            pack(t, child, packed);
            if ((s.v[node].state = bytes_put(&s.states, packed, plen)) < 0) { PyErr_NoMemory(); goto done; }
            tick--;
            Entry ce = { sc, tick, node, e.depth + 1 };
            if (heap_push(&heap, ce)) { PyErr_NoMemory(); goto done; }
        }
    }
    result = 1;
answer:
    {
        PyObject *line = result == 0 ? line_to(&s, found) : PyList_New(0);
        PyObject *best = result == 2 ? line_to(&s, best_node) : PyList_New(0);
        if (line && best) ret = Py_BuildValue("(iLNNii)", result, (long long)positions, line, best, pruned, unsorted_unseen);
        else { Py_XDECREF(line); Py_XDECREF(best); }
    }
done:
    PyMem_Free(w); PyMem_Free(child); PyMem_Free(key); PyMem_Free(packed);
    PyMem_Free(heap.v); PyMem_Free(waiting.v); PyMem_Free(expanded);
    PyMem_Free(mv.v); PyMem_Free(mv.steps);
    seen_free(&s);
    return ret;
}

static PyMethodDef core_methods[] = {
    {"moves", (PyCFunction)core_moves, METH_VARARGS, "moves(state, shortcuts=False) -> (moves, pruned): Compact.moves"},
    {"apply", (PyCFunction)core_apply, METH_VARARGS, "apply(state, move) -> (state, home moves): Compact.apply"},
    {"key", (PyCFunction)core_key, METH_VARARGS, "key(state) -> bytes: equal exactly when Compact.key is"},
    {"score", (PyCFunction)core_score, METH_VARARGS, "score(state, disorder=0) -> (score, disordered seen): Compact.score"},
    {"search", (PyCFunction)(void (*)(void))core_search, METH_VARARGS | METH_KEYWORDS,
     "search(start, budget, shortcuts=True, more=0, disorder=0, widen=0, unsorted_unseen=True) -> "
     "(result 0 won 1 lost 2 unknown, positions, line, best, pruned, unsorted_unseen): engine.solver.search.search"},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "engine.solver._core.Core",
    .tp_doc = "The compact model of one game, from the tables engine.solver.core builds.",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "engine.solver._core", "The solver's compiled core (see engine/solver/_core.c).", -1, NULL, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) { Py_DECREF(m); return NULL; }
    PyModule_AddIntConstant(m, "VERSION", 1);
    return m;
}
