/*
 * The turn kernel of the Dice Poker solver (turn_kernel.c), as the Python
 * module (_turn.c) calls it: the tables of one state space, and one call that
 * solves a range of filled sets.  Plain C, no Python: the module makes the
 * tables out of the arrays compiled.py gives it, and checks every index in
 * them once, so that the kernel never reads out of bounds.
 */
#ifndef DICELAB_TURN_KERNEL_H
#define DICELAB_TURN_KERNEL_H

#include <stdint.h>

#define DICE 5
#define KEEPS 462   /* keeps of 0..5 dice */
#define HANDS 252   /* keeps of 5 dice */
#define HAND0 210   /* where the hands start among the keeps */
#define ID_BITS 9   /* an encoded value's option id */
#define MAX_OPTIONS 256
#define MAX_GROUPS (1 << ID_BITS)
#define MAX_BOXES 20

/* where the keeps of each size start, in the keeps array (sizes 1 6 21 56 126 252) */
static const int level_start[DICE + 2] = {0, 1, 7, 28, 84, 210, 462};

static inline int level_size(int j) { return level_start[j + 1] - level_start[j]; }

/* The tables of one state space's turn (compiled.py says what each one is). */
typedef struct {
    int boxes, threshold, fifty_matters, poker, redo_five;
    double poker_bonus;
    int64_t states, options, groups, zeros, slot_count;
    const int64_t *start, *width, *potential, *order, *upper_bonus; /* the state space */
    const int8_t *rank;
    const uint8_t *reach;
    const int64_t *option_bit, *option_points; /* the options rows */
    const uint8_t *option_fifty;
    const int64_t *group_row, *zero, *slot_sizes, *slots, *to_lattice; /* score groups */
    const double *group_points;
    const int64_t *five_kind, *five_rows; /* the five-of-a-kind hands */
    const int64_t *children, *parents;    /* the keep lattice */
    int64_t parent_at[DICE + 1][DICE];    /* where each (size, row) starts in parents */
    int64_t parent_size[DICE + 1][DICE];
    const double *weights; /* probability of each first roll */
} TurnTables;

/* Solve the states of the filled sets order[first:last] (all of one layer),
 * reading the states one box further on from `values` and `seconds` and
 * writing theirs there; `legal` and `points` ((last - first) x 2 x 6 x boxes)
 * are the five-of-a-kind options of each filled set and poker flag, read
 * only when redo_five.  Returns how many states, or -1 out of memory. */
int64_t turn_solve(const TurnTables *k, double *values, double *seconds, int64_t first,
                   int64_t last, const uint8_t *legal, const double *points);

/* One state's turn, for the advisor: (filled, upper, flag) as the solver
 * stores it, `legal` and `points` (6 x boxes) its five-of-a-kind options (NULL
 * when not redo_five).  Writes into `out` the means of the options rows
 * (-inf: a filled box), of the 252 hands after the last roll, of the 210
 * smaller keeps with one roll left, then with two.  Returns 0, or -1 out of
 * memory. */
int turn_advise(const TurnTables *k, const double *values, const double *seconds, int64_t filled,
                int64_t upper, int64_t flag, const uint8_t *legal, const double *points,
                double *out);

#endif
