/* table.c - the terminal comparison table. */
#include "cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A number with a fixed precision; "n/a" when there is none, "too many" when it
 * overflowed (a count of GPUs no number can hold), and three significant digits
 * when it is too large to read whole. */
static const char *num(char *buf, size_t size, double x, int decimals)
{
    if (isnan(x))
        snprintf(buf, size, "n/a");
    else if (isinf(x))
        snprintf(buf, size, "too many");
    else if (fabs(x) >= 1e15)
        snprintf(buf, size, "%.3g", x);
    else
        snprintf(buf, size, "%.*f", decimals, x);
    return buf;
}

/* The workload table: memory fit, then time and cost per run or per request. */
static void print_sizing(const tco_result *res, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    int training = s->mode == TCO_TRAINING;
    fprintf(out, "\nWorkload: %g parameters, %s, %.0f GB of memory needed\n\n", s->model_params,
            training ? "training" : "inference", res->options[0].sizing.memory_needed_gb);
    if (training)
        fprintf(out, "%-*s  %8s  %-13s %12s %14s %8s\n", idw, "option", "min GPUs", "fits",
                "days/run", "cost/run", "runs");
    else
        fprintf(out, "%-*s  %8s  %-13s %14s %14s %11s\n", idw, "option", "min GPUs", "fits",
                "per 1M tokens", "per 1k req", "GPUs needed");
    char a[40], b[40], c[40], d[40];
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        const tco_sizing *z = &res->options[i].sizing;
        const char *fits = z->fits < 0 ? "unknown" : z->fits ? "yes" : "NO (too small)";
        tco_fput_text(out, o->id, idw, 0);
        if (training)
            fprintf(out, "  %8s  %-13s %12s %14s %8s\n", num(a, sizeof a, z->min_gpus, 0), fits,
                    num(b, sizeof b, z->train_days, 1),
                    tco_group_thousands(c, sizeof c, z->cost_per_run, 0),
                    num(d, sizeof d, z->runs_in_horizon, 0));
        else
            fprintf(
                out, "  %8s  %-13s %14s %14s %11s\n", num(a, sizeof a, z->min_gpus, 0), fits,
                tco_format_sig(b, sizeof b, z->cost_per_million_tokens, TCO_UNIT_COST_DIGITS),
                tco_format_sig(c, sizeof c, z->cost_per_thousand_requests, TCO_UNIT_COST_DIGITS),
                num(d, sizeof d, z->gpus_needed, 0));
    }
}

/* Sensitivity (three largest drivers of each option), cases, Monte Carlo. */
/* Monte Carlo of the plans (MODEL.md, Monte Carlo): in file order, each plan's
 * total P10, P50, P90 and the share of samples in which it ranks first. */
static void print_mc_plans(const tco_result *res, const tco_analysis *a, FILE *out)
{
    const tco_scenario *s = res->scenario;
    int w = 4; /* "plan" */
    for (size_t i = 0; i < a->mc_n_plans; i++) {
        int len = tco_text_width(s->plans[i].name);
        w = len > w ? len : w;
    }
    if (!a->mc_n_plans)
        return;
    char x[40], y[40], z[40];
    fprintf(out, "  %-*s %14s %14s %14s %10s\n", w, "plan", "total P10", "P50", "P90", "best");
    for (size_t i = 0; i < a->mc_n_plans; i++) {
        const struct tco_mc_plan *m = &a->mc_plans[i];
        fputs("  ", out);
        tco_fput_text(out, s->plans[i].name, w, 0);
        fprintf(out, " %14s %14s %14s %9.1f%%\n", tco_group_thousands(x, sizeof x, m->total_p10, 0),
                tco_group_thousands(y, sizeof y, m->total_p50, 0),
                tco_group_thousands(z, sizeof z, m->total_p90, 0), m->p_best * 100);
    }
}

static void print_analysis(const tco_result *res, const tco_analysis *a, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    char x[40], y[40], z[40];
    fprintf(out,
            "\nSensitivity (each driver alone, %g%% either way unless a range is set): "
            "the three largest swings%s\n",
            s->swing * 100, res->baseline >= 0 ? " (buy options: against the baseline)" : "");
    for (size_t i = 0; i < res->n_options; i++) {
        fputs("  ", out);
        tco_fput_text(out, s->options[i].id, idw, 0);
        fputc(' ', out);
        /* A swing that rounds to 0 moves nothing: it is no driver. */
        int shown = 0;
        for (size_t d = 0; shown < 3 && d < a->n_drivers; d++) {
            const tco_sens_entry *e = &a->sens[i * a->n_drivers + d];
            if (!(fabs(e->swing) >= 0.5))
                continue;
            fputs(shown++ ? ", " : "", out);
            tco_fput_text(out, e->driver, 0, 0);
            fprintf(out, " %s", tco_group_thousands(x, sizeof x, e->swing, 0));
        }
        fputs(shown ? "\n" : "none\n", out);
    }
    if (a->n_cases) {
        fprintf(out, "\nCases: total cost\n  %-*s %14s", idw, "option", "base");
        for (size_t c = 0; c < a->n_cases; c++) {
            fputc(' ', out);
            tco_fput_text(out, s->cases[c].name, -14, 14);
        }
        fputc('\n', out);
        for (size_t i = 0; i < res->n_options; i++) {
            fputs("  ", out);
            tco_fput_text(out, s->options[i].id, idw, 0);
            fprintf(out, " %14s", tco_group_thousands(x, sizeof x, res->options[i].total, 0));
            for (size_t c = 0; c < a->n_cases; c++)
                fprintf(out, " %14s",
                        tco_group_thousands(x, sizeof x, a->cases[c]->options[i].total, 0));
            fputc('\n', out);
        }
    }
    if (a->mc_samples > 0) {
        fprintf(out, "\nMonte Carlo: %ld samples, seed %lu\n  %-*s %14s %14s %14s %10s %12s\n",
                a->mc_samples, a->mc_seed, idw, "option", "total P10", "P50", "P90", "cheapest",
                "beats base");
        for (size_t i = 0; i < res->n_options; i++) {
            const struct tco_mc_option *m = &a->mc[i];
            char pb[16] = "-";
            if (!isnan(m->p_beats_baseline))
                snprintf(pb, sizeof pb, "%.1f%%", m->p_beats_baseline * 100);
            fputs("  ", out);
            tco_fput_text(out, s->options[i].id, idw, 0);
            fprintf(out, " %14s %14s %14s %9.1f%% %12s\n",
                    tco_group_thousands(x, sizeof x, m->total_p10, 0),
                    tco_group_thousands(y, sizeof y, m->total_p50, 0),
                    tco_group_thousands(z, sizeof z, m->total_p90, 0), m->p_cheapest * 100, pb);
        }
        print_mc_plans(res, a, out);
    }
}

/* The options left out of the decision, each with its reason and the GPUs it
 * would need (MODEL.md, Feasibility). */
static void print_left_out(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    const char *sep = "Left out, not feasible: ";
    for (size_t i = 0; i < res->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        if (!r->infeasible)
            continue;
        double need = 0;
        if (r->infeasible & TCO_INFEASIBLE_MEMORY)
            need = r->sizing.min_gpus;
        if ((r->infeasible & TCO_INFEASIBLE_RATE) && !(r->sizing.gpus_needed <= need))
            need = r->sizing.gpus_needed;
        char a[40];
        fputs(sep, out);
        tco_fput_text(out, s->options[i].id, 0, 0);
        if (need > 0)
            fprintf(out, " (%s: %d GPU%s, %s needed)", r->infeasible_text, s->options[i].count,
                    s->options[i].count == 1 ? "" : "s",
                    isinf(need) ? "too many to count" : num(a, sizeof a, need, 0));
        else
            fprintf(out, " (%s)", r->infeasible_text);
        sep = "; ";
    }
    if (strcmp(sep, "; ") == 0)
        fputs(".\n", out);
}

/* The words of rank_by: "total", "NPV", "after-tax NPV". */
static const char *rank_by_words(tco_rank_by by)
{
    return by == TCO_RANK_NPV ? "NPV" : by == TCO_RANK_AFTER_TAX_NPV ? "after-tax NPV" : "total";
}

/* What option result r is ranked by (rank_by). */
static double rank_value(const tco_option_result *r, tco_rank_by by)
{
    return by == TCO_RANK_NPV ? r->npv : by == TCO_RANK_AFTER_TAX_NPV ? r->after_tax_npv : r->total;
}

/* The headline when the scenario ranks by the NPV or the after-tax NPV: the
 * best feasible option by it and what it saves against the next feasible one
 * in rank order. */
static void print_best(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    char a[40];
    fprintf(out, "\nBest by %s: ", rank_by_words(s->rank_by));
    if (res->best < 0) {
        fputs("none, no option is feasible.\n", out);
        return;
    }
    int next = -1;
    for (size_t k = 0; k < res->n_options && next < 0; k++) {
        size_t i = res->rank[k];
        if ((int)i != res->best && !res->options[i].infeasible)
            next = (int)i;
    }
    tco_fput_text(out, s->options[res->best].id, 0, 0);
    fputs(" (", out);
    tco_fput_text(out, s->options[res->best].label, 0, 0);
    if (next < 0) {
        fputs("), the only feasible option.\n", out);
        return;
    }
    double gap = rank_value(&res->options[next], s->rank_by) -
                 rank_value(&res->options[res->best], s->rank_by);
    fprintf(out, "), %s ", tco_group_thousands(a, sizeof a, gap, 0));
    tco_fput_text(out, s->currency, 0, 0);
    fputs(" less than ", out);
    tco_fput_text(out, s->options[next].id, 0, 0);
    fprintf(out, " in %s over %d months.\n", rank_by_words(s->rank_by), s->horizon_months);
}

/* The options marked '*' in the table, each with the keys it leaves out
 * (MODEL.md, Completeness). */
static void print_incomplete(const tco_scenario *s, FILE *out)
{
    int any = 0;
    for (size_t i = 0; i < s->n_options; i++) {
        tco_missing miss[TCO_MISSING_MAX];
        size_t n = tco_option_missing(s, &s->options[i], miss);
        if (!n)
            continue;
        fputs(any++ ? "; " : "* incomplete: ", out);
        tco_fput_text(out, s->options[i].id, 0, 0);
        for (size_t k = 0; k < n; k++)
            fprintf(out, "%s%s", k ? ", " : " (no ", tco_missing_key(&miss[k]));
        fputc(')', out);
    }
    if (any)
        fputs(", as the warnings say\n", out);
}

/* Each option whose catalog price a discount changed or whose offer was
 * picked by offer = cheapest: the offer, how many were compared, the
 * discount (MODEL.md, The cheapest offer, Negotiated discounts). */
static void print_offers(const tco_scenario *s, FILE *out)
{
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        if (!o->offer_entry || (!o->offer_candidates && !o->discount))
            continue;
        tco_fput_text(out, o->id, 0, 0);
        fputs(": ", out);
        if (o->offer_candidates == 1)
            fputs("offer = cheapest, the one matching offer: ", out);
        else if (o->offer_candidates)
            fprintf(out, "offer = cheapest of %d offers: ", o->offer_candidates);
        tco_fput_text(out, o->offer_entry->id, 0, 0);
        if (o->discount > 0 && (size_t)o->discount <= s->n_discounts) {
            const tco_discount *d = &s->discounts[o->discount - 1];
            fprintf(out, ", %g%% %s by [discount ", fabs(d->fraction) * 100,
                    d->fraction < 0 ? "marked up" : "off");
            tco_fput_text(out, d->name, 0, 0);
            fputc(']', out);
        }
        fputc('\n', out);
    }
}

/* The decision: the best feasible option by rank_by (the cheapest, unless the
 * scenario ranks by another figure) and what it saves against the next
 * feasible one, the options left out and why, the lowest cost per unit of
 * work among feasible options. */
static void print_decision(const tco_result *res, FILE *out, const tco_unit_scale *scale,
                           const char *ps)
{
    const tco_scenario *s = res->scenario;
    int any_left_out = 0;
    for (size_t i = 0; i < res->n_options; i++)
        any_left_out |= res->options[i].infeasible != 0;
    char a[40];
    if (s->rank_by != TCO_RANK_TOTAL && (s->n_options > 1 || any_left_out)) {
        print_best(res, out);
        print_left_out(res, out);
    } else if (s->n_options > 1 || any_left_out) {
        fputs("\nCheapest: ", out);
        if (res->cheapest < 0) {
            fputs("none, no option is feasible.\n", out);
        } else {
            const tco_option *best = &s->options[res->cheapest];
            const tco_option_result *rb = &res->options[res->cheapest];
            int next = -1; /* the next feasible option by total */
            for (size_t k = 0; k < res->n_options && next < 0; k++) {
                size_t i = res->rank[k];
                if ((int)i != res->cheapest && !res->options[i].infeasible)
                    next = (int)i;
            }
            tco_fput_text(out, best->id, 0, 0);
            fputs(" (", out);
            tco_fput_text(out, best->label, 0, 0);
            if (next < 0) {
                fputs("), the only feasible option.\n", out);
            } else {
                fprintf(out, "), %s ",
                        tco_group_thousands(a, sizeof a, res->options[next].total - rb->total, 0));
                tco_fput_text(out, s->currency, 0, 0);
                fputs(" less than ", out);
                tco_fput_text(out, s->options[next].id, 0, 0);
                fprintf(out, " over %d months.\n", s->horizon_months);
            }
        }
        print_left_out(res, out);
    }
    if (scale) { /* some option has a cost per unit of work */
        fputs("Lowest cost per ", out);
        tco_fput_text(out, s->unit, 0, 0);
        fputs(": ", out);
        if (res->lowest_cost_per_unit < 0) {
            fputs("none among feasible options.\n", out);
            return;
        }
        tco_fput_text(out, s->options[res->lowest_cost_per_unit].id, 0, 0);
        fprintf(out, ", %s ",
                tco_format_sig(a, sizeof a,
                               res->options[res->lowest_cost_per_unit].cost_per_unit * scale->per,
                               TCO_UNIT_COST_DIGITS));
        tco_fput_text(out, s->currency, 0, 0);
        if (scale->per > 1) {
            fprintf(out, " per %s", scale->prefix);
            tco_fput_text(out, s->unit, 0, 0);
            fputs(ps, out);
        }
        fputs(".\n", out);
    }
}

/* A line for each option financed by a loan: what it lent, the payment, and
 * the interest, principal and balance paid within the horizon. */
static void print_loans(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    char a[40], b[40], c[40], d[40], e[40];
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        const tco_option_result *r = &res->options[i];
        if (o->acquire != TCO_BUY || o->financing != TCO_FIN_LOAN)
            continue;
        tco_fput_text(out, o->id, 0, 0);
        fprintf(out,
                ": a loan of %s at %g%% a year over %d months, %s a month; interest %s, "
                "principal %s",
                tco_group_thousands(a, sizeof a, r->loan_amount, 0), o->loan_rate * 100,
                o->loan_months, tco_group_thousands(b, sizeof b, r->loan_payment, 2),
                tco_group_thousands(c, sizeof c, r->loan_interest, 0),
                tco_group_thousands(d, sizeof d, r->loan_principal, 0));
        if (r->loan_balance_at_horizon != 0)
            fprintf(out, ", balance %s paid at month %d",
                    tco_group_thousands(e, sizeof e, r->loan_balance_at_horizon, 0),
                    s->horizon_months);
        fputs(" (in operating: the interest).\n", out);
    }
}

/* Under a lease's line, lease against buy (MODEL.md): its bought twin, the
 * implied rate and the net advantage to leasing, its sign in words. */
static void print_lease_vs_buy(const tco_result *res, size_t i, FILE *out)
{
    const tco_scenario *s = res->scenario;
    const tco_option_result *r = &res->options[i];
    char a[40];
    if (r->compare_to < 0) {
        fputs("  against buying: no bought twin (an option bought in cash or with a loan, "
              "with the same gpu and count).\n",
              out);
        return;
    }
    fputs("  against ", out);
    tco_fput_text(out, s->options[r->compare_to].id, 0, 0);
    if (isnan(r->implied_rate)) {
        fputs(": the lease runs past the horizon (no implied rate, no net advantage).\n", out);
        return;
    }
    fprintf(out, ": implied rate %.2f%% a year", 100 * r->implied_rate);
    if (isnan(r->nal))
        fputs("; no net advantage to leasing without a cost of debt (lease_discount_rate, "
              "or a twin with a loan).\n",
              out);
    else if (r->nal >= 0.5) /* the sign of what the table shows, to the unit */
        fprintf(out, "; at the after-tax cost of debt, %.2f%% a year, leasing saves %s.\n",
                100 * r->nal_rate, tco_group_thousands(a, sizeof a, r->nal, 0));
    else if (r->nal <= -0.5)
        fprintf(out,
                "; at the after-tax cost of debt, %.2f%% a year, leasing costs %s more than "
                "buying.\n",
                100 * r->nal_rate, tco_group_thousands(a, sizeof a, -r->nal, 0));
    else
        fprintf(out,
                "; at the after-tax cost of debt, %.2f%% a year, leasing and buying cost the "
                "same.\n",
                100 * r->nal_rate);
}

/* A line for each leased option: the hardware's price (not paid), the
 * payment, and the payments, buyout and commitment of the horizon. */
static void print_leases(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    char a[40], b[40], c[40], d[40], e[40];
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        const tco_option_result *r = &res->options[i];
        if (o->acquire != TCO_BUY || o->financing != TCO_FIN_LEASE)
            continue;
        tco_fput_text(out, o->id, 0, 0);
        fprintf(out,
                ": leased for %d months at %s a month, in advance (hardware of %s, not paid); "
                "payments %s within the horizon",
                o->lease_months, tco_group_thousands(a, sizeof a, r->lease_payment, 2),
                tco_group_thousands(b, sizeof b, r->capex, 0),
                tco_group_thousands(c, sizeof c, r->lease_payments, 0));
        if (r->lease_buyout != 0)
            fprintf(out, ", buyout %s at month %d",
                    tco_group_thousands(d, sizeof d, r->lease_buyout, 0), o->lease_months);
        if (r->commitment_after_horizon != 0)
            fprintf(out, ", %s owed after the horizon",
                    tco_group_thousands(e, sizeof e, r->commitment_after_horizon, 0));
        fputs(" (in operating).\n", out);
        print_lease_vs_buy(res, i, out);
    }
}

/* A line for each leased option's statements (MODEL.md, Statements by fiscal
 * year): its standard, the rate its liability is discounted at and where the
 * rate comes from, the liability and the right-of-use asset at commencement,
 * and what the lease does to EBITDA and to the pre-tax result over the years. */
static void print_lease_accounting(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    tco_statements *st = NULL;
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        if (o->acquire != TCO_BUY || o->financing != TCO_FIN_LEASE)
            continue;
        if (!st && tco_statements_compute(res, &st) != TCO_OK)
            return;
        const tco_stmt_lease *l = &st->lease[i];
        double ebitda = 0, pre_tax = 0;
        for (size_t y = 0; y < st->n_years; y++) {
            const double *v = &st->value[(i * st->n_years + y) * TCO_STMT_COLS];
            ebitda += v[TCO_STMT_EBITDA];
            pre_tax += v[TCO_STMT_PRE_TAX];
        }
        char a[40], b[40], c[40], d[40];
        tco_fput_text(out, o->id, 0, 0);
        fprintf(out,
                ": %s, discounted at %.2f%% a year (%s): lease liability %s and right-of-use "
                "asset %s at commencement; over the fiscal years EBITDA effect %s, pre-tax "
                "effect %s.\n",
                tco_option_key(TCO_O_LEASE_ACCOUNTING)->names[o->lease_accounting], l->rate * 100,
                l->source == TCO_LEASE_RATE_IMPLICIT ? "the rate implicit in the lease"
                : l->source == TCO_LEASE_RATE_GIVEN  ? "lease_discount_rate"
                                                     : "the scenario's discount rate",
                tco_group_thousands(a, sizeof a, l->liability0, 0),
                tco_group_thousands(b, sizeof b, l->rou0, 0),
                tco_group_thousands(c, sizeof c, ebitda, 0),
                tco_group_thousands(d, sizeof d, pre_tax, 0));
    }
    tco_statements_free(st);
}

/* A return as a percentage, or "none" (a payback month: "month K", or
 * "never"), in buf. */
static const char *return_text(char *buf, size_t size, double x, int month)
{
    if (isnan(x))
        snprintf(buf, size, "%s", month ? "never" : "none");
    else if (month)
        snprintf(buf, size, "month %.0f", x);
    else
        snprintf(buf, size, "%.1f%%", x * 100);
    return buf;
}

/* A line for each bought option against the baseline: the IRR, the MIRR and
 * the payback months of its incremental flow (MODEL.md, "Returns of buying
 * against the baseline"), and why there is no IRR when there is none. */
static void print_returns(const tco_result *res, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    if (res->baseline < 0)
        return;
    int any = 0;
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        if (s->options[i].acquire != TCO_BUY)
            continue;
        if (!any) {
            fputs("Returns of buying against ", out);
            tco_fput_text(out, s->options[res->baseline].id, 0, 0);
            fputs(" (the monthly savings; IRR and MIRR annual, payback months from month 0):\n",
                  out);
            any = 1;
        }
        char a[32], b[32], c[32], d[32];
        fputs("  ", out);
        tco_fput_text(out, s->options[i].id, idw, 0);
        fprintf(out, "  IRR %s, MIRR %s, payback %s, discounted payback %s",
                return_text(a, sizeof a, r->irr, 0), return_text(b, sizeof b, r->mirr, 0),
                return_text(c, sizeof c, r->payback_month, 1),
                return_text(d, sizeof d, r->discounted_payback_month, 1));
        if (r->irr_note)
            fprintf(out, " (no IRR: %s)", r->irr_note);
        fputc('\n', out);
    }
}

/* With [tax], a line for each option: its tax, after-tax total and NPV,
 * and for a bought option against the baseline the after-tax IRR and payback
 * (MODEL.md, Taxes), with why there is no IRR when there is none. */
static void print_taxes(const tco_result *res, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    if (!s->tax)
        return;
    char a[40], b[40], c[40], d[32], e[32];
    fprintf(out,
            "After tax at %g%% (tax negative when saved; IRR annual, payback months from "
            "month 0):\n",
            s->tax_rate * 100);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        fputs("  ", out);
        tco_fput_text(out, s->options[i].id, idw, 0);
        fprintf(out, "  tax %s, after-tax total %s, after-tax NPV %s",
                tco_group_thousands(a, sizeof a, r->tax, 0),
                tco_group_thousands(b, sizeof b, r->after_tax_total, 0),
                tco_group_thousands(c, sizeof c, r->after_tax_npv, 0));
        if (s->options[i].acquire == TCO_BUY && res->baseline >= 0) {
            fprintf(out, ", IRR %s, payback %s", return_text(d, sizeof d, r->irr_after_tax, 0),
                    return_text(e, sizeof e, r->payback_month_after_tax, 1));
            if (r->irr_after_tax_note)
                fprintf(out, " (no IRR: %s)", r->irr_after_tax_note);
        }
        fputc('\n', out);
    }
}

/* A tonnage of CO2e with 3 decimals, or "n/a". */
static const char *tonnes(char *buf, size_t size, double x)
{
    if (isnan(x))
        return "n/a";
    return tco_group_thousands(buf, size, x, 3);
}

/* With carbon figures (MODEL.md, Carbon), a line for each option: its tCO2e
 * by scope, their sum, per 1M tokens or per unit of work, and the carbon
 * cost when priced (never in the total). */
static void print_carbon(const tco_result *res, FILE *out, int idw, const tco_unit_scale *scale)
{
    const tco_scenario *s = res->scenario;
    if (!tco_scenario_carbon(s))
        return;
    char a[40], b[40], c[40], d[40], e[40], f[40];
    fputs("Carbon in tCO2e (scope 2: location-based, market-based; scope 3: purchased services, "
          "capital goods at month 0; the sum takes the market-based scope 2 where given):\n",
          out);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        fputs("  ", out);
        tco_fput_text(out, s->options[i].id, idw, 0);
        fprintf(out, "  scope 2 %s, %s; scope 3 %s, %s; total %s",
                tonnes(a, sizeof a, r->scope2_location_tco2e),
                tonnes(b, sizeof b, r->scope2_market_tco2e),
                tonnes(c, sizeof c, r->scope3_purchased_tco2e),
                tonnes(d, sizeof d, r->scope3_capital_tco2e), tonnes(e, sizeof e, r->tco2e));
        if (!isnan(r->tco2e_per_million_tokens))
            fprintf(out, ", %s per 1M tokens",
                    tco_format_sig(f, sizeof f, r->tco2e_per_million_tokens, TCO_UNIT_COST_DIGITS));
        else if (!isnan(r->tco2e_per_unit) && scale) {
            fprintf(
                out, ", %s per %s",
                tco_format_sig(f, sizeof f, r->tco2e_per_unit * scale->per, TCO_UNIT_COST_DIGITS),
                scale->prefix);
            tco_fput_text(out, s->unit, 0, 20);
        }
        if (s->carbon_price > 0 && !isnan(r->carbon_cost))
            fprintf(out, "; carbon cost %s (%s the total)",
                    tco_group_thousands(a, sizeof a, r->carbon_cost, 0),
                    s->carbon_in_total ? "in" : "not in");
        fputc('\n', out);
    }
}

/* With carbon figures, a plan's line (MODEL.md, A plan's emissions): its
 * tCO2e by scope as an option's, per 1M tokens served or per training run
 * where defined, and the carbon cost when priced (in the plan's total with
 * carbon_in_total). */
static void print_plan_carbon(FILE *out, const tco_scenario *s, const tco_plan_result *r)
{
    if (!r->carbon)
        return;
    char a[40], b[40], c[40], d[40], e[40];
    fprintf(out, "        carbon   scope 2 %s, %s; scope 3 %s, %s; total %s tCO2e",
            tonnes(a, sizeof a, r->scope2_location_tco2e),
            tonnes(b, sizeof b, r->scope2_market_tco2e),
            tonnes(c, sizeof c, r->scope3_purchased_tco2e),
            tonnes(d, sizeof d, r->scope3_capital_tco2e), tonnes(e, sizeof e, r->tco2e));
    if (!isnan(r->tco2e_per_million_tokens))
        fprintf(out, ", %s per 1M tokens",
                tco_format_sig(a, sizeof a, r->tco2e_per_million_tokens, TCO_UNIT_COST_DIGITS));
    if (!isnan(r->tco2e_per_run))
        fprintf(out, ", %s per run", tonnes(a, sizeof a, r->tco2e_per_run));
    if (s->carbon_price > 0 && !isnan(r->carbon_cost))
        fprintf(out, "; carbon cost %s (%s the total)",
                tco_group_thousands(a, sizeof a, r->carbon_cost, 0),
                s->carbon_in_total ? "in" : "not in"); /* A plan's carbon cost in its total */
    fputc('\n', out);
}

/* See documentation in cli.h. */
const char cli_breakeven_words[] =
    "Break-even month: from it to the end, buying costs at most the baseline to "
    "date (never: no such month). Break-even utilization: always, buying is cheaper "
    "at every utilization; never, at none; parallel, the same at every "
    "utilization.\n";

/* See documentation in header file. */
/* One site's line: its values in effect, then the buy options there. site_no
 * 0 is [site]. */
static void print_site(const tco_scenario *s, int site_no, FILE *out)
{
    const tco_option *first = NULL;
    for (size_t i = 0; i < s->n_options && !first; i++)
        if (s->options[i].acquire == TCO_BUY && s->options[i].site_no == site_no)
            first = &s->options[i];
    tco_option probe = {0};
    probe.acquire = TCO_BUY;
    probe.site_no = site_no;
    fputs("  ", out);
    if (site_no > 0)
        tco_fput_text(out, s->sites[site_no - 1].name, 0, 0);
    else
        fputs("[site]", out);
    fprintf(out, ": electricity %g per kWh (+%g%% a year), PUE %g, colocation %g per kW-month; ",
            tco_site_value(s, &probe, TCO_S_ELECTRICITY_PRICE),
            tco_site_value(s, &probe, TCO_S_ELECTRICITY_ESCALATION) * 100,
            tco_site_value(s, &probe, TCO_S_PUE),
            tco_site_value(s, &probe, TCO_S_COLO_PER_KW_MONTH));
    if (!first) {
        fputs("no option\n", out);
        return;
    }
    const char *sep = "";
    for (size_t i = 0; i < s->n_options; i++)
        if (s->options[i].acquire == TCO_BUY && s->options[i].site_no == site_no) {
            fputs(sep, out);
            tco_fput_text(out, s->options[i].id, 0, 0);
            sep = ", ";
        }
    fputc('\n', out);
}

/* With named sites (MODEL.md, Sites): each site, [site] first, with its values
 * and its buy options. */
static void print_sites(const tco_result *res, FILE *out)
{
    const tco_scenario *s = res->scenario;
    if (s->n_sites == 0)
        return;
    fputs("\nSites:\n", out);
    for (size_t k = 0; k <= s->n_sites; k++)
        print_site(s, (int)k, out);
}

/* One part of a plan: its role, option and GPUs, hours served and cost. */
static void print_part(FILE *out, const char *role, const char *id, int count, double hours,
                       double cost, int idw)
{
    char a[40], b[40], n[24] = "";
    if (count >= 0)
        snprintf(n, sizeof n, "x %d", count);
    fprintf(out, "        %-9s", role);
    tco_fput_text(out, id, idw, 0);
    fprintf(out, " %-10s %14s h %14s\n", n, tco_group_thousands(a, sizeof a, hours, 0),
            tco_group_thousands(b, sizeof b, cost, 0));
}

/* The owned part's purchases when they are not all at month 0 (MODEL.md,
 * Staged purchases, Goodput and Refresh): the batches, spares, the refresh. */
static void print_own_detail(FILE *out, const tco_scenario *s, const tco_plan_result *r)
{
    const tco_plan *p = r->plan;
    if (!p->n_buys && !r->spares && p->refresh_i < 0)
        return;
    fputs("          ", out);
    const char *sep = "";
    if (p->n_buys) {
        fputs("bought", out);
        for (size_t j = 0; j < p->n_buys; j++)
            fprintf(out, "%s %d at month %d", j ? "," : "", p->buy_count[j], p->buy_month[j]);
        sep = "; ";
    }
    if (r->spares) {
        fprintf(out, "%s%d spare%s", sep, r->spares, r->spares == 1 ? "" : "s");
        sep = "; ";
    }
    if (p->refresh_i >= 0) {
        int autom = p->refresh_month == TCO_REFRESH_AUTO;
        if (r->refresh_month > 0) {
            fprintf(out, "%srefreshed to ", sep);
            tco_fput_text(out, s->options[p->refresh_i].id, 0, 0);
            fprintf(out, " x %d at month %d%s", r->refresh_count, r->refresh_month,
                    autom ? " (auto: the cheapest month)" : "");
        } else {
            fprintf(out, "%sno refresh (auto: keeping the GPUs is cheapest)", sep);
        }
    }
    fputc('\n', out);
}

/* 1 when plan p owns leased GPUs (its own or its refresh option). */
static int plan_leases(const tco_scenario *s, const tco_plan *p)
{
    const int ids[2] = {p->own_i, p->refresh_i};
    for (int k = 0; k < 2; k++)
        if (ids[k] >= 0 && s->options[ids[k]].acquire == TCO_BUY &&
            s->options[ids[k]].financing == TCO_FIN_LEASE)
            return 1;
    return 0;
}

/* The statements of plan i (file order) in st, for a plan that owns leased
 * GPUs as for a leased option (MODEL.md, A plan's statements): what it does
 * to EBITDA and to the pre-tax result over the fiscal years. */
static void print_plan_statements(FILE *out, const tco_statements *st, size_t i)
{
    double ebitda = 0, pre_tax = 0;
    for (size_t y = 0; y < st->n_years; y++) {
        const double *v = &st->plan_value[(i * st->n_years + y) * TCO_STMT_COLS];
        ebitda += v[TCO_STMT_EBITDA];
        pre_tax += v[TCO_STMT_PRE_TAX];
    }
    char a[40], b[40];
    fprintf(
        out, "          statements: over the fiscal years EBITDA effect %s, pre-tax effect %s\n",
        tco_group_thousands(a, sizeof a, ebitda, 0), tco_group_thousands(b, sizeof b, pre_tax, 0));
}

/* 1 when plan p's overflow is an API with a rate limit (MODEL.md, An API as a
 * plan's overflow). */
static int rate_limited(const tco_scenario *s, const tco_plan *p)
{
    const tco_option *o = p->overflow_i >= 0 ? &s->options[p->overflow_i] : NULL;
    return o && o->acquire == TCO_API && o->max_tokens_per_minute > 0;
}

/* 1 when some plan of s has such an overflow. */
static int any_rate_limited(const tco_scenario *s)
{
    for (size_t i = 0; i < s->n_plans; i++)
        if (rate_limited(s, &s->plans[i]))
            return 1;
    return 0;
}

/* The plans, best first (MODEL.md, Plans): each with its total and NPV, the
 * demand it leaves unserved, and each part's GPU-hours served and cost. */
static void print_plans(const tco_result *res, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    if (!res->n_plans)
        return;
    char a[40], b[40], c[40];
    tco_statements *st = NULL;
    for (size_t i = 0; i < res->n_plans && !st; i++)
        if (plan_leases(s, &s->plans[i]) && tco_statements_compute(res, &st) != TCO_OK)
            st = NULL;
    fprintf(out,
            "\nPlans, best first (those that serve all demand%s%s, then by %s); each part's "
            "GPU-hours served and cost:\n",
            tco_scenario_power_capped(s) ? " within the site's power limit" : "",
            any_rate_limited(s) ? " within the API's rate limit" : "", rank_by_words(s->rank_by));
    for (size_t k = 0; k < res->n_plans; k++) {
        const tco_plan_result *r = &res->plans[res->plan_rank[k]];
        const tco_plan *p = r->plan;
        fprintf(out, "%4zu  ", k + 1);
        tco_fput_text(out, p->name, 0, 0);
        fprintf(out, ": total %s, NPV %s", tco_group_thousands(a, sizeof a, r->total, 0),
                tco_group_thousands(b, sizeof b, r->npv, 0));
        if (!isnan(r->after_tax_npv))
            fprintf(out, "; after tax: total %s, NPV %s",
                    tco_group_thousands(a, sizeof a, r->after_tax_total, 0),
                    tco_group_thousands(b, sizeof b, r->after_tax_npv, 0));
        if (r->unserved > 0)
            fprintf(out, "; unserved %s GPU-hours of %s",
                    tco_group_thousands(c, sizeof c, r->unserved, 0),
                    tco_group_thousands(a, sizeof a, r->demand, 0));
        /* MODEL.md, A plan at a site with a power limit; An API as a plan's
         * overflow: the two reasons, joined. */
        char why[128], rate[192];
        const char *pw = tco_plan_power_text(r, why, sizeof why),
                   *rt = tco_plan_rate_text(r, rate, sizeof rate);
        if (pw || rt)
            fprintf(out, "; not feasible: %s%s%s", pw ? pw : "", pw && rt ? "; " : "",
                    rt ? rt : "");
        fputc('\n', out);
        if (p->own_i >= 0) {
            print_part(out, "own", s->options[p->own_i].id, r->own_count, r->own_hours,
                       r->own_total, idw);
            print_own_detail(out, s, r);
            if (st && plan_leases(s, p))
                print_plan_statements(out, st, res->plan_rank[k]);
        }
        if (p->reserve_i >= 0)
            print_part(out, "reserve", s->options[p->reserve_i].id, r->reserve_count,
                       r->reserve_hours, r->reserve_total, idw);
        if (p->overflow_i >= 0)
            print_part(out, "overflow", s->options[p->overflow_i].id, -1, r->overflow_hours,
                       r->overflow_total, idw);
        print_plan_carbon(out, s, r);
    }
    tco_statements_free(st);
}

/* One candidate of the search: its counts and objective. */
static void print_candidate(FILE *out, const tco_plan *p, const tco_candidate *c)
{
    char a[40];
    if (p->own_i >= 0)
        fprintf(out, "own %d", c->own_count);
    if (p->reserve_i >= 0)
        fprintf(out, "%sreserve %d", p->own_i >= 0 ? ", " : "", c->reserve_count);
    fprintf(out, ": %s", tco_group_thousands(a, sizeof a, c->objective, 0));
}

/* API options (MODEL.md, API options): the first one's tokens and unit cost,
 * and each bought or rented option's break-even in tokens a day against it. */
static void print_api(const tco_result *res, FILE *out, int idw)
{
    const tco_scenario *s = res->scenario;
    size_t k = 0;
    while (k < s->n_options && s->options[k].acquire != TCO_API)
        k++;
    if (k == s->n_options)
        return;
    const tco_option_result *a = &res->options[k];
    char t[40], c[40];
    fputs("API ", out);
    tco_fput_text(out, s->options[k].id, 0, 0);
    fprintf(out, ": %s tokens a month, %s per 1M tokens over the horizon\n",
            tco_group_thousands(t, sizeof t, a->tokens_per_month, 0),
            tco_group_thousands(c, sizeof c, a->api_cost_per_million_tokens, 2));
    fputs("Self-hosting against it (the tokens a day from which it costs less):\n", out);
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option_result *r = &res->options[i];
        if (s->options[i].acquire == TCO_API)
            continue;
        fputs("  ", out);
        tco_fput_text(out, s->options[i].id, 0, 0);
        int pad = idw + 1 - tco_text_width(s->options[i].id);
        fprintf(out, "%*s", pad > 1 ? pad : 1, "");
        if (r->breakeven_tokens_never)
            fputs("never at this count\n", out);
        else if (isnan(r->breakeven_tokens_per_day))
            fputs("n/a (no throughput: what it serves is unknown)\n", out);
        else if (r->breakeven_tokens_per_day < 1) /* total0 about 0: cheaper at any volume */
            fputs("at any volume (it costs nothing but what it serves)\n", out);
        else
            fprintf(out, "%s tokens a day\n",
                    tco_group_thousands(t, sizeof t, r->breakeven_tokens_per_day, 0));
    }
}

/* The cheapest plan (MODEL.md, The cheapest plan), first: the optimum with
 * its counts and parts, the runners-up, and the cost curve over own_count. */
static void print_optimize(const tco_result *res, FILE *out, int idw)
{
    static const char *const objectives[] = {"total", "NPV", "after-tax NPV"};
    const tco_optimize_result *o = res->optimize;
    if (!o)
        return;
    const tco_scenario *s = res->scenario;
    const tco_plan *p = &s->plans[o->optimize->plan_i];
    const char *what = objectives[o->optimize->objective];
    const int capped = tco_scenario_power_capped(s);
    char a[40], b[40], c[40];
    fputs("Cheapest plan: ", out);
    tco_fput_text(out, p->name, 0, 0);
    fprintf(out,
            " by %s, %s candidate%s searched (own %d..%d step %d, reserve %d..%d step %d), "
            "%s serve%s all demand%s\n",
            what, tco_group_thousands(a, sizeof a, (double)o->evaluated, 0),
            o->evaluated == 1 ? "" : "s", o->own_min, o->own_max, o->own_step, o->reserve_min,
            o->reserve_max, o->reserve_step,
            tco_group_thousands(b, sizeof b, (double)o->feasible, 0), o->feasible == 1 ? "s" : "",
            capped ? " within the site's power limit" : "");
    if (capped) /* MODEL.md, The cheapest plan: skipped */
        fprintf(out, "  %s over the site's power limit, skipped\n",
                tco_group_thousands(b, sizeof b, (double)o->over_power, 0));
    if (rate_limited(s, p)) /* ... and over the API's rate limit */
        fprintf(out, "  %s over the API's rate limit, skipped\n",
                tco_group_thousands(b, sizeof b, (double)o->over_rate_limit, 0));
    if (!o->found) {
        if (o->feasible == 0)
            fputs("  no candidate serves all demand\n\n", out);
        else
            fprintf(out, "  no candidate that serves all demand has a defined %s\n\n", what);
        return;
    }
    const tco_plan_result *r = &o->best_plan;
    fputs("   1  ", out);
    print_candidate(out, p, &o->best);
    fprintf(out, " (total %s, NPV %s)\n", tco_group_thousands(a, sizeof a, r->total, 0),
            tco_group_thousands(c, sizeof c, r->npv, 0));
    if (p->own_i >= 0)
        print_part(out, "own", s->options[p->own_i].id, r->own_count, r->own_hours, r->own_total,
                   idw);
    if (p->reserve_i >= 0)
        print_part(out, "reserve", s->options[p->reserve_i].id, r->reserve_count, r->reserve_hours,
                   r->reserve_total, idw);
    if (p->overflow_i >= 0)
        print_part(out, "overflow", s->options[p->overflow_i].id, -1, r->overflow_hours,
                   r->overflow_total, idw);
    for (size_t k = 0; k < o->n_runners; k++) {
        fprintf(out, "%4zu  ", k + 2);
        print_candidate(out, p, &o->runners[k]);
        fputc('\n', out);
    }
    /* The search covers one plan's counts: say when another plan, as written,
     * serves the demand for less. */
    size_t other = res->n_plans;
    double best = o->best.objective;
    for (size_t i = 0; i < res->n_plans; i++) {
        const tco_plan_result *x = &res->plans[i];
        double v = tco_plan_objective(x, o->optimize->objective);
        if ((int)i != o->optimize->plan_i && tco_plan_feasible(x) && v < best)
            other = i, best = v;
    }
    if (other < res->n_plans) {
        fputs("  Plan ", out);
        tco_fput_text(out, s->plans[other].name, 0, 0);
        fprintf(out, ", as written, serves the demand for less: %s %s\n", what,
                tco_group_thousands(a, sizeof a, best, 0));
    }
    fprintf(out, "Cost curve: the best %s at each owned count (-: none serves all demand%s):\n",
            what, capped ? " within the site's power limit" : "");
    for (size_t k = 0; k < o->n_curve; k++) {
        const tco_candidate *e = &o->curve[k];
        if (k % 4 == 0)
            fputs("  ", out);
        int last = k % 4 == 3 || k + 1 == o->n_curve;
        if (isnan(e->objective))
            snprintf(c, sizeof c, "-");
        else
            snprintf(c, sizeof c, "%s (reserve %d)",
                     tco_group_thousands(a, sizeof a, e->objective, 0), e->reserve_count);
        fprintf(out, "%6d: %-*s%s", e->own_count, last ? 0 : 20, c, last ? "\n" : "");
    }
    fputc('\n', out);
}

void cli_print_table(const tco_result *res, FILE *out, int color)
{
    const char *bold = color ? "\033[1m" : "", *green = color ? "\033[32m" : "",
               *red = color ? "\033[31m" : "", *reset = color ? "\033[0m" : "";
    const tco_scenario *s = res->scenario;
    int idw = 6;
    for (size_t i = 0; i < s->n_options; i++) {
        int w = tco_text_width(s->options[i].id);
        if (w > idw)
            idw = w;
    }
    tco_fput_text(out, s->name, 0, 0);
    fprintf(out, "\n%d months, ", s->horizon_months);
    tco_fput_text(out, s->currency, 0, 0);
    fprintf(out, ", discount rate %g%%", s->discount_rate * 100);
    if (res->baseline >= 0) {
        fputs(", baseline ", out);
        tco_fput_text(out, s->options[res->baseline].id, 0, 0);
    }
    if (s->rank_by != TCO_RANK_TOTAL)
        fprintf(out, ", ranked by %s", rank_by_words(s->rank_by));
    fputs("\n\n", out);
    print_optimize(res, out, idw);
    int per_unit = 0;
    for (size_t i = 0; i < s->n_options; i++)
        per_unit |= !isnan(res->options[i].cost_per_unit);
    fputs(bold, out);
    fprintf(out, "%4s  %-*s  %-7s %6s %14s %14s %13s %14s %14s", "rank", idw, "option", "acquire",
            "GPUs", "capex", "operating", "residual", "total", "NPV");
    /* The figure the options are ranked by is a column (MODEL.md, Taxes:
     * Ranking): the after-tax NPV when rank_by names it. */
    int after_tax_col = s->rank_by == TCO_RANK_AFTER_TAX_NPV;
    if (after_tax_col)
        fprintf(out, " %14s", "after-tax NPV");
    fprintf(out, " %10s", "per GPU-h");
    /* "per [SCALE ]UNIT[s]", the unit cut to 20 columns, right-aligned in a
     * column of at least 12 */
    tco_unit_scale scale = tco_result_unit_scale(res);
    const char *ps = tco_unit_plural(s->unit, scale.per);
    int uw = tco_text_width(s->unit);
    int hw = 4 + (int)strlen(scale.prefix) + (uw < 20 ? uw : 20) + (int)strlen(ps);
    int cw = hw > 12 ? hw : 12;
    if (per_unit) {
        fprintf(out, " %*sper %s", cw - hw, "", scale.prefix);
        tco_fput_text(out, s->unit, 0, 20);
        fputs(ps, out);
    }
    fprintf(out, "  break-even%s\n", reset);
    char a[40], b[40], c[40], d[40], e[40], f[40], g[40];
    int words = 0; /* a break-even shown as a word: explain the words below */
    for (size_t k = 0; k < s->n_options; k++) {
        size_t i = res->rank[k];
        const tco_option *o = &s->options[i];
        const tco_option_result *r = &res->options[i];
        /* Rent owed past the horizon is an operating cost too: capex + operating
         * - residual is the total. */
        double operating = tco_option_lines_add(-0.0, r) + r->commitment_after_horizon;
        /* A loan's payments and the balance at the horizon repay what it lent,
         * which capex holds: what they add is the interest. */
        operating +=
            r->loan_interest + r->loan_principal + r->loan_balance_at_horizon - r->loan_amount;
        /* A lease pays no capex: its payments and buyout are operating. */
        int leased = o->acquire == TCO_BUY && o->financing == TCO_FIN_LEASE;
        operating += r->lease_payments + r->lease_buyout;
        if (s->carbon_in_total) /* MODEL.md, The carbon cost in the total: operating */
            operating += r->carbon_cost;
        char be[64] = "-";
        if (o->acquire == TCO_BUY && res->baseline >= 0) {
            const char *note = tco_breakeven_note_name(r->breakeven_utilization_note);
            char month[24], util[40] = "";
            snprintf(month, sizeof month, "%s", tco_breakeven_note_name(TCO_BE_NEVER));
            if (r->breakeven_month > 0)
                snprintf(month, sizeof month, "month %d", r->breakeven_month);
            if (!isnan(r->breakeven_utilization))
                snprintf(util, sizeof util, "; equal cost at %.1f%% use",
                         r->breakeven_utilization * 100);
            else if (note)
                snprintf(util, sizeof util, "; utilization %s", note);
            snprintf(be, sizeof be, "%s%s", month, util);
            words |= r->breakeven_month <= 0 || note;
        }
        int best = (int)i == res->best;
        fputs(r->infeasible ? red : best ? green : "", out);
        fprintf(out, "%4zu  ", k + 1);
        tco_missing miss[TCO_MISSING_MAX];
        tco_fput_text(out, o->id, 0, 0); /* marked '*' when incomplete */
        int pad = idw + 1 - tco_text_width(o->id);
        fprintf(out, "%-*s", pad > 1 ? pad : 1, tco_option_missing(s, o, miss) ? "*" : "");
        fprintf(out, " %-7s %6d %14s %14s %13s %14s %14s",
                tco_option_key(TCO_O_ACQUIRE)->names[o->acquire], o->count,
                tco_group_thousands(a, sizeof a, leased ? 0 : r->capex, 0),
                tco_group_thousands(b, sizeof b, operating, 0),
                tco_group_thousands(c, sizeof c, r->residual, 0),
                tco_group_thousands(d, sizeof d, r->total, 0),
                tco_group_thousands(e, sizeof e, r->npv, 0));
        if (after_tax_col)
            fprintf(out, " %14s", tco_group_thousands(a, sizeof a, r->after_tax_npv, 0));
        fprintf(out, " %10s", tco_group_thousands(f, sizeof f, r->cost_per_gpu_hour, 2));
        if (per_unit)
            fprintf(
                out, " %*s", cw,
                tco_format_sig(g, sizeof g, r->cost_per_unit * scale.per, TCO_UNIT_COST_DIGITS));
        fprintf(out, "  %s%s\n", be, r->infeasible || best ? reset : "");
    }
    if (words)
        fputs(cli_breakeven_words, out);
    print_incomplete(s, out);
    print_offers(s, out);
    print_sites(res, out);
    print_returns(res, out, idw);
    print_taxes(res, out, idw);
    print_carbon(res, out, idw, per_unit ? &scale : NULL);
    print_loans(res, out);
    print_leases(res, out);
    print_lease_accounting(res, out);
    print_plans(res, out, idw);
    print_api(res, out, idw);
    if (s->model_params > 0)
        print_sizing(res, out, idw);
    print_decision(res, out, per_unit ? &scale : NULL, ps);
    if (res->analysis)
        print_analysis(res, res->analysis, out, idw);
}
