/*
 * The compiled turn kernel of the Dice Poker solver (see compiled.py): one
 * turn (roll, keep, roll, keep, roll, box) for every state of a range of
 * filled sets, written straight into the flat arrays of values and second
 * moments, without the interpreter's lock, so that two threads use two cores.
 *
 * It is the numpy kernel of turn.py and lastroll.py, with the same tables
 * (built in Python by compiled.py from tables.py) and the same arithmetic in
 * the same order, so it finds the same values to the last bit and makes the
 * same choices:
 *
 *   - a choice is a maximum over *encoded* means: the lowest 12 bits of a
 *     float64 mean (>= 0, or -inf for no option) replaced by the option's id
 *     (9 bits) and preference rank (3 bits); positive floats sort like their
 *     bit patterns, so one maximum gives the best value and the option, ties
 *     going to the preferred one;
 *   - the value kept is then the chosen option's own, exact mean, and the
 *     second moment E[X^2] is read from the same option.
 *
 * Where numpy works on 128 states at a time, this works on two (LANES), in
 * the two lanes of GCC's (and Clang's) vector types: one instruction for
 * both, and a few KiB of work arrays that stay in the cache.  No Python here:
 * the module (_turn.c) checks the tables and calls turn_solve.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "turn_kernel.h"

#define ID_MASK ((INT64_C(1) << ID_BITS) - 1)
#define HIGH (~((INT64_C(1) << (ID_BITS + 3)) - 1)) /* the bits that are compared */
#define OWN (INT64_C(7) << ID_BITS)          /* a keep's own rank: above its sub-keeps' */
#define CLEAR_RANK (~OWN)

/* A mean with its lowest bits replaced by `rank`. */
static inline int64_t encode(double mean, int64_t rank)
{
    int64_t bits;
    memcpy(&bits, &mean, sizeof bits);
    return (bits & HIGH) | rank;
}

/* LANES states go through the turn together, one in each lane of GCC's
 * vector types (two float64 per 16 bytes: SSE2 on any x86-64, NEON on ARM);
 * every lane does the same arithmetic as the scalar code would. */
#define LANES 2
typedef double vec __attribute__((vector_size(8 * LANES)));
typedef int64_t ivec __attribute__((vector_size(8 * LANES)));

/* One state of a batch: where it is, where it goes, its five-of-a-kind options. */
typedef struct {
    int64_t filled, upper, flag, index;
    const uint8_t *legal; /* NULL: no joker nor poker bonus to redo */
    const double *points;
} State;

/* One thread's work arrays, for one batch of LANES states. */
typedef struct {
    vec om[MAX_OPTIONS], ov[MAX_OPTIONS]; /* per options row: mean, variance of the rest */
    vec gm[MAX_GROUPS], gv[MAX_GROUPS];   /* per score group: mean, variance */
    ivec code[MAX_GROUPS];                /* per score group: encoded mean */
    vec km[KEEPS], ks[KEEPS];             /* per keep: mean, second moment */
    vec hm[HANDS], hs[HANDS];             /* per hand, one roll more */
    ivec level[2][HANDS];                 /* encoded best keeps, two levels at a time */
} Work;

/* Encoded means in every lane. */
static inline ivec vencode(vec mean, ivec rank) { return ((ivec)mean & HIGH) | rank; }

/* In each lane, code a if it beats b, compared as the float64 they still
 * are: for codes >= 0 the same order as the integers' (SSE2 has no 64-bit
 * integer comparison).  A filled box's code, made from -inf, is a NaN as a
 * float64: never greater, so it is never taken when it is a.  On x86 one
 * instruction does just that (maxpd: a if a > b, else b). */
#if defined(__SSE2__) && LANES == 2
#include <emmintrin.h>
static inline ivec vmax(ivec a, ivec b) { return (ivec)_mm_max_pd((__m128d)a, (__m128d)b); }
#else
static inline ivec vmax(ivec a, ivec b)
{
    ivec take = (vec)a > (vec)b;
    return (a & take) | (b & ~take);
}
#endif

/* ---- after the last roll (lastroll.py) ------------------------------------------ */

/* The stored upper total of a filled set: capped at T, 0 once out of reach. */
static inline int64_t canonical(const TurnTables *k, int64_t filled, int64_t upper)
{
    int64_t t = k->threshold;
    if (upper >= t)
        return t;
    return upper + k->potential[filled] < t ? 0 : upper;
}

/* Per options row, in lane l: points + upper bonus + the value of the state
 * it leads to, and the variance of the rest of the game (a filled box: -inf
 * and 0). */
static void options(const TurnTables *k, Work *w, const double *values, const double *seconds,
                    const State *s, int l)
{
    int64_t rows = k->threshold + 1, filled = s->filled, upper = s->upper;
    for (int64_t r = 0; r < k->options; r++) {
        int64_t bit = k->option_bit[r];
        if (filled & bit) {
            w->om[r][l] = -INFINITY;
            w->ov[r][l] = 0.0;
            continue;
        }
        int64_t next = filled | bit, after = upper + k->option_points[r];
        int64_t f = k->option_fifty[r] ? k->fifty_matters : s->flag;
        int64_t width = k->width[next];
        int64_t index = k->start[next] + k->rank[next * rows + canonical(k, next, after)] * width
                        + (f & (width - 1));
        double value = values[index];
        int64_t points = k->option_points[r] + k->upper_bonus[after] - k->upper_bonus[upper];
        w->om[r][l] = (double)points + value;
        w->ov[r][l] = seconds[index] - value * value;
    }
}

/* Every hand's mean and second moment after the last roll, into km/ks[210:]:
 * the best of its score groups and of the best 0-point group (tables.py),
 * the k-th groups of all hands at a time.  Each hand has an open box among
 * them, so its best is never a filled box's. */
static void end_values(const TurnTables *k, Work *w)
{
    for (int64_t g = 0; g < k->groups; g++) {
        int64_t row = k->group_row[g];
        w->gm[g] = w->om[row] + k->group_points[g];
        w->gv[g] = w->ov[row];
        w->code[g] = vencode(w->gm[g], (ivec){0} | g);
    }
    const ivec *restrict code = w->code;
    ivec zero = (ivec)((vec){0} - INFINITY); /* a game may have no 0-point group */
    for (int64_t z = 0; z < k->zeros; z++)
        zero = vmax(code[k->zero[z]], zero);
    ivec *restrict best = w->level[0]; /* per hand, in the groups' order */
    for (int r = 0; r < HANDS; r++)
        best[r] = zero;
    const int64_t *restrict slot = k->slots;
    for (int64_t i = 0; i < k->slot_count; i++) {
        int64_t hands = k->slot_sizes[i];
        for (int64_t r = 0; r < hands; r++)
            best[r] = vmax(code[slot[r]], best[r]);
        slot += hands;
    }
    for (int h = 0; h < HANDS; h++) {
        for (int l = 0; l < LANES; l++) {
            int64_t g = best[k->to_lattice[h]][l] & ID_MASK;
            double mean = w->gm[g][l];
            w->km[HAND0 + h][l] = mean;
            w->ks[HAND0 + h][l] = w->gv[g][l] + mean * mean;
        }
    }
}

/* The six five-of-a-kind hands again in lane l, with the joker's options:
 * `legal` and `points` (6 x boxes) say where each may go and what a lower box
 * pays (rewards.five_kind_options); the first of the best boxes wins; then
 * the poker bonus, if the poker box holds 50. */
static void five_of_a_kind(const TurnTables *k, Work *w, const State *s, int l, double bonus)
{
    int boxes = k->boxes;
    for (int f = 0; f < 6; f++) {
        double mean = 0.0, rest = 0.0;
        int64_t best = 0;
        for (int b = 0; b < boxes; b++) {
            int64_t row = k->five_rows[f * boxes + b];
            int ok = s->legal[f * boxes + b];
            double cand = ok ? w->om[row][l] + s->points[f * boxes + b] : -INFINITY;
            int64_t code = encode(cand, boxes - b);
            if (b == 0 || code > best) {
                best = code;
                mean = cand;
                rest = ok ? w->ov[row][l] : 0.0;
            }
        }
        int64_t h = HAND0 + k->five_kind[f];
        w->km[h][l] = mean + bonus;
        w->ks[h][l] = mean * mean + rest + 2 * bonus * mean + bonus * bonus;
    }
}

/* ---- the rolls (turn.py) -------------------------------------------------------- */

/* Keeps of 0..4 dice (km/ks[:210]) when the hands are worth am/as after the
 * roll: K(k) = (sum over the six faces d of K(k + d)) / 6, level by level. */
static void average(const TurnTables *k, Work *w, const vec *am, const vec *as)
{
    for (int j = DICE - 1; j >= 0; j--) {
        int n = level_size(j);
        const int64_t *restrict child = k->children + 6 * level_start[j]; /* 6 x n */
        vec *restrict tm = w->km + level_start[j], *restrict ts = w->ks + level_start[j];
        for (int q = 0; q < n; q++) {
            vec m = am[child[q]], s = as[child[q]];
            for (int d = 1; d < 6; d++) {
                m += am[child[d * n + q]];
                s += as[child[d * n + q]];
            }
            tm[q] = m / 6;
            ts[q] = s / 6;
        }
        am = tm;
        as = ts;
    }
}

/* The best keep of every hand, then what each hand is worth (hm/hs): level
 * by level, M(k) = the first best of K(k), M(k less a 1), M(k less a 2), ...
 * (the i-th distinct face removed ranks 6 - i, below the keep's own 7). */
static void best_keeps(const TurnTables *k, Work *w)
{
    ivec *below = w->level[0], *current = w->level[1];
    const vec *km = w->km;
    below[0] = vencode(km[0], (ivec){0} | OWN);
    for (int j = 1; j <= DICE; j++) {
        int first = level_start[j], n = level_size(j);
        for (int q = 0; q < n; q++)
            current[q] = vencode(km[first + q], (ivec){0} | (OWN | (first + q)));
        for (int q = 0; q < level_size(j - 1); q++)
            below[q] &= CLEAR_RANK;
        for (int i = 0; i < DICE; i++) {
            const int64_t *restrict parent = k->parents + k->parent_at[j][i];
            ivec *restrict cur = current;
            const ivec *restrict from = below;
            int64_t rank = OWN - ((int64_t)(i + 1) << ID_BITS);
            int64_t size = k->parent_size[j][i];
            for (int64_t q = 0; q < size; q++)
                cur[q] = vmax(from[parent[q]] | rank, cur[q]);
        }
        ivec *done = current;
        current = below;
        below = done;
    }
    for (int h = 0; h < HANDS; h++)
        for (int l = 0; l < LANES; l++) {
            int64_t keep = below[h][l] & ID_MASK;
            w->hm[h][l] = km[keep][l];
            w->hs[h][l] = w->ks[keep][l];
        }
}

/* A batch of LANES states' turn: their values and second moments before the
 * first roll, written at their indices. */
static void turn(const TurnTables *k, Work *w, double *values, double *seconds, const State *batch)
{
    for (int l = 0; l < LANES; l++)
        options(k, w, values, seconds, &batch[l], l);
    end_values(k, w);
    for (int l = 0; l < LANES; l++) {
        const State *s = &batch[l];
        if (s->legal != NULL && (k->poker < 0 || (s->filled >> k->poker & 1)))
            five_of_a_kind(k, w, s, l, s->flag ? k->poker_bonus : 0.0);
    }
    average(k, w, w->km + HAND0, w->ks + HAND0); /* one roll left */
    best_keeps(k, w);
    average(k, w, w->hm, w->hs); /* two rolls left */
    best_keeps(k, w);
    vec m = {0}, s = {0}; /* hand by hand, in the numpy kernel's order */
    for (int h = 0; h < HANDS; h++) {
        m = m + k->weights[h] * w->hm[h];
        s = s + k->weights[h] * w->hs[h];
    }
    for (int l = 0; l < LANES; l++) { /* a batch padded with its last state: written twice */
        values[batch[l].index] = m[l];
        seconds[batch[l].index] = s[l];
    }
}

/* ---- one state, for the advisor -------------------------------------------------- */

int turn_advise(const TurnTables *k, const double *values, const double *seconds, int64_t filled,
                int64_t upper, int64_t flag, const uint8_t *legal, const double *points,
                double *out)
{
    Work *w = malloc(sizeof(Work));
    if (w == NULL)
        return -1;
    State s = {filled, upper, flag, 0, legal, points};
    for (int l = 0; l < LANES; l++) /* the same state in every lane */
        options(k, w, values, seconds, &s, l);
    end_values(k, w);
    if (legal != NULL && (k->poker < 0 || (filled >> k->poker & 1)))
        for (int l = 0; l < LANES; l++)
            five_of_a_kind(k, w, &s, l, flag ? k->poker_bonus : 0.0);
    for (int64_t r = 0; r < k->options; r++)
        *out++ = w->om[r][0];
    for (int h = 0; h < HANDS; h++)
        *out++ = w->km[HAND0 + h][0];
    average(k, w, w->km + HAND0, w->ks + HAND0); /* one roll left */
    for (int q = 0; q < HAND0; q++)
        *out++ = w->km[q][0];
    best_keeps(k, w);
    average(k, w, w->hm, w->hs); /* two rolls left */
    for (int q = 0; q < HAND0; q++)
        *out++ = w->km[q][0];
    free(w);
    return 0;
}

/* ---- a range of filled sets ------------------------------------------------------ */

int64_t turn_solve(const TurnTables *k, double *values, double *seconds, int64_t first,
                   int64_t last, const uint8_t *legal, const double *points)
{
    Work *w = malloc(sizeof(Work));
    if (w == NULL)
        return -1;
    int64_t solved = 0, rows = k->threshold + 1;
    State batch[LANES];
    int filling = 0;
    for (int64_t p = first; p < last; p++) {
        int64_t filled = k->order[p], width = k->width[filled];
        for (int64_t upper = 0; upper < rows; upper++) {
            if (!k->reach[filled * rows + upper])
                continue;
            for (int64_t flag = 0; flag < width; flag++) {
                State *s = &batch[filling++];
                s->filled = filled;
                s->upper = upper;
                s->flag = flag;
                s->index = k->start[filled] + k->rank[filled * rows + upper] * width + flag;
                s->legal = NULL;
                s->points = NULL;
                if (k->redo_five) {
                    int64_t at = ((p - first) * 2 + flag) * 6 * k->boxes;
                    s->legal = legal + at;
                    s->points = points + at;
                }
                solved++;
                if (filling == LANES) {
                    turn(k, w, values, seconds, batch);
                    filling = 0;
                }
            }
        }
    }
    if (filling > 0) { /* the last batch, padded */
        for (int l = filling; l < LANES; l++)
            batch[l] = batch[filling - 1];
        turn(k, w, values, seconds, batch);
    }
    free(w);
    return solved;
}
