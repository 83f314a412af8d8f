/* The solver core's types, and the tables read from engine.solver.core (one array of
 * integers in the order tables() writes them). Part of _core.c, which includes it. */

#define MAXP 128 /* piles */
#define MAXC 112 /* cards in one pile (two packs and some) */
#define NCODE 52
#define MAXTAKE 64 /* plans of a take-up redeal (one per redeal) */
#define MAXROWS 4 /* rows whose piles go onto the piles before them (Compact.before), rows that close their gaps */

typedef uint64_t mask;
#define BIT(c) ((mask)1 << (c))
#define ALL_CODES (BIT(NCODE) - 1)

enum { FOUNDATION, TABLEAU, RESERVE, CELL, STOCK, WASTE, DISCARD };
enum { P_NONE, P_TOP, P_RUN, P_SUPER, P_FACE_UP };
enum { FIT_NONE, FIT_PLAIN, FIT_EITHER, FIT_HEIGHT };

typedef struct { int n; int *v; } IL; /* a small list of ints */

typedef struct {
    int kind, pick, max_cards, builds, fit_kind, heights, nways;
    uint8_t target[MAXP], empty_target[MAXP];
    int has_accepts; mask accepts;
    mask fit[NCODE], fit_up[NCODE], fit_down[NCODE], next[NCODE];
    mask *by_height; /* (heights + 1) * NCODE */
    mask links[2][NCODE];
    IL available_when, covered_by, refill_from, refill_in_line, paired_by, suit_kept_by;
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
    int stock, waste, turns_again, through, talon_keyed;
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
    int pair_to; IL pair_sources; mask pair_alone, pair_with[NCODE]; /* Compact.pair_moves */
    int outranked_to; IL outranked_sources, outranked_auto; mask outranked_by[NCODE], outranking[NCODE]; /* Compact.outranked_moves */
    int has_rule, draw, deal_to_waste, redeal_waste, last_resort, spec_redeals;
    int ntake, take_bottom; IL take_taken[MAXTAKE], take_round[MAXTAKE]; /* Compact.take_up, by redeals left */
    uint8_t redealt[MAXP]; /* Compact.redealt: no card home by itself from these while a redeal is left */
    IL reshuffle_piles; int fans_of; /* Compact.reshuffle_piles, fans_of */
    IL swap_places, swap_rows; /* Compact.swap_places, swap_rows: lone cards that trade places */
    int nbefore; IL before_ids[MAXROWS], before_by[MAXROWS]; /* Compact.before: a row's piles and the offsets they go back by */
    int nclosing; IL closing[MAXROWS]; /* Compact.closing: rows that close their gaps after every move */
    int close_up; IL one_pile; /* Compact.close_up, one_pile */
    int has_near; IL pair_near[MAXP]; /* Compact.pair_near, by pile: only cards that touch pair */
    IL packet_sources, packet_places; int packet_pips, packet_total; /* Compact.packet_moves */
    uint8_t *shuf; int shuf_redeals, shuf_most; size_t shuf_per; /* Compact.shuffles (Core.shuffles), this deal's */
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
    t->talon_keyed = (int)rd(r);
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
    t->pair_to = (int)rd(r); t->pair_sources = rd_list(r, t); t->pair_alone = (mask)rd(r);
    for (int c = 0; c < NCODE; c++) t->pair_with[c] = (mask)rd(r);
    t->outranked_to = (int)rd(r); t->outranked_sources = rd_list(r, t); t->outranked_auto = rd_list(r, t);
    for (int c = 0; c < NCODE; c++) t->outranked_by[c] = (mask)rd(r);
    for (int c = 0; c < NCODE; c++) t->outranking[c] = (mask)rd(r);
    t->has_rule = (int)rd(r); t->draw = (int)rd(r); t->deal_to_waste = (int)rd(r); t->redeal_waste = (int)rd(r);
    t->last_resort = (int)rd(r); t->spec_redeals = (int)rd(r);
    t->ntake = (int)rd(r);
    if (t->ntake < 0 || t->ntake > MAXTAKE) return 0;
    for (int k = 0; k < t->ntake; k++) {
        t->take_taken[k] = rd_list(r, t); t->take_round[k] = rd_list(r, t);
        if (!t->take_round[k].n) return 0;
        for (int x = 0; x < t->take_taken[k].n; x++) if (!pile_ok(t->take_taken[k].v[x], t->n)) return 0;
        for (int x = 0; x < t->take_round[k].n; x++) if (!pile_ok(t->take_round[k].v[x], t->n)) return 0;
    }
    t->take_bottom = (int)rd(r);
    rd_flags(r, t, t->redealt);
    t->reshuffle_piles = rd_list(r, t); t->fans_of = (int)rd(r);
    if (t->reshuffle_piles.n && t->fans_of < 1) return 0;
    for (int x = 0; x < t->reshuffle_piles.n; x++) if (!pile_ok(t->reshuffle_piles.v[x], t->n)) return 0;
    t->swap_places = rd_list(r, t); t->swap_rows = rd_list(r, t);
    if (t->swap_places.n != t->swap_rows.n) return 0;
    for (int x = 0; x < t->swap_places.n; x++) if (!pile_ok(t->swap_places.v[x], t->n)) return 0;
    t->nbefore = (int)rd(r);
    if (t->nbefore < 0 || t->nbefore > MAXROWS) return 0;
    for (int k = 0; k < t->nbefore; k++) {
        t->before_ids[k] = rd_list(r, t); t->before_by[k] = rd_list(r, t);
        for (int x = 0; x < t->before_ids[k].n; x++) if (!pile_ok(t->before_ids[k].v[x], t->n)) return 0;
    }
    t->nclosing = (int)rd(r);
    if (t->nclosing < 0 || t->nclosing > MAXROWS) return 0;
    for (int k = 0; k < t->nclosing; k++) {
        t->closing[k] = rd_list(r, t);
        for (int x = 0; x < t->closing[k].n; x++) if (!pile_ok(t->closing[k].v[x], t->n)) return 0;
    }
    t->close_up = (int)rd(r);
    t->one_pile = rd_list(r, t);
    for (int x = 0; x < t->one_pile.n; x++) if (!pile_ok(t->one_pile.v[x], t->n)) return 0;
    t->has_near = (int)rd(r);
    for (int x = 0; x < t->pair_sources.n; x++) {
        int i = t->pair_sources.v[x];
        if (!pile_ok(i, t->n)) return 0;
        t->pair_near[i] = rd_list(r, t);
    }
    t->packet_sources = rd_list(r, t); t->packet_places = rd_list(r, t);
    t->packet_pips = (int)rd(r); t->packet_total = (int)rd(r);
    if (t->packet_sources.n > 14 || t->packet_pips < 0 || t->packet_pips > 8) return 0;
    for (int x = 0; x < t->packet_sources.n; x++) if (!pile_ok(t->packet_sources.v[x], t->n)) return 0;
    for (int x = 0; x < t->packet_places.n; x++) if (!pile_ok(t->packet_places.v[x], t->n)) return 0;
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
        p->available_when = rd_list(r, t); p->covered_by = rd_list(r, t); p->refill_from = rd_list(r, t);
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
