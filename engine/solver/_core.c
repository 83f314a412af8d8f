/* The compiled core of the solver: the compact model's moves and the best-first search of
 * engine.solver.search, for bulk runs.
 *
 * It holds no rule of its own. Everything a game's rules say arrives as the tables that
 * engine.solver.tables builds by asking the engine's rule functions (which cards fit on
 * which, which pairs make a run, what an empty pile takes, ...), serialised by
 * engine.solver.core into one array of integers read here in the same order. What is code
 * here is what is code in the compact model (engine.solver.legal, settle and model: how many
 * cards a supermove carries, what settles after a move, the canonical key, the score) and
 * engine.solver.best_first's search, followed step by step, so that both give the same verdict
 * after the same number of positions: tests/engine/test_core.py checks moves, positions,
 * keys, scores and verdicts against the pure-Python model, which stays the reference (and
 * what runs in the browser).
 *
 * The parts, in the order included below (one translation unit, so the compiler still
 * inlines across them): csrc/tables.h, positions.h, moves.h, apply.h, search.h and
 * passes.h; this file holds the Python objects.
 *
 * A position is packed as bytes: redeals + 1 (0: no limit), deals (two bytes each), the
 * length and face-down count of each pile, then the cards of every pile in order.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/tables.h"
#include "csrc/positions.h"
#include "csrc/moves.h"
#include "csrc/apply.h"
#include "csrc/search.h"
#include "csrc/passes.h"

/* ---- Python objects ------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Tables t;
    Moves mv;
} CoreObject;

static void core_dealloc(CoreObject *self) {
    PyMem_Free(self->t.pool); PyMem_Free(self->t.mpool); PyMem_Free(self->t.rows); PyMem_Free(self->t.shuf);
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
    for (int64_t k = node; k >= 0; k = s->v[k].parent) path_len++; /* the start included: its moves home */
    int64_t *path = PyMem_Malloc((size_t)(path_len + 1) * sizeof(int64_t));
    if (!path) { Py_DECREF(out); return PyErr_NoMemory(); }
    int64_t at = path_len;
    for (int64_t k = node; k >= 0; k = s->v[k].parent) path[--at] = k;
    for (int64_t x = 0; x < path_len; x++) {
        if (s->v[path[x]].moves < 0) continue;
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

/* engine.solver.best_first.search over this model: (result, positions, line, best line, pruned,
 * unsorted_unseen), each line beginning with the moves home made at the start. result: 0 won,
 * 1 lost, 2 unknown. */
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
    if ((s.v[root].moves = put_moves(&s.moves, NULL, NULL, made, nmade)) < 0) { PyErr_NoMemory(); goto done; }
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

/* engine.solver.deep's scan of one opinion (``disorder``) from ``start``, a position already
 * settled: the greedy scan or, where each card has a lane home and no pile gives its cards
 * only home, the depth-first scan; its passes of limited discrepancy, at most ``budget``
 * positions over them all. Returns (result 0 won 1 lost 2 unknown, positions, line): won, the line to the
 * position won; unknown, the line to the last pass's best-scored position (None where it
 * scored none); lost, None. Lines begin after the start's moves home. */
static PyObject *core_passes(CoreObject *self, PyObject *args) {
    PyObject *start; long long budget; int disorder = 0, greedy = 1;
    if (!PyArg_ParseTuple(args, "OL|ip", &start, &budget, &disorder, &greedy)) return NULL;
    if (!greedy && !self->t.has_lanes) { PyErr_SetString(PyExc_ValueError, "the depth-first scan needs lanes home"); return NULL; }
    Scan sc; memset(&sc, 0, sizeof sc);
    sc.t = &self->t; sc.disorder = disorder; sc.greedy = greedy;
    sc.w = PyMem_Malloc(sizeof(Work)); sc.child = PyMem_Malloc(sizeof(Work));
    uint8_t *root = PyMem_Malloc(4 + MAXP * (2 + MAXC));
    Way way; memset(&way, 0, sizeof way);
    Seen s; memset(&s, 0, sizeof s);
    PyObject *ret = NULL;
    int64_t spent = 0, node = -1;
    int r = PASS_ERROR;
    if (!sc.w || !sc.child || !root) { PyErr_NoMemory(); goto done; }
    if (work_from(sc.t, start, sc.w)) goto done;
    pack(sc.t, sc.w, root);
    for (int64_t limit = 0;;) {
        sc.shortcuts = greedy && limit < budget; /* the greedy scan's last pass, without limit, takes none */
        seen_free(&s); memset(&s, 0, sizeof s);
        node = -1;
        r = one_pass(&sc, &s, &way, root, limit, budget, &spent, &node);
        if (r != PASS_NONE) break;
        limit = limit < PASSES_LAST ? (limit ? 2 * limit : 1) : budget;
    }
    if (r == PASS_ERROR) { PyErr_NoMemory(); goto done; }
    if (r == PASS_HOME_ERROR) { PyErr_SetString(PyExc_RuntimeError, "too many moves home at once"); goto done; }
    {
        PyObject *line = r == PASS_LOST || node < 0 ? Py_NewRef(Py_None) : line_to(&s, node);
        if (line) ret = Py_BuildValue("(iLN)", r == PASS_WON ? 0 : r == PASS_LOST ? 1 : 2, (long long)spent, line);
    }
done:
    PyMem_Free(sc.w); PyMem_Free(sc.child); PyMem_Free(root);
    PyMem_Free(sc.mv.v); PyMem_Free(sc.mv.steps);
    PyMem_RawFree(way.v); PyMem_RawFree(way.kids); PyMem_RawFree(way.states.v); PyMem_RawFree(way.steps.v);
    seen_free(&s);
    return ret;
}

/* Core.shuffles(orders, most): this deal's shuffles (Compact.shuffles), each redeal's orders for
 * 0, 1, ..., most cards one after another, as bytes. */
static PyObject *core_shuffles(CoreObject *self, PyObject *args) {
    Py_buffer buf; int most;
    if (!PyArg_ParseTuple(args, "y*i", &buf, &most)) return NULL;
    Tables *t = &self->t;
    size_t per = (size_t)most * (size_t)(most + 1) / 2;
    if (most < 0 || most > 2 * MAXC || t->spec_redeals < 1 || (size_t)buf.len != per * (size_t)t->spec_redeals) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "the shuffles do not fit the game's redeals");
        return NULL;
    }
    uint8_t *copy = PyMem_Malloc(buf.len ? (size_t)buf.len : 1);
    if (!copy) { PyBuffer_Release(&buf); return PyErr_NoMemory(); }
    memcpy(copy, buf.buf, (size_t)buf.len);
    PyBuffer_Release(&buf);
    PyMem_Free(t->shuf);
    t->shuf = copy; t->shuf_per = per; t->shuf_most = most; t->shuf_redeals = t->spec_redeals;
    Py_RETURN_NONE;
}

static PyMethodDef core_methods[] = {
    {"shuffles", (PyCFunction)core_shuffles, METH_VARARGS, "shuffles(orders, most): this deal's shuffles, Compact.shuffles"},
    {"moves", (PyCFunction)core_moves, METH_VARARGS, "moves(state, shortcuts=False) -> (moves, pruned): Compact.moves"},
    {"apply", (PyCFunction)core_apply, METH_VARARGS, "apply(state, move) -> (state, home moves): Compact.apply"},
    {"key", (PyCFunction)core_key, METH_VARARGS, "key(state) -> bytes: equal exactly when Compact.key is"},
    {"score", (PyCFunction)core_score, METH_VARARGS, "score(state, disorder=0) -> (score, disordered seen): Compact.score"},
    {"search", (PyCFunction)(void (*)(void))core_search, METH_VARARGS | METH_KEYWORDS,
     "search(start, budget, shortcuts=True, more=0, disorder=0, widen=0, unsorted_unseen=True) -> "
     "(result 0 won 1 lost 2 unknown, positions, line, best, pruned, unsorted_unseen): engine.solver.best_first.search"},
    {"passes", (PyCFunction)core_passes, METH_VARARGS,
     "passes(settled start, budget, disorder=0, greedy=True) -> (result 0 won 1 lost 2 unknown, positions, line or None): "
     "engine.solver.deep's greedy or depth-first scan of one opinion"},
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
    PyModule_AddIntConstant(m, "VERSION", 2);
    return m;
}
