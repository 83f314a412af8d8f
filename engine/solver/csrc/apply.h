/* Making a move: Compact.advance, the rows that close up after it, and settle_home (the
 * safe moves home). Part of _core.c, after moves.h. */
/* ---- making moves --------------------------------------------------------------------- */

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
