/* ini_optimize.c - the cheapest plan's inputs (MODEL.md, The cheapest plan):
 * [optimize]'s keys, the plan it searches, and its grid's checks. */
#include "load/ini.h"
#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(TCI_Z_COUNT <= TCI_D_COUNT + TCI_P_COUNT,
               "tci_ini_convert_pair's hint list holds [optimize]'s keys");

/* The line of [optimize]'s key `name` (its file made current), 0 when not
 * given. */
static int line_of(loader *L, const char *name)
{
    return tci_ini_section_key_at(L, SEC_OPTIMIZE, -1, name);
}

/* The header's line, its file made current. */
static int header(loader *L, const tco_optimize *z)
{
    L->cur = 0;
    return tci_ini_at_file(L, z->in_file, z->line);
}

/* `plan` resolved to a plan index, or the only plan; -1 (reported). */
static int resolve_plan(loader *L, const tco_optimize *z)
{
    const tco_scenario *s = L->s;
    if (!z->plan) {
        if (s->n_plans == 1)
            return 0;
        if (s->n_plans == 0)
            tci_ini_report(L, header(L, z), NULL,
                           "[optimize] needs a [plan NAME] whose counts it searches");
        else
            tci_ini_report(L, header(L, z), NULL,
                           "[optimize] needs 'plan': the scenario has %zu plans", s->n_plans);
        return -1;
    }
    const char *names[TCO_MAX_PLANS];
    for (size_t i = 0; i < s->n_plans; i++) {
        if (strcmp(s->plans[i].name, z->plan) == 0)
            return (int)i;
        names[i] = s->plans[i].name;
    }
    int line = line_of(L, "plan");
    const char *hint = tci_ini_closest(L, z->plan, names, s->n_plans);
    if (hint)
        tci_ini_report(L, line, NULL, "plan '%s' is not a [plan NAME]; did you mean '%s'?", z->plan,
                       hint);
    else
        tci_ini_report(L, line, NULL, "plan '%s' is not a [plan NAME]", z->plan);
    return -1;
}

/* One part's keys: errors when the plan lacks the part, or min > max. */
static void check_part(loader *L, int has_part, const char *part, const char *what, int lo, int hi)
{
    static const char *const suffix[] = {"min", "max", "step"};
    char key[32];
    int line;
    for (int i = 0; i < 3 && !has_part; i++) {
        snprintf(key, sizeof key, "%s_%s", part, suffix[i]);
        if ((line = line_of(L, key)) > 0)
            tci_ini_report(L, line, NULL,
                           "'%s' needs the plan to have '%s = OPTION' (%s): there is nothing "
                           "to search",
                           key, part, what);
    }
    snprintf(key, sizeof key, "%s_max", part);
    if (has_part && hi >= 0 && lo > hi && (line = line_of(L, key)) > 0)
        tci_ini_report(L, line, NULL, "'%s_min' (%d) is above '%s_max' (%d)", part, lo, part, hi);
}

/* The checks once the keys are read and the plan resolved. */
static void check_optimize(loader *L, tco_optimize *z)
{
    tco_scenario *s = L->s;
    if ((z->plan_i = resolve_plan(L, z)) < 0)
        return;
    const tco_plan *p = &s->plans[z->plan_i];
    if (!p->own && !p->reserve) {
        int line = line_of(L, "plan");
        tci_ini_report(L, line ? line : header(L, z), NULL,
                       "plan '%s' has no owned or reserved part: [optimize] searches "
                       "own_count and reserve_count",
                       p->name);
        return;
    }
    if (p->n_buys > 0) {
        int line = line_of(L, "plan");
        tci_ini_report(L, line ? line : header(L, z), NULL,
                       "plan '%s' buys in stages (buy_at): [optimize] searches own_count, "
                       "which such a plan does not have",
                       p->name);
        return;
    }
    check_part(L, p->own != NULL, "own", "a buy option", z->own_min, z->own_max);
    check_part(L, p->reserve != NULL, "reserve", "a reserved rent option", z->reserve_min,
               z->reserve_max);
    int line;
    if (z->objective == TCO_OBJECTIVE_AFTER_TAX_NPV && !s->tax &&
        (line = line_of(L, "objective")) > 0)
        tci_ini_report(L, line, NULL,
                       "objective = after_tax_npv needs a [tax] section with a rate");
    if ((p->own && p->own_i < 0) || (p->reserve && p->reserve_i < 0) || !s->demand ||
        s->demand->ref < 0)
        return; /* the grid's defaults need the plan's options and the demand */
    tco_optimize_result r;
    int which;
    double n = tci_optimize_grid(s, &r, &which);
    const int evals = tci_plan_evaluations(s, p); /* each candidate's (a refresh search) */
    if (n < 0)
        tci_ini_report(L, header(L, z), NULL,
                       "the peak demand needs more than %d %s GPUs: give '%s_max' (and a "
                       "larger '%s_step')",
                       TCI_OPTIMIZE_MAX_COUNT, which ? "reserved" : "owned",
                       which ? "reserve" : "own", which ? "reserve" : "own");
    else if (n > TCI_OPTIMIZE_MAX_CANDIDATES)
        tci_ini_report(L, header(L, z), NULL,
                       "[optimize] would search %.0f candidates (own_count %d..%d step %d, "
                       "reserve_count %d..%d step %d); the limit is %d: narrow the ranges or "
                       "give larger steps",
                       n, r.own_min, r.own_max, r.own_step, r.reserve_min, r.reserve_max,
                       r.reserve_step, TCI_OPTIMIZE_MAX_CANDIDATES);
    else if (n * evals * s->horizon_months > TCI_OPTIMIZE_MAX_WORK)
        tci_ini_report(L, header(L, z), NULL,
                       "[optimize] would compute %.0f plan-months: %.0f candidates (own_count "
                       "%d..%d step %d, reserve_count %d..%d step %d) x %d evaluations each "
                       "(plan '%s' chooses its refresh_month among them) x %d months; the "
                       "limit is %.0f: narrow the ranges, give larger steps, or a "
                       "refresh_month",
                       n * evals * s->horizon_months, n, r.own_min, r.own_max, r.own_step,
                       r.reserve_min, r.reserve_max, r.reserve_step, evals, p->name,
                       s->horizon_months, TCI_OPTIMIZE_MAX_WORK);
}

/* See ini.h. */
void tci_ini_read_optimize(loader *L)
{
    tco_scenario *s = L->s;
    const section *sec = NULL;
    for (size_t i = 0; i < L->n_sections && !sec; i++)
        if (L->sections[i].kind == SEC_OPTIMIZE && L->sections[i].valid)
            sec = &L->sections[i];
    if (!sec)
        return;
    tco_optimize *z = s->optimize = calloc(1, sizeof *s->optimize);
    if (!z) {
        L->nomem = 1;
        return;
    }
    tci_ini_apply_defaults(z, tci_optimize_key, TCI_Z_COUNT);
    z->plan_i = -1;
    z->line = sec->line;
    z->in_file = s->files[sec->file];
    for (size_t i = 0; i < L->n_entries; i++)
        if (L->sections[L->entries[i].section].kind == SEC_OPTIMIZE)
            tci_ini_convert_pair(L, &L->entries[i], z, tci_optimize_key, TCI_Z_COUNT, "optimize");
    check_optimize(L, z);
    L->cur = 0;
}
