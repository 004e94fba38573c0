/*
 * The Python module of the solver's compiled turn kernel (turn_kernel.c; see
 * compiled.py): a type, Kernel, that holds the tables of one state space
 * (numpy arrays, through the buffer protocol: no numpy headers needed),
 * checks every size and index in them once, and runs the kernel on a range
 * of filled sets without the interpreter's lock.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "turn_kernel.h"

/* The tables, in the order the constructor takes them (their element types). */
enum {
    T_START,         /* int64 (2**boxes): flat index of each filled set's first state */
    T_WIDTH,         /* int64 (2**boxes): 2 where the poker flag is stored, else 1 */
    T_POTENTIAL,     /* int64 (2**boxes): 5 x faces of the open upper boxes */
    T_ORDER,         /* int64 (2**boxes): the filled sets in index order */
    T_RANK,          /* int8 (2**boxes, T + 1): rank of each reachable upper total */
    T_REACH,         /* bool (2**boxes, T + 1): the canonical reachable upper totals */
    T_UPPER_BONUS,   /* int64 (T + 31): the upper bonus of each upper total */
    T_OPTION_BIT,    /* int64 (R): the box of each options row, as a bit */
    T_OPTION_POINTS, /* int64 (R): the upper points it adds */
    T_OPTION_FIFTY,  /* bool (R): the poker box filled with 50 */
    T_GROUP_ROW,     /* int64 (G): the options row of each score group */
    T_GROUP_POINTS,  /* float64 (G): its points (lower boxes) */
    T_ZERO,          /* int64 (Z): the groups of 0 points */
    T_SLOT_SIZES,    /* int64 (K): how many hands have a k-th score group */
    T_SLOTS,         /* int64: per k, the k-th group of those hands (tables.py's order) */
    T_TO_LATTICE,    /* int64 (252): each hand of the keep lattice, in tables.py's order */
    T_FIVE_KIND,     /* int64 (6): the five-of-a-kind hands */
    T_FIVE_ROWS,     /* int64 (6 x boxes): options row of each face's five of a kind */
    T_CHILDREN,      /* int64 (6 x 210): per keep size 0..4, the keeps one die larger */
    T_PARENTS,       /* int64: per keep size 1..5 and row i, the keeps less the i-th face */
    T_PARENT_SIZES,  /* int64 (6 x 5): how many keeps of each size have row i */
    T_WEIGHTS,       /* float64 (252): probability of each first roll */
    N_TABLES
};

static const char *const table_names[N_TABLES] = {
    "start", "width", "potential", "order", "rank", "reach", "upper_bonus",
    "option_bit", "option_points", "option_fifty", "group_row", "group_points",
    "zero", "slot_sizes", "slots", "to_lattice", "five_kind", "five_rows", "children",
    "parents", "parent_sizes", "weights",
};

typedef struct {
    PyObject_HEAD
    Py_buffer held[N_TABLES]; /* the tables' memory, held while the kernel lives */
    int holding;              /* how many of `held` are filled */
    int ready;                /* the tables passed their checks */
    TurnTables t;             /* views of them */
} Kernel;

/* ---- the Python type ------------------------------------------------------------ */

static void Kernel_dealloc(Kernel *self)
{
    for (int i = 0; i < self->holding; i++)
        PyBuffer_Release(&self->held[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The table `i` as `count` items of `size` bytes (a ValueError otherwise). */
static const void *table(Kernel *self, int i, Py_ssize_t count, Py_ssize_t size)
{
    if (self->held[i].len != count * size) {
        PyErr_Format(PyExc_ValueError, "table %s: %zd bytes, not %zd", table_names[i],
                     self->held[i].len, count * size);
        return NULL;
    }
    return self->held[i].buf;
}

/* Whether the n int64 of `a` are all in 0 <= a < limit (a ValueError otherwise). */
static int within(const int64_t *a, Py_ssize_t n, int64_t limit, const char *name)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] < 0 || a[i] >= limit) {
            PyErr_Format(PyExc_ValueError, "table %s: %lld out of range", name, (long long)a[i]);
            return 0;
        }
    return 1;
}

/* Point the kernel's views at its tables, checking every size and index. */
static int check_tables(Kernel *self)
{
    Py_ssize_t sets = (Py_ssize_t)1 << self->t.boxes, rows = self->t.threshold + 1;
    Py_ssize_t R = self->held[T_OPTION_BIT].len / 8, G = self->held[T_GROUP_ROW].len / 8;
    Py_ssize_t Z = self->held[T_ZERO].len / 8, members = self->held[T_SLOTS].len / 8;
    Py_ssize_t K = self->held[T_SLOT_SIZES].len / 8;
    if (R > MAX_OPTIONS || G > MAX_GROUPS) {
        PyErr_SetString(PyExc_ValueError, "too many options or score groups");
        return -1;
    }
    self->t.options = R;
    self->t.groups = G;
    self->t.zeros = Z;
    if (!(self->t.start = table(self, T_START, sets, 8)) ||
        !(self->t.width = table(self, T_WIDTH, sets, 8)) ||
        !(self->t.potential = table(self, T_POTENTIAL, sets, 8)) ||
        !(self->t.order = table(self, T_ORDER, sets, 8)) ||
        !(self->t.rank = table(self, T_RANK, sets * rows, 1)) ||
        !(self->t.reach = table(self, T_REACH, sets * rows, 1)) ||
        !(self->t.upper_bonus = table(self, T_UPPER_BONUS, rows + 6 * DICE, 8)) ||
        !(self->t.option_bit = table(self, T_OPTION_BIT, R, 8)) ||
        !(self->t.option_points = table(self, T_OPTION_POINTS, R, 8)) ||
        !(self->t.option_fifty = table(self, T_OPTION_FIFTY, R, 1)) ||
        !(self->t.group_row = table(self, T_GROUP_ROW, G, 8)) ||
        !(self->t.group_points = table(self, T_GROUP_POINTS, G, 8)) ||
        !(self->t.zero = table(self, T_ZERO, Z, 8)) ||
        !(self->t.slot_sizes = table(self, T_SLOT_SIZES, K, 8)) ||
        !(self->t.slots = table(self, T_SLOTS, members, 8)) ||
        !(self->t.to_lattice = table(self, T_TO_LATTICE, HANDS, 8)) ||
        !(self->t.five_kind = table(self, T_FIVE_KIND, 6, 8)) ||
        !(self->t.five_rows = table(self, T_FIVE_ROWS, 6 * self->t.boxes, 8)) ||
        !(self->t.children = table(self, T_CHILDREN, 6 * HAND0, 8)) ||
        !(self->t.weights = table(self, T_WEIGHTS, HANDS, 8)))
        return -1;
    const int64_t *sizes = table(self, T_PARENT_SIZES, (DICE + 1) * DICE, 8);
    if (!sizes)
        return -1;
    Py_ssize_t at = 0;
    for (int j = 0; j <= DICE; j++)
        for (int i = 0; i < DICE; i++) {
            int64_t n = sizes[j * DICE + i];
            if (n < 0 || n > (j ? level_size(j) : 0)) {
                PyErr_SetString(PyExc_ValueError, "table parent_sizes: a row too long");
                return -1;
            }
            self->t.parent_at[j][i] = at;
            self->t.parent_size[j][i] = n;
            at += n;
        }
    if (!(self->t.parents = table(self, T_PARENTS, at, 8)))
        return -1;
    for (int j = 1; j <= DICE; j++)
        for (int i = 0; i < DICE; i++)
            if (!within(self->t.parents + self->t.parent_at[j][i], self->t.parent_size[j][i],
                        level_size(j - 1), "parents"))
                return -1;
    for (int j = 0; j < DICE; j++)
        if (!within(self->t.children + 6 * level_start[j], 6 * level_size(j), level_size(j + 1),
                    "children"))
            return -1;
    for (Py_ssize_t s = 0; s < sets; s++) { /* every index the kernel may read */
        int64_t width = self->t.width[s];
        if (width < 1 || width > 2 || self->t.start[s] < 0 || self->t.potential[s] < 0) {
            PyErr_SetString(PyExc_ValueError, "table start, width or potential: out of range");
            return -1;
        }
        for (Py_ssize_t u = 0; u < rows; u++) {
            int64_t rank = self->t.rank[s * rows + u];
            if (rank < 0 || self->t.start[s] + (rank + 1) * width > self->t.states) {
                PyErr_SetString(PyExc_ValueError, "table rank: a state beyond the states");
                return -1;
            }
        }
    }
    Py_ssize_t placed = 0;
    for (Py_ssize_t i = 0; i < K; i++)
        placed += self->t.slot_sizes[i] < 0 ? members + 1 : self->t.slot_sizes[i];
    if (placed != members) {
        PyErr_SetString(PyExc_ValueError, "table slot_sizes: not the slots' length");
        return -1;
    }
    self->t.slot_count = K;
    for (Py_ssize_t r = 0; r < R; r++)
        if (self->t.option_points[r] < 0 || self->t.option_points[r] > 6 * DICE ||
            self->t.option_fifty[r] > 1) {
            PyErr_SetString(PyExc_ValueError, "table option_points or option_fifty: out of range");
            return -1;
        }
    return within(self->t.order, sets, sets, "order")
                   && within(self->t.option_bit, R, sets, "option_bit") /* a box of the card */
                   && within(self->t.group_row, G, R, "group_row")
                   && within(self->t.zero, Z, G, "zero")
                   && within(self->t.slot_sizes, K, HANDS + 1, "slot_sizes")
                   && within(self->t.slots, members, G, "slots")
                   && within(self->t.to_lattice, HANDS, HANDS, "to_lattice")
                   && within(self->t.five_kind, 6, HANDS, "five_kind")
                   && within(self->t.five_rows, 6 * self->t.boxes, R, "five_rows")
               ? 0
               : -1;
}

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[N_TABLES + 8] = {
        "boxes", "threshold", "fifty_matters", "poker", "poker_bonus", "redo_five", "states",
    };
    for (int i = 0; i < N_TABLES; i++)
        keywords[7 + i] = (char *)table_names[i];
    for (int i = 0; i < self->holding; i++) /* __init__ called again */
        PyBuffer_Release(&self->held[i]);
    self->holding = 0;
    self->ready = 0;
    Py_buffer *h = self->held;
    Py_ssize_t states;
    if (!PyArg_ParseTupleAndKeywords(
            args, kwargs, "iiiidpny*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*y*:Kernel", keywords,
            &self->t.boxes, &self->t.threshold, &self->t.fifty_matters, &self->t.poker,
            &self->t.poker_bonus, &self->t.redo_five, &states, &h[0], &h[1], &h[2], &h[3], &h[4],
            &h[5], &h[6], &h[7], &h[8], &h[9], &h[10], &h[11], &h[12], &h[13], &h[14], &h[15],
            &h[16], &h[17], &h[18], &h[19], &h[20], &h[21]))
        return -1; /* the parser released what it had filled */
    self->holding = N_TABLES;
    self->t.states = states;
    if (self->t.boxes < 1 || self->t.boxes > MAX_BOXES || self->t.threshold < 0 ||
        self->t.threshold > 127 || self->t.poker >= self->t.boxes || self->t.poker < -1 ||
        self->t.fifty_matters < 0 || self->t.fifty_matters > 1 || states < 0) {
        PyErr_SetString(PyExc_ValueError, "a kernel setting out of range");
        return -1;
    }
    if (check_tables(self) < 0)
        return -1;
    self->ready = 1;
    return 0;
}

PyDoc_STRVAR(run_doc,
             "run(values, seconds, first, last, legal, points) -> states\n\n"
             "Solve the states of the filled sets order[first:last] (all of one layer),\n"
             "reading the states one box further on from `values` and `seconds` (float64,\n"
             "one per state) and writing theirs there.  `legal` (bool) and `points`\n"
             "(float64), (last - first, 2, 6, boxes) per filled set and poker flag, are\n"
             "rewards.five_kind_options (points x lower box); ignored (pass b\"\") when\n"
             "neither a joker nor a poker bonus changes a five of a kind (redo_five\n"
             "false).  Releases the GIL.");

static PyObject *Kernel_run(Kernel *self, PyObject *args)
{
    Py_buffer values, seconds, legal, points;
    Py_ssize_t first, last;
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "the kernel has no tables");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "w*w*nny*y*:run", &values, &seconds, &first, &last, &legal,
                          &points))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t sets = (Py_ssize_t)1 << self->t.boxes, per = 2 * 6 * self->t.boxes;
    int redo = self->t.redo_five;
    if (values.len != self->t.states * 8 || seconds.len != self->t.states * 8) {
        PyErr_SetString(PyExc_ValueError, "values and seconds: one float64 per state");
        goto done;
    }
    if (first < 0 || last < first || last > sets) {
        PyErr_SetString(PyExc_ValueError, "first:last is not a range of filled sets");
        goto done;
    }
    if (redo && (legal.len != (last - first) * per || points.len != (last - first) * per * 8)) {
        PyErr_SetString(PyExc_ValueError, "legal and points: (last - first, 2, 6, boxes)");
        goto done;
    }
    int64_t solved;
    Py_BEGIN_ALLOW_THREADS
    solved = turn_solve(&self->t, values.buf, seconds.buf, first, last, legal.buf, points.buf);
    Py_END_ALLOW_THREADS
    if (solved < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyLong_FromLongLong(solved);
done:
    PyBuffer_Release(&values);
    PyBuffer_Release(&seconds);
    PyBuffer_Release(&legal);
    PyBuffer_Release(&points);
    return result;
}

PyDoc_STRVAR(advise_doc,
             "advise(values, seconds, filled, upper, flag, legal, points, out)\n\n"
             "One state's turn, for the advisor: (filled, upper, flag) as the solver stores\n"
             "it (a reachable canonical upper total), `legal` and `points` its (6, boxes)\n"
             "five-of-a-kind options as for run (b\"\" when not redo_five).  Writes into\n"
             "`out` (float64) the means of the options rows, of the 252 hands after the\n"
             "last roll, of the 210 smaller keeps with one roll left, then with two.");

static PyObject *Kernel_advise(Kernel *self, PyObject *args)
{
    Py_buffer values, seconds, legal, points, out;
    long long filled, upper, flag;
    if (!self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "the kernel has no tables");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "y*y*LLLy*y*w*:advise", &values, &seconds, &filled, &upper,
                          &flag, &legal, &points, &out))
        return NULL;
    PyObject *result = NULL;
    const TurnTables *k = &self->t;
    Py_ssize_t sets = (Py_ssize_t)1 << k->boxes, per = 6 * k->boxes;
    Py_ssize_t size = (k->options + HANDS + 2 * HAND0) * 8;
    if (values.len != k->states * 8 || seconds.len != k->states * 8) {
        PyErr_SetString(PyExc_ValueError, "values and seconds: one float64 per state");
        goto done;
    }
    if (filled < 0 || filled >= sets || upper < 0 || upper > k->threshold || flag < 0 ||
        flag >= k->width[filled] || !k->reach[filled * (k->threshold + 1) + upper]) {
        PyErr_SetString(PyExc_ValueError, "(filled, upper, flag) is not a stored state");
        goto done;
    }
    if (k->redo_five && (legal.len != per || points.len != per * 8)) {
        PyErr_SetString(PyExc_ValueError, "legal and points: (6, boxes)");
        goto done;
    }
    if (out.len != size) {
        PyErr_Format(PyExc_ValueError, "out: %zd float64", size / 8);
        goto done;
    }
    if (turn_advise(k, values.buf, seconds.buf, filled, upper, flag,
                    k->redo_five ? legal.buf : NULL, k->redo_five ? points.buf : NULL,
                    out.buf) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&values);
    PyBuffer_Release(&seconds);
    PyBuffer_Release(&legal);
    PyBuffer_Release(&points);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef Kernel_methods[] = {
    {"run", (PyCFunction)Kernel_run, METH_VARARGS, run_doc},
    {"advise", (PyCFunction)Kernel_advise, METH_VARARGS, advise_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Kernel_doc,
             "Kernel(*, boxes, threshold, fifty_matters, poker, poker_bonus, redo_five,\n"
             "       states, <tables>): the turn kernel of one state space (compiled.py\n"
             "       builds the tables; they are checked here, and held, not copied).");

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dicelab.dice_poker.solver._turn.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Kernel_doc,
    .tp_methods = Kernel_methods,
    .tp_init = (initproc)Kernel_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_turn",
    "The compiled turn kernel of the Dice Poker solver (see turn_kernel.c).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__turn(void)
{
    if (PyType_Ready(&KernelType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
