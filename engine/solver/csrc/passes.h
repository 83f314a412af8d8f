/* The scans of engine.solver.deep: passes of limited discrepancy, depth first, each
 * position's moves tried in an order: the greedy scan's, best-scored first; the depth-first
 * scan's, a player's (home first, then a card laid on one of its own lane that goes home
 * after it, ...; deep's docstring), among equals best-scored first. Followed step by step, as
 * search.h follows the best-first search, so that it sees the positions the scan in Python
 * sees, in the same order, and gives the same verdict after the same number
 * (tests/engine/test_core.py). Part of _core.c. */
/* ---- the passes ----------------------------------------------------------------------- */

#define PASSES_LAST 4 /* the last limited pass (deep.LAST); the one after has no limit */
/* deep's kinds of move, in the order tried: a gap of up to GAPS places ranks a lay by it */
#define GAPS 20
enum { K_HOME = 0, K_LATER = 1, K_UNKNOWN = 1 + GAPS, K_SPACE = 2 + GAPS, K_BURIES = 3 + 2 * GAPS };
#define NEVER 99 /* the wait of a card no foundation takes from where it stands */

/* A position's moves to try (deep._Passes._ranked): each move, its steps through the stock
 * (in the scan's steps arena), its kind and the score of the position it leads to (0 in the
 * depth-first scan for a move alone of its kind). */
typedef struct { int16_t i, j, n; uint8_t nsteps; int64_t steps; int32_t kind; int64_t score; int32_t index; } Kid;

/* A position on the way down: its node, the discrepancy it may still spend (``have``), its
 * packed state (in the states arena), and its moves still to try: kids[first .. first + left),
 * the next to try last. ``total``: how many it had, for each one's rank. Its kids' steps
 * through the stock begin at ``steps`` in the steps arena: the arenas unwind with the frames. */
typedef struct { int64_t node; int64_t have; int64_t state, steps; size_t first; int left, total; } Frame;

typedef struct {
    Frame *v; size_t n, cap;
    Kid *kids; size_t nkids, kids_cap;
    Bytes states, steps;
} Way;

/* Tried first: the lower kind, then the lower score; among equals, the later move (deep's
 * sort, reversed). */
static int kid_after(const void *a, const void *b) {
    const Kid *x = a, *y = b;
    if (x->kind != y->kind) return x->kind > y->kind ? -1 : 1;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

typedef struct {
    const Tables *t;
    int greedy, disorder, shortcuts, pruned;
    int waits[NCODE];
    Moves mv;
    Work *w, *child;
    int16_t made[2 * 512];
} Scan;

/* deep._Passes._waits: for each card, how many cards some foundation needs before it, the
 * fewest of any, as the foundations stand in ``w`` (NEVER where none takes it). */
static void find_waits(const Tables *t, const Work *w, int *waits) {
    for (int c = 0; c < NCODE; c++) waits[c] = NEVER;
    for (int k = 0; k < t->foundations.n; k++) {
        int f = t->foundations.v[k];
        const Pile *p = &t->piles[f];
        if (p->fit_kind != FIT_PLAIN) continue;
        int len = w->len[f];
        mask level;
        if (len) level = p->fit[w->c[f][len - 1]];
        else if (p->has_accepts && p->accepts) level = p->accepts;
        else { /* deep.starts_of: those its build follows from none */
            mask follow = 0, fits = 0;
            for (int c = 0; c < NCODE; c++) { follow |= p->fit[c]; if (p->fit[c]) fits |= BIT(c); }
            level = fits & ~follow;
        }
        mask seen = 0;
        for (int n = 0; level && len + n < p->max_cards; n++) {
            mask next = 0;
            for (mask m = level; m; m &= m - 1) {
                int c = __builtin_ctzll(m);
                if (n < waits[c]) waits[c] = n;
                next |= p->fit[c];
            }
            seen |= level;
            level = next & ~seen;
        }
    }
}

/* deep._kind, where no pile gives its cards only home: where the move from ``w`` to ``child``,
 * which sends no card home, stands in the depth-first scan's order. */
static int kind_of(const Tables *t, const Work *w, const Work *child, const int *waits) {
    for (int k = 0; k < t->laid.n; k++) {
        int i = t->laid.v[k], len = child->len[i];
        if (len <= w->len[i]) continue;
        int card = child->c[i][len - 1];
        if (len == 1) return K_SPACE;
        int below = child->c[i][len - 2];
        if (t->lane[card] < 0 || waits[card] >= NEVER || waits[below] >= NEVER) return K_UNKNOWN;
        int gap = waits[below] - waits[card];
        if (t->lane[below] == t->lane[card] && gap < 0) return K_BURIES;
        if (t->lane[below] == t->lane[card] && gap > 0) return K_LATER + (gap < GAPS - 1 ? gap : GAPS - 1);
        return K_UNKNOWN;
    }
    return K_UNKNOWN;
}

/* Push the frame of the position ``sc->w`` (``node`` in ``s``): its moves, ranked. Returns 1
 * where one of them wins (the won position's node in *won_node, its parent link set), else 0;
 * -1 out of memory, -2 too many moves home at once. */
static int push_frame(Scan *sc, Seen *s, Way *way, int64_t node, int64_t have, int64_t *won_node, uint8_t *key, uint8_t *packed) {
    const Tables *t = sc->t;
    int64_t steps_mark = (int64_t)way->steps.n;
    sc->mv.pruned = 0;
    if (list_moves(t, sc->w, sc->shortcuts, &sc->mv)) return -1;
    if (sc->mv.pruned) sc->pruned = 1;
    if (way->nkids + (size_t)sc->mv.n > way->kids_cap) {
        size_t cap = way->kids_cap ? way->kids_cap * 2 : 1024;
        while (cap < way->nkids + (size_t)sc->mv.n) cap *= 2;
        Kid *v = PyMem_RawRealloc(way->kids, cap * sizeof(Kid));
        if (!v) return -1;
        way->kids = v; way->kids_cap = cap;
    }
    size_t first = way->nkids;
    int home = 0;
    if (!sc->greedy) { home = home_count(t, sc->w); find_waits(t, sc->w, sc->waits); }
    for (int k = 0; k < sc->mv.n; k++) {
        CMove *m = &sc->mv.v[k];
        const uint8_t *steps = sc->mv.steps + (uintptr_t)m->steps;
        copy_work(t, sc->w, sc->child);
        apply_move(t, sc->child, m, steps);
        int nmade = settle_home(t, sc->child, sc->made, 512);
        if (nmade < 0) return -2;
        if (won(t, sc->child)) {
            int added;
            size_t klen = make_key(t, sc->child, key);
            int64_t at = seen_add(s, key, klen, &added);
            if (at < 0) return -1;
            CMove local = *m;
            local.steps = 0;
            s->v[at].parent = node;
            if ((s->v[at].moves = put_moves(&s->moves, &local, steps, sc->made, nmade)) < 0) return -1;
            *won_node = at;
            return 1;
        }
        Kid *kid = &way->kids[way->nkids++];
        kid->i = m->i; kid->j = m->j; kid->n = m->n; kid->nsteps = m->nsteps; kid->index = k;
        kid->steps = m->nsteps ? bytes_put(&way->steps, steps, m->nsteps) : 0;
        if (kid->steps < 0) return -1;
        int unseen = 1;
        kid->kind = sc->greedy || home_count(t, sc->child) > home ? K_HOME : kind_of(t, sc->w, sc->child, sc->waits);
        kid->score = score(t, sc->child, sc->disorder, &unseen);
    }
    if (!sc->greedy) { /* the score orders moves of one kind only: a move alone of its kind ranks by none */
        int count[K_BURIES + 1] = {0}; /* by kind */
        for (size_t a = first; a < way->nkids; a++) count[way->kids[a].kind]++;
        for (size_t a = first; a < way->nkids; a++) if (count[way->kids[a].kind] == 1) way->kids[a].score = 0;
    }
    qsort(way->kids + first, way->nkids - first, sizeof(Kid), kid_after);
    if (way->n == way->cap) {
        size_t cap = way->cap ? way->cap * 2 : 256;
        Frame *v = PyMem_RawRealloc(way->v, cap * sizeof(Frame));
        if (!v) return -1;
        way->v = v; way->cap = cap;
    }
    size_t plen = packed_size(t, sc->w);
    pack(t, sc->w, packed);
    int64_t at = bytes_put(&way->states, packed, plen);
    if (at < 0) return -1;
    Frame f = { node, have, at, steps_mark, first, (int)(way->nkids - first), (int)(way->nkids - first) };
    way->v[way->n++] = f;
    return 0;
}

static void pop_frame(Way *way) {
    Frame *f = &way->v[--way->n];
    way->nkids = f->first;
    way->states.n = (size_t)f->state;
    way->steps.n = (size_t)f->steps;
}

/* Grow the nodes' discrepancy left (deep's ``left``) to cover node ``k``. */
static int lefts_cover(int64_t **lefts, size_t *cap, int64_t k) {
    if ((size_t)k < *cap) return 0;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n <= (size_t)k) n *= 2;
    int64_t *v = PyMem_RawRealloc(*lefts, n * sizeof(int64_t));
    if (!v) return -1;
    for (size_t x = *cap; x < n; x++) v[x] = -1;
    *lefts = v; *cap = n;
    return 0;
}

/* Results of one pass. */
enum { PASS_WON, PASS_LOST, PASS_UNKNOWN, PASS_NONE, PASS_ERROR, PASS_HOME_ERROR };

/* One pass (deep._Passes.run): leaving the order at most ``limit`` times on a way down, with
 * ``*spent`` positions counted before it. On PASS_WON, *node is the won position's; on
 * PASS_UNKNOWN, the best-scored position's (-1: none). ``s`` is fresh for the pass. */
static int one_pass(Scan *sc, Seen *s, Way *way, const uint8_t *root_packed, int64_t limit, int64_t budget,
                       int64_t *spent, int64_t *node) {
    const Tables *t = sc->t;
    uint8_t key[4 + MAXP * (2 + MAXC)], packed[4 + MAXP * (2 + MAXC)];
    int64_t *lefts = NULL; size_t lcap = 0;
    int added, cut = 0, out = PASS_ERROR;
    int64_t best_node = -1, best_score = 0;
    sc->pruned = 0;
    way->n = 0; way->nkids = 0; way->states.n = 0; way->steps.n = 0;
    unpack(t, root_packed, sc->w);
    size_t klen = make_key(t, sc->w, key);
    int64_t root = seen_add(s, key, klen, &added);
    if (root < 0 || lefts_cover(&lefts, &lcap, root)) goto done;
    lefts[root] = limit;
    int r = push_frame(sc, s, way, root, limit, node, key, packed);
    if (r == 1) { ++*spent; out = PASS_WON; goto done; }
    if (r < 0) { out = r == -2 ? PASS_HOME_ERROR : PASS_ERROR; goto done; }
    while (way->n) {
        Frame *f = &way->v[way->n - 1];
        if (!f->left) { pop_frame(way); continue; }
        Kid *kid = &way->kids[f->first + (size_t)--f->left];
        int rank = f->total - 1 - f->left;
        int64_t more = rank ? f->have - 1 : f->have;
        if (more < 0) { cut = 1; f->left = 0; continue; }
        unpack(t, way->states.v + f->state, sc->w);
        CMove m = { kid->i, kid->j, kid->n, kid->nsteps, 0, NULL };
        const uint8_t *steps = way->steps.v + kid->steps;
        apply_move(t, sc->w, &m, steps);
        int nmade = settle_home(t, sc->w, sc->made, 512);
        if (nmade < 0) { out = PASS_HOME_ERROR; goto done; }
        klen = make_key(t, sc->w, key);
        int64_t at = seen_add(s, key, klen, &added);
        if (at < 0 || lefts_cover(&lefts, &lcap, at)) goto done;
        if (lefts[at] >= more) continue;
        lefts[at] = more;
        s->v[at].parent = f->node;
        if ((s->v[at].moves = put_moves(&s->moves, &m, steps, sc->made, nmade)) < 0) goto done;
        if (sc->greedy && (best_node < 0 || kid->score < best_score)) { best_node = at; best_score = kid->score; }
        ++*spent;
        if (*spent >= budget) { *node = best_node; out = PASS_UNKNOWN; goto done; }
        r = push_frame(sc, s, way, at, more, node, key, packed);
        if (r == 1) { ++*spent; out = PASS_WON; goto done; }
        if (r < 0) { out = r == -2 ? PASS_HOME_ERROR : PASS_ERROR; goto done; }
    }
    out = cut || (sc->shortcuts && sc->pruned) ? PASS_NONE : PASS_LOST;
done:
    PyMem_RawFree(lefts);
    return out;
}
