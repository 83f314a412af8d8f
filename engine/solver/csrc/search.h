/* The score and the best-first search's machinery (heap, arenas, the table of positions
 * seen): Compact.score and engine.solver.best_first.search. Part of _core.c. */
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

/* Compact.opinions' values that are not weights of the disorder term (engine.solver.model) */
#define STOCK_FIRST (-1)
#define BREAKS (-2)

static int stock_buried(int n, int waste, int turns_again, int stock_first) {
    if (turns_again) return n;
    return waste ? n * 2 : stock_first ? n : n / 2;
}

static int64_t score(const Tables *t, const Work *w, int disorder, int *unsorted_unseen) {
    if (t->one_pile.n) { /* won in one pile: each other pile, and each card of the stock, still to join it */
        int64_t piles = 0;
        for (int k = 0; k < t->one_pile.n; k++) if (w->len[t->one_pile.v[k]]) piles++;
        return 3 * (piles - 1 + (t->stock >= 0 ? w->len[t->stock] : 0));
    }
    int64_t buried = 0, home = home_count(t, w);
    int turns_again = t->turns_again && w->redeals != 0;
    for (int k = 0; k < t->others.n; k++) {
        int i = t->others.v[k];
        int n = w->len[i];
        if (!n) { buried -= t->open_space[i] ? 3 : 1; continue; }
        const Pile *p = &t->piles[i];
        if (i == t->waste || i == t->stock) { buried += stock_buried(n, i == t->waste, turns_again, disorder == STOCK_FIRST); continue; }
        if (!p->nways || t->flat[i]) { buried += n; continue; }
        if (disorder == BREAKS) { /* face-down cards, and each card not in run with the one under it */
            int b = w->down[i];
            for (int x = w->down[i] + 1; x < n; x++) b += !in_run(p, w->c[i][x - 1], w->c[i][x]);
            buried += b;
            continue;
        }
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
    if (disorder > 0) s += (int64_t)disorder * disordered(t, w);
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
