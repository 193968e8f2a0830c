/* json.c - the JSON output of docs/MODEL.md. */
#include "write/json.h"
#include "write/statements.h"
#include "core/fields.h"
#include "util/outfile.h"

#include <math.h>
#include <string.h>

/* See json.h. */
void tci_json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    /* The characters with a two-character escape, and the letter of each.
     * Other control characters, DEL and the C1 controls (U+0080 to U+009F)
     * included, are written \u00XX: the same string, which a terminal
     * showing the JSON cannot take for a command. */
    static const char plain[] = "\"\\\n\r\t", letter[] = "\"\\nrt";
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *e = strchr(plain, *p);
        if (e)
            fprintf(out, "\\%c", letter[e - plain]);
        else if (*p < 0x20 || *p == 0x7F)
            fprintf(out, "\\u%04x", *p);
        else if (p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) /* a C1 control */
            fprintf(out, "\\u%04x", *++p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* The shortest text that reads back as the same double (tco_format_double,
 * within JSON's grammar: 0.7, 1e+21, 5e-324); NAN (unknown) and the
 * infinities are null, -0 is 0. */
void tci_json_number(FILE *out, double x)
{
    char t[32];
    if (isnan(x) || isinf(x))
        fputs("null", out);
    else
        fputs(tco_format_double(t, sizeof t, x), out);
}

/* See json.h. */
void tci_json_text_member(FILE *out, const char *name, const char *s)
{
    fprintf(out, ", \"%s\": ", name);
    tci_json_string(out, s);
}

/* See json.h. */
void tci_json_number_member(FILE *out, const char *name, double x)
{
    fprintf(out, ", \"%s\": ", name);
    tci_json_number(out, x);
}

/* A number member of an object: its name and value. */
typedef struct json_number {
    const char *name;
    double v;
} json_number;

/* n number members, each after another member. */
static void put_numbers(FILE *out, const json_number *f, size_t n)
{
    for (size_t k = 0; k < n; k++)
        tci_json_number_member(out, f[k].name, f[k].v);
}

/* An option's carbon by month, 0..H (MODEL.md, Carbon): "carbon_monthly". */
static void put_carbon_months(FILE *out, const tco_result *res, const tco_carbon_month *carbon)
{
    const int priced = tci_field_in(tci_field_get(TCI_F_CARBON_COST), res);
    fputs(",\n      \"carbon_monthly\": [", out);
    for (int m = 0; m <= res->scenario->horizon_months; m++) {
        const tco_carbon_month *c = &carbon[m];
        const json_number v[] = {{"kwh", c->kwh},
                                 {"scope2_location_tco2e", c->scope2_location},
                                 {"scope2_market_tco2e", c->scope2_market},
                                 {"scope3_purchased_tco2e", c->scope3_purchased},
                                 {"scope3_capital_tco2e", c->scope3_capital},
                                 {"tco2e", c->tco2e},
                                 {"carbon_cost", c->carbon_cost}};
        fprintf(out, "%s\n        {\"month\": %d", m ? "," : "", m);
        put_numbers(out, v, sizeof v / sizeof v[0] - !priced);
        fputc('}', out);
    }
    fputs("\n      ]", out);
}

/* Option i: the fields of the result field table marked for JSON, in their
 * order, then the sizing and the months. */
static void put_option(FILE *out, const tco_result *res, size_t i)
{
    const tco_scenario *s = res->scenario;
    const tco_option_result *r = &res->options[i];
    int first = 1;
    for (int k = 0; k < TCI_F_COUNT; k++) {
        const tci_field *f = tci_field_get((tci_field_id)k);
        if (!(f->outputs & TCI_OUT_JSON) || !tci_field_in(f, res))
            continue;
        fprintf(out, "%s\n      \"%s\": ", first ? "    {" : ",", f->name);
        first = 0;
        if (f->unit == TCI_FU_TEXT)
            tci_json_string(out, tci_field_text(f, res, i));
        else if (f->unit == TCI_FU_FLAG)
            fputs(tci_field_number(f, res, i) ? "true" : "false", out);
        else
            tci_json_number(out, tci_field_number(f, res, i));
    }
    if (s->model_params > 0) {
        const tco_sizing *z = &r->sizing;
        fputs(",\n      \"sizing\": {\"memory_needed_gb\": ", out);
        tci_json_number(out, z->memory_needed_gb);
        tci_json_number_member(out, "min_gpus", z->min_gpus);
        fprintf(out, ", \"fits\": %s", z->fits < 0 ? "null" : z->fits ? "true" : "false");
        const json_number f[] = {{"train_hours", z->train_hours},
                                 {"train_days", z->train_days},
                                 {"run_gpu_hours", z->run_gpu_hours},
                                 {"cost_per_run", z->cost_per_run},
                                 {"runs_in_horizon", z->runs_in_horizon},
                                 {"tokens_per_currency", z->tokens_per_currency},
                                 {"cost_per_million_tokens", z->cost_per_million_tokens},
                                 {"cost_per_thousand_requests", z->cost_per_thousand_requests},
                                 {"gpus_needed", z->gpus_needed}};
        put_numbers(out, f, sizeof f / sizeof f[0]);
        fputc('}', out);
    }
    const tco_option *o = &s->options[i];
    if (o->fx && (size_t)o->fx <= s->n_fx) {
        /* The catalog price converted into the scenario's currency (MODEL.md,
         * Currency conversion). */
        const tco_fx *fx = &s->fx[o->fx - 1];
        fputs(",\n      \"fx\": {\"key\": ", out);
        tci_json_string(out, o->acquire == TCO_BUY ? "gpu_price" : "price_per_gpu_hour");
        tci_json_text_member(out, "currency", fx->code);
        tci_json_number_member(out, "catalog_price", o->fx_price);
        tci_json_number_member(out, "rate", fx->rate);
        fputc('}', out);
    }
    if (o->discount > 0 && (size_t)o->discount <= s->n_discounts) {
        /* The negotiated discount on the catalog's price (MODEL.md, Negotiated
         * discounts): applied before [fx]. */
        const tco_discount *d = &s->discounts[o->discount - 1];
        fputs(",\n      \"discount\": {\"name\": ", out);
        tci_json_string(out, d->name);
        tci_json_number_member(out, "fraction", d->fraction);
        tci_json_number_member(out, "catalog_price", o->fx_price);
        fputc('}', out);
    }
    if (o->offer_candidates > 0 && o->offer_entry) {
        /* offer = cheapest: the offer picked (MODEL.md, The cheapest offer). */
        fputs(",\n      \"offer_picked\": {\"id\": ", out);
        tci_json_string(out, o->offer_entry->id);
        tci_json_number_member(out, "offers", o->offer_candidates);
        fputc('}', out);
    }
    /* The keys it leaves out (MODEL.md, Completeness). */
    tco_missing miss[TCO_MISSING_MAX];
    size_t n_miss = tco_option_missing(s, o, miss);
    fputs(",\n      \"incomplete\": [", out);
    for (size_t k = 0; k < n_miss; k++) {
        fputs(k ? ", " : "", out);
        tci_json_string(out, tco_missing_key(&miss[k]));
    }
    fputc(']', out);
    const int loans = tci_field_in(tci_field_get(TCI_F_LOAN_INTEREST), res);
    const int leases = tci_field_in(tci_field_get(TCI_F_LEASE_PAYMENT), res);
    fputs(",\n      \"monthly\": [", out);
    for (int m = 1; m <= s->horizon_months; m++) {
        const tco_month *mo = &r->monthly[m - 1];
        const json_number f[] = {
            {"depreciation", mo->depreciation}, {"cost", mo->cost}, {"cumulative", mo->cumulative}};
        /* After the cost lines: the loan's lines and the lease's, then the rest. */
        const json_number l[] = {{"loan_interest", mo->loan_interest},
                                 {"loan_principal", mo->loan_principal},
                                 {"loan_balance", mo->loan_balance}};
        const json_number e[] = {{"lease_payment", mo->lease_payment},
                                 {"lease_buyout", mo->lease_buyout}};
        fprintf(out, "%s\n        {\"month\": %d", m == 1 ? "" : ",", m);
        for (int line = 0; line < TCO_LINES; line++)
            tci_json_number_member(out, tco_cost_line_get(line)->name, tco_month_line(mo, line));
        if (loans)
            put_numbers(out, l, sizeof l / sizeof l[0]);
        if (leases)
            put_numbers(out, e, sizeof e / sizeof e[0]);
        put_numbers(out, f, 1); /* the depreciation, then with [tax] the tax lines */
        if (s->tax) {
            const json_number t[] = {{"tax_depreciation", mo->tax_depreciation}, {"tax", mo->tax}};
            put_numbers(out, t, sizeof t / sizeof t[0]);
        }
        put_numbers(out, f + 1, sizeof f / sizeof f[0] - 1);
        fputc('}', out);
    }
    fputs("\n      ]", out);
    if (r->carbon)
        put_carbon_months(out, res, r->carbon);
    fputs("\n    }", out);
}

/* The id of option i, or null when i is -1. */
static void put_id(FILE *out, const tco_result *res, int i)
{
    tci_json_string(out, i >= 0 ? res->scenario->options[i].id : NULL);
}

/* The decision among feasible options (MODEL.md, Feasibility); when the
 * scenario gives rank_by or has [tax], the best by rank_by and rank_by first. */
static void put_decision(FILE *out, const tco_result *res)
{
    const tco_scenario *s = res->scenario;
    fputs(",\n  \"decision\": {", out);
    if (s->tax || s->key_line[TCO_S_RANK_BY]) {
        fputs("\"rank_by\": ", out);
        tci_json_string(out, (unsigned)s->rank_by <= TCO_RANK_AFTER_TAX_NPV
                                 ? tco_scenario_key(TCO_S_RANK_BY)->names[s->rank_by]
                                 : NULL);
        fputs(", \"best\": ", out);
        put_id(out, res, res->best);
        fputs(", ", out);
    }
    fputs("\"cheapest\": ", out);
    put_id(out, res, res->cheapest);
    fputs(", \"lowest_npv\": ", out);
    put_id(out, res, res->lowest_npv);
    fputs(", \"lowest_cost_per_unit\": ", out);
    put_id(out, res, res->lowest_cost_per_unit);
    fputs(", \"infeasible\": [", out);
    const char *sep = "";
    for (size_t i = 0; i < res->n_options; i++)
        if (res->options[i].infeasible) {
            fputs(sep, out);
            put_id(out, res, (int)i);
            sep = ", ";
        }
    fputs("]}", out);
}

static void put_array(FILE *out, const double *v, size_t n, size_t stride)
{
    fputc('[', out);
    for (size_t k = 0; k < n; k++) {
        if (k)
            fputs(", ", out);
        tci_json_number(out, v[k * stride]);
    }
    fputc(']', out);
}

/* "name": {"mean": .., "p10": .., "p50": .., "p90": ..} */
static void put_stats(FILE *out, const char *name, double mean, double p10, double p50, double p90)
{
    fprintf(out, "\"%s\": {\"mean\": ", name);
    tci_json_number(out, mean);
    tci_json_number_member(out, "p10", p10);
    tci_json_number_member(out, "p50", p50);
    tci_json_number_member(out, "p90", p90);
    fputc('}', out);
}

static void put_analysis(FILE *out, const tco_result *res, const tco_analysis *a)
{
    const tco_scenario *s = res->scenario;
    size_t n = res->n_options;
    fputs(",\n  \"sensitivity\": {\"swing\": ", out);
    tci_json_number(out, s->swing);
    fputs(", \"options\": [", out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, s->options[i].id);
        fputs(", \"drivers\": [", out);
        for (size_t d = 0; d < a->n_drivers; d++) {
            const tco_sens_entry *e = &a->sens[i * a->n_drivers + d];
            fprintf(out, "%s\n      {\"driver\": ", d ? "," : "");
            tci_json_string(out, e->driver);
            const json_number f[] = {{"input_low", e->input_low}, {"input_high", e->input_high},
                                     {"total_low", e->total_low}, {"total_high", e->total_high},
                                     {"npv_low", e->npv_low},     {"npv_high", e->npv_high},
                                     {"diff_low", e->diff_low},   {"diff_high", e->diff_high},
                                     {"swing", e->swing}};
            put_numbers(out, f, sizeof f / sizeof f[0]);
            fputc('}', out);
        }
        fputs("]}", out);
    }
    fputs("\n  ]},\n  \"utilization_sweep\": {\"utilization\": ", out);
    put_array(out, a->sweep_u, a->n_sweep, 1);
    fputs(", \"options\": [", out);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, s->options[i].id);
        fputs(", \"total\": ", out);
        put_array(out, a->sweep_total + i * a->n_sweep, a->n_sweep, 1);
        fputs(", \"cost_per_gpu_hour\": ", out);
        put_array(out, a->sweep_cost_per_gpu_hour + i * a->n_sweep, a->n_sweep, 1);
        fputc('}', out);
    }
    fputs("\n  ]},\n  \"cases\": [", out);
    for (size_t c = 0; c < a->n_cases; c++) {
        const tco_case *cs = &s->cases[c];
        const tco_result *cr = a->cases[c];
        fprintf(out, "%s\n    {\"name\": ", c ? "," : "");
        tci_json_string(out, cs->name);
        fputs(", \"overrides\": {", out);
        for (size_t k = 0; k < cs->n_overrides; k++) {
            fputs(k ? ", " : "", out);
            tci_json_string(out, cs->keys[k]);
            fputs(": ", out);
            tci_json_string(out, cs->values[k]);
        }
        fputs("}, \"options\": [", out);
        for (size_t i = 0; i < cr->n_options; i++) {
            const tco_option_result *r = &cr->options[i];
            fprintf(out, "%s\n      {\"id\": ", i ? "," : "");
            tci_json_string(out, cr->scenario->options[i].id);
            tci_json_number_member(out, "total", r->total);
            tci_json_number_member(out, "npv", r->npv);
            tci_json_number_member(out, "cost_per_gpu_hour", r->cost_per_gpu_hour);
            if (r->breakeven_month > 0)
                fprintf(out, ", \"breakeven_month\": %d", r->breakeven_month);
            else
                fputs(", \"breakeven_month\": null", out);
            tci_json_number_member(out, "breakeven_utilization", r->breakeven_utilization);
            tci_json_text_member(out, "breakeven_utilization_note",
                                 tco_breakeven_note_name(r->breakeven_utilization_note));
            fputc('}', out);
        }
        fputs("]}", out);
    }
    fputs(a->n_cases ? "\n  ]" : "]", out);
    if (a->mc_samples > 0) {
        fprintf(out,
                ",\n  \"monte_carlo\": {\"samples\": %ld, \"seed\": %lu, "
                "\"histogram_edges\": ",
                a->mc_samples, a->mc_seed);
        put_array(out, a->mc_edges, a->mc_bins ? a->mc_bins + 1 : 0, 1);
        fputs(", \"options\": [", out);
        for (size_t i = 0; i < n; i++) {
            const struct tco_mc_option *m = &a->mc[i];
            fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
            tci_json_string(out, s->options[i].id);
            fputs(", ", out);
            put_stats(out, "total", m->total_mean, m->total_p10, m->total_p50, m->total_p90);
            fputs(", ", out);
            put_stats(out, "npv", m->npv_mean, m->npv_p10, m->npv_p50, m->npv_p90);
            tci_json_number_member(out, "p_cheapest", m->p_cheapest);
            tci_json_number_member(out, "p_beats_baseline", m->p_beats_baseline);
            if (m->hist) {
                fputs(", \"histogram\": [", out);
                for (size_t k = 0; k < a->mc_bins; k++)
                    fprintf(out, "%s%ld", k ? ", " : "", m->hist[k]);
                fputs("]}", out);
            } else { /* its total does not vary: no histogram */
                fputs(", \"histogram\": null}", out);
            }
        }
        fputs("\n  ]", out);
        if (a->mc_n_plans > 0) { /* MODEL.md, Monte Carlo: plans */
            fputs(", \"plans\": [", out);
            for (size_t i = 0; i < a->mc_n_plans; i++) {
                const struct tco_mc_plan *m = &a->mc_plans[i];
                fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
                tci_json_string(out, s->plans[i].name);
                fputs(", ", out);
                put_stats(out, "total", m->total_mean, m->total_p10, m->total_p50, m->total_p90);
                fputs(", ", out);
                put_stats(out, "npv", m->npv_mean, m->npv_p10, m->npv_p50, m->npv_p90);
                tci_json_number_member(out, "p_best", m->p_best);
                fputc('}', out);
            }
            fputs("\n  ]", out);
        }
        fputc('}', out);
    }
}

/* The budget (MODEL.md, Fiscal years and the budget): one object per option
 * and fiscal year, options in input order, years in time order. */
static tco_status put_fiscal_years(FILE *out, const tco_result *res)
{
    tco_budget *b;
    tco_status st = tco_budget_compute(res, &b);
    if (st != TCO_OK)
        return st;
    fputs(",\n  \"fiscal_years\": [", out);
    for (size_t i = 0; i < b->n_options; i++)
        for (size_t y = 0; y < b->n_years; y++) {
            const tco_fiscal_year *fy = &b->years[y];
            fprintf(out, "%s\n    {\"option\": ", i + y ? "," : "");
            tci_json_string(out, res->scenario->options[i].id);
            tci_json_text_member(out, "year", fy->name);
            tci_json_text_member(out, "from", fy->from[0] ? fy->from : NULL);
            tci_json_text_member(out, "to", fy->to[0] ? fy->to : NULL);
            fprintf(out,
                    ", \"first_month\": %d, \"last_month\": %d, \"months\": %d, "
                    "\"partial\": %s",
                    fy->first_month, fy->last_month, fy->months, fy->partial ? "true" : "false");
            const double *v = &b->value[(i * b->n_years + y) * TCO_BUDGET_COLS];
            for (int k = 0; k < TCO_BUDGET_COLS; k++)
                if (tco_budget_col_shown(res->scenario, (tco_budget_col)k))
                    tci_json_number_member(out, tco_budget_col_name((tco_budget_col)k), v[k]);
            fputc('}', out);
        }
    fputs(b->n_options ? "\n  ]" : "]", out);
    tco_budget_free(b);
    return TCO_OK;
}

/* A plan's budget (MODEL.md, A plan's budget): one object per fiscal year,
 * in time order, the plan i of budget b. */
static void put_plan_years(FILE *out, const tco_scenario *s, const tco_budget *b, size_t i)
{
    fputs(", \"fiscal_years\": [", out);
    for (size_t y = 0; y < b->n_years; y++) {
        const tco_fiscal_year *fy = &b->years[y];
        fputs(y ? ",\n      {\"year\": " : "\n      {\"year\": ", out);
        tci_json_string(out, fy->name);
        fprintf(out, ", \"first_month\": %d, \"last_month\": %d", fy->first_month, fy->last_month);
        const double *v = &b->plan_value[(i * b->n_years + y) * TCO_PLAN_BUDGET_COLS];
        for (int k = 0; k < TCO_PLAN_BUDGET_COLS; k++)
            if (tco_plan_budget_col_shown(s, (tco_plan_budget_col)k))
                tci_json_number_member(out, tco_plan_budget_col_name((tco_plan_budget_col)k), v[k]);
        fputc('}', out);
    }
    fputs("\n    ]", out);
}

/* A plan's statements (MODEL.md, A plan's statements): one object per fiscal
 * year, in time order, the plan i of st. */
static void put_plan_statements(FILE *out, const tco_statements *st, size_t i)
{
    fputs(", \"statements\": [", out);
    for (size_t y = 0; y < st->n_years; y++) {
        fputs(y ? ",\n      {\"year\": " : "\n      {\"year\": ", out);
        tci_json_string(out, st->budget->years[y].name);
        const double *v = tci_stmt_plan_row(st, i, y);
        for (int k = 0; k < TCO_STMT_COLS; k++)
            tci_json_number_member(out, tco_stmt_col_name((tco_stmt_col)k), v[k]);
        fputc('}', out);
    }
    fputs("\n    ]", out);
}

/* A plan's power at its site (MODEL.md, A plan at a site with a power limit):
 * its peak kW, the month and the limit then, whether it fits, and why not. */
static void put_plan_power(FILE *out, const tco_plan_result *r)
{
    char why[128];
    tci_json_number_member(out, "peak_kw", r->peak_kw);
    fprintf(out, ", \"peak_month\": %d", r->peak_month);
    tci_json_number_member(out, "power_cap_kw", r->power_cap_kw);
    fprintf(out, ", \"fits_power\": %s", r->fits_power ? "true" : "false");
    tci_json_text_member(out, "power_reason", tco_plan_power_text(r, why, sizeof why));
}

/* A plan's API overflow's rate limit (MODEL.md, An API as a plan's
 * overflow): the limit, whether every month is within it, and why not. */
static void put_plan_rate(FILE *out, const tco_plan_result *r)
{
    char why[192];
    tci_json_number_member(out, "rate_limit_tokens_per_minute", r->rate_limit_tpm);
    fprintf(out, ", \"fits_rate_limit\": %s", r->over_rate_month ? "false" : "true");
    tci_json_text_member(out, "rate_limit_reason", tco_plan_rate_text(r, why, sizeof why));
}

/* A plan's emissions (MODEL.md, A plan's emissions): its sums by scope, its
 * intensities, the carbon cost when priced, and its months. */
static void put_plan_carbon(FILE *out, const tco_result *res, const tco_plan_result *r)
{
    const int priced = tci_field_in(tci_field_get(TCI_F_CARBON_COST), res);
    const json_number f[] = {
        {"electricity_kwh", r->electricity_kwh},
        {"scope2_location_tco2e", r->scope2_location_tco2e},
        {"scope2_market_tco2e", r->scope2_market_tco2e},
        {"scope3_purchased_tco2e", r->scope3_purchased_tco2e},
        {"scope3_capital_tco2e", r->scope3_capital_tco2e},
        {"tco2e", r->tco2e},
        {"tco2e_per_million_tokens", r->tco2e_per_million_tokens},
        {"tco2e_per_run", r->tco2e_per_run},
        {"embodied_tco2e_per_million_tokens", r->embodied_tco2e_per_million_tokens},
        {"carbon_cost", r->carbon_cost}};
    put_numbers(out, f, sizeof f / sizeof *f - !priced);
    put_carbon_months(out, res, r->carbon);
}

/* The plans, best first (MODEL.md, Plans): only when the scenario has any. */
static tco_status put_plans(FILE *out, const tco_result *res)
{
    if (!res->n_plans)
        return TCO_OK;
    tco_statements *sts;
    tco_status st = tco_statements_compute(res, &sts);
    if (st != TCO_OK)
        return st;
    const tco_budget *b = sts->budget;
    const int taxed = res->scenario->tax != 0;
    const int capped = tco_scenario_power_capped(res->scenario); /* MODEL.md, A plan at a site
                                                                    with a power limit */
    fputs(",\n  \"plans\": [", out);
    for (size_t k = 0; k < res->n_plans; k++) {
        const tco_plan_result *r = &res->plans[res->plan_rank[k]];
        const tco_plan *p = r->plan;
        const int api =
            p->overflow_i >= 0 && res->scenario->options[p->overflow_i].acquire == TCO_API;
        const int limited = api && !isnan(r->rate_limit_tpm);
        fputs(k ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
        tci_json_string(out, p->name);
        tci_json_text_member(out, "own", p->own_i >= 0 ? p->own : NULL);
        fprintf(out, ", \"own_count\": %d", r->own_count);
        tci_json_text_member(out, "reserve", p->reserve_i >= 0 ? p->reserve : NULL);
        fprintf(out, ", \"reserve_count\": %d", r->reserve_count);
        tci_json_text_member(out, "overflow", p->overflow_i >= 0 ? p->overflow : NULL);
        fprintf(out, ", \"spares\": %d, \"buy_at\": ", r->spares);
        if (p->n_buys && p->own_i >= 0) {
            for (size_t j = 0; j < p->n_buys; j++)
                fprintf(out, "%s{\"month\": %d, \"gpus\": %d}", j ? ", " : "[", p->buy_month[j],
                        p->buy_count[j]);
            fputc(']', out);
        } else {
            fputs("null", out);
        }
        tci_json_text_member(out, "refresh_to", p->refresh_i >= 0 ? p->refresh_to : NULL);
        fprintf(out, ", \"refresh_auto\": %s, \"refresh_month\": %d, \"refresh_count\": %d",
                p->refresh_i >= 0 && p->refresh_month == TCO_REFRESH_AUTO ? "true" : "false",
                r->refresh_month, r->refresh_count);
        fprintf(out, ", \"serves_demand\": %s", r->unserved > 0 ? "false" : "true");
        const json_number f[] = {{"paid0", r->paid0},
                                 {"own_total", r->own_total},
                                 {"reserve_total", r->reserve_total},
                                 {"overflow_total", r->overflow_total},
                                 {"total", r->total},
                                 {"own_npv", r->own_npv},
                                 {"reserve_npv", r->reserve_npv},
                                 {"overflow_npv", r->overflow_npv},
                                 {"npv", r->npv},
                                 {"after_tax_total", r->after_tax_total},
                                 {"after_tax_npv", r->after_tax_npv},
                                 {"demand", r->demand},
                                 {"unserved", r->unserved},
                                 {"own_hours", r->own_hours},
                                 {"reserve_hours", r->reserve_hours},
                                 {"overflow_hours", r->overflow_hours}};
        put_numbers(out, f, sizeof f / sizeof *f);
        fputs(", \"monthly\": [", out);
        for (int m = 0; m < res->scenario->horizon_months; m++) {
            const tco_plan_month *pm = &r->monthly[m];
            fprintf(out, "%s\n      {\"month\": %d", m ? "," : "", m + 1);
            const json_number g[] = {{"demand", pm->demand},
                                     {"own_capacity", pm->own_capacity},
                                     {"own_hours", pm->own_hours},
                                     {"own_utilization", pm->own_utilization},
                                     {"reserve_hours", pm->reserve_hours},
                                     {"overflow_hours", pm->overflow_hours},
                                     {"unserved", pm->unserved},
                                     {"own_cost", pm->own_cost},
                                     {"reserve_cost", pm->reserve_cost},
                                     {"overflow_cost", pm->overflow_cost},
                                     {"cost", pm->cost}};
            put_numbers(out, g, sizeof g / sizeof *g);
            if (taxed) /* MODEL.md, A plan's budget */
                tci_json_number_member(out, "tax", pm->tax);
            if (capped) {
                tci_json_number_member(out, "own_kw", pm->own_kw);
                tci_json_number_member(out, "power_cap_kw", pm->power_cap_kw);
            }
            if (api) /* MODEL.md, An API as a plan's overflow */
                tci_json_number_member(out, "overflow_tokens", pm->overflow_tokens);
            if (limited) /* ... and its rate limit */
                tci_json_number_member(out, "overflow_tokens_per_minute",
                                       pm->overflow_tokens_per_minute);
            fputc('}', out);
        }
        fputs("\n    ]", out);
        tci_json_number_member(out, "tax0", taxed ? r->tax0 : NAN);
        tci_json_number_member(out, "commitment_tax", taxed ? r->commitment_tax : NAN);
        put_plan_years(out, res->scenario, b, res->plan_rank[k]);
        put_plan_statements(out, sts, res->plan_rank[k]);
        if (capped)
            put_plan_power(out, r);
        if (api)
            tci_json_number_member(out, "overflow_tokens", r->overflow_tokens);
        if (limited)
            put_plan_rate(out, r);
        if (r->carbon) /* MODEL.md, A plan's emissions */
            put_plan_carbon(out, res, r);
        fputc('}', out);
    }
    fputs("\n  ]", out);
    tco_statements_free(sts);
    return TCO_OK;
}

/* One candidate of the search: {own_count, reserve_count, total, npv,
 * after_tax_npv, objective, unserved}. */
static void put_candidate(FILE *out, const tco_candidate *c)
{
    fprintf(out, "{\"own_count\": %d, \"reserve_count\": %d", c->own_count, c->reserve_count);
    const json_number f[] = {{"total", c->total},
                             {"npv", c->npv},
                             {"after_tax_npv", c->after_tax_npv},
                             {"objective", c->objective},
                             {"unserved", c->unserved}};
    put_numbers(out, f, sizeof f / sizeof *f);
    fputc('}', out);
}

/* The cheapest plan (MODEL.md, The cheapest plan): only with [optimize]. */
static void put_optimize(FILE *out, const tco_result *res)
{
    const char *const *objectives = tco_scenario_key(TCO_S_RANK_BY)->names;
    const tco_optimize_result *r = res->optimize;
    if (!r)
        return;
    const tco_optimize *z = r->optimize;
    fputs(",\n  \"optimize\": {\"plan\": ", out);
    tci_json_string(out, res->scenario->plans[z->plan_i].name);
    tci_json_text_member(out, "objective", objectives[z->objective]);
    fprintf(out,
            ", \"own_min\": %d, \"own_max\": %d, \"own_step\": %d, \"reserve_min\": %d, "
            "\"reserve_max\": %d, \"reserve_step\": %d, \"evaluated\": %zu, \"feasible\": "
            "%zu,\n    \"best\": ",
            r->own_min, r->own_max, r->own_step, r->reserve_min, r->reserve_max, r->reserve_step,
            r->evaluated, r->feasible);
    if (r->found)
        put_candidate(out, &r->best);
    else
        fputs("null", out);
    fputs(",\n    \"runners_up\": [", out);
    for (size_t k = 0; k < r->n_runners; k++) {
        fputs(k ? ",\n      " : "\n      ", out);
        put_candidate(out, &r->runners[k]);
    }
    fputs(r->n_runners ? "\n    ],\n    \"curve\": [" : "],\n    \"curve\": [", out);
    for (size_t k = 0; k < r->n_curve; k++) {
        fputs(k ? ",\n      " : "\n      ", out);
        put_candidate(out, &r->curve[k]);
    }
    fputs(r->n_curve ? "\n    ]" : "]", out);
    if (tco_scenario_power_capped(res->scenario)) /* MODEL.md, The cheapest plan */
        fprintf(out, ",\n    \"over_power\": %zu", r->over_power);
    const tco_plan *p = &res->scenario->plans[z->plan_i];
    if (p->overflow_i >= 0 && res->scenario->options[p->overflow_i].max_tokens_per_minute > 0 &&
        res->scenario->options[p->overflow_i].acquire == TCO_API)
        fprintf(out, ",\n    \"over_rate_limit\": %zu", r->over_rate_limit);
    fputc('}', out);
}

/* See documentation in header file. */
tco_status tco_report_write_json_stream(const tco_result *res, FILE *out)
{
    if (!res || !out)
        return TCO_ERR_ARG;
    const tco_scenario *s = res->scenario;
    fprintf(out, "{\n  \"format_version\": %d,\n  \"scenario\": {\n    \"name\": ",
            TCO_REPORT_FORMAT_VERSION);
    tci_json_string(out, s->name);
    fputs(",\n    \"currency\": ", out);
    tci_json_string(out, s->currency);
    fprintf(out, ",\n    \"horizon_months\": %d,\n    \"discount_rate\": ", s->horizon_months);
    tci_json_number(out, s->discount_rate);
    fputs(",\n    \"hours_per_month\": ", out);
    tci_json_number(out, s->hours_per_month);
    if (s->n_fx) { /* [fx]: only with it, so that other reports stay as they were */
        fputs(",\n    \"fx\": [", out);
        for (size_t k = 0; k < s->n_fx; k++) {
            const tco_fx *fx = &s->fx[k];
            fputs(k ? ", {\"currency\": " : "{\"currency\": ", out);
            tci_json_string(out, fx->code);
            tci_json_number_member(out, "rate", fx->rate);
            tci_json_text_member(out, "source", fx->source);
            tci_json_text_member(out, "as_of", fx->as_of);
            fprintf(out, ", \"stale\": %s}", fx->stale ? "true" : "false");
        }
        fputc(']', out);
    }
    fputs("\n  },\n  \"options\": [", out);
    for (size_t i = 0; i < res->n_options; i++) {
        fputs(i ? ",\n" : "\n", out);
        put_option(out, res, i);
    }
    fputs("\n  ]", out);
    put_decision(out, res);
    tco_status st = put_fiscal_years(out, res);
    if (st == TCO_OK)
        st = tci_json_put_statements(out, res);
    if (st != TCO_OK)
        return st;
    st = put_plans(out, res);
    if (st != TCO_OK)
        return st;
    put_optimize(out, res);
    if (res->analysis)
        put_analysis(out, res, res->analysis);
    fputs("\n}\n", out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* ===== The catalog listing ===== */

/* See documentation in header file. */
tco_status tco_catalog_write_json_stream(const tco_catalog *cat, FILE *out)
{
    if (!cat || !out)
        return TCO_ERR_ARG;
    fputs("{\n  \"gpus\": [", out);
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        const json_number f[] = {
            {"fp16_tflops", g->fp16_tflops},     {"fp16_tflops_sparse", g->fp16_tflops_sparse},
            {"fp32_tflops", g->fp32_tflops},     {"memory_gb", g->memory_gb},
            {"memory_bw_tbs", g->memory_bw_tbs}, {"nvlink_gbs", g->nvlink_gbs},
            {"pcie_gbs", g->pcie_gbs},           {"tdp_w", g->tdp_w},
            {"price_low", g->price_low},         {"price_typical", g->price_typical},
            {"price_high", g->price_high}};
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, g->id);
        tci_json_text_member(out, "name", g->name);
        tci_json_text_member(out, "vendor", g->vendor);
        tci_json_text_member(out, "memory_type", g->memory_type);
        put_numbers(out, f, sizeof f / sizeof f[0]);
        tci_json_text_member(out, "currency", g->currency);
        tci_json_text_member(out, "source", g->source);
        tci_json_text_member(out, "as_of", g->as_of);
        fputc('}', out);
    }
    fputs("\n  ],\n  \"offers\": [", out);
    for (size_t i = 0; i < cat->n_offers; i++) {
        const tco_offer *o = &cat->offers[i];
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, o->id);
        tci_json_text_member(out, "provider", o->provider);
        tci_json_text_member(out, "gpu", o->gpu);
        tci_json_text_member(out, "pricing", o->pricing);
        fprintf(out, ", \"term_months\": %d", o->term_months);
        tci_json_number_member(out, "price_per_gpu_hour", o->price_per_gpu_hour);
        tci_json_text_member(out, "currency", o->currency);
        tci_json_text_member(out, "region", o->region);
        tci_json_text_member(out, "source", o->source);
        tci_json_text_member(out, "as_of", o->as_of);
        fputc('}', out);
    }
    fputs("\n  ]", out);
    /* API offers (MODEL.md, API options): only when the catalog has any, so
     * that a listing of GPUs and offers alone stays as it was. */
    if (cat->n_api_offers)
        fputs(",\n  \"api_offers\": [", out);
    for (size_t i = 0; i < cat->n_api_offers; i++) {
        const tco_api_offer *a = &cat->api_offers[i];
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, a->id);
        tci_json_text_member(out, "provider", a->provider);
        tci_json_text_member(out, "model", a->model);
        tci_json_number_member(out, "input_per_million", a->input_per_million);
        tci_json_number_member(out, "cached_per_million", a->cached_per_million);
        tci_json_number_member(out, "output_per_million", a->output_per_million);
        tci_json_text_member(out, "currency", a->currency);
        tci_json_text_member(out, "source", a->source);
        tci_json_text_member(out, "as_of", a->as_of);
        fputc('}', out);
    }
    if (cat->n_api_offers)
        fputs("\n  ]", out);
    /* Grid regions (MODEL.md, Carbon), likewise only when the catalog has any. */
    if (cat->n_grid_regions)
        fputs(",\n  \"grid_regions\": [", out);
    for (size_t i = 0; i < cat->n_grid_regions; i++) {
        const tco_grid_region *g = &cat->grid_regions[i];
        fprintf(out, "%s\n    {\"id\": ", i ? "," : "");
        tci_json_string(out, g->id);
        tci_json_text_member(out, "provider", g->provider);
        tci_json_text_member(out, "region", g->region);
        tci_json_number_member(out, "kgco2e_per_kwh", g->kgco2e_per_kwh);
        tci_json_number_member(out, "pue", g->pue);
        tci_json_text_member(out, "source", g->source);
        tci_json_text_member(out, "as_of", g->as_of);
        fputc('}', out);
    }
    fputs(cat->n_grid_regions ? "\n  ]\n}\n" : "\n}\n", out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in header file. */
static tco_status json_to(FILE *out, const void *res)
{
    return tco_report_write_json_stream(res, out);
}

tco_status tco_report_write_json(const tco_result *res, const char *path, tco_diags *diags)
{
    if (!res || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, json_to, res, diags);
}

/* See json.h. */
tco_status tci_json_put_statements(FILE *out, const tco_result *res)
{
    tco_statements *st;
    tco_status status = tco_statements_compute(res, &st);
    if (status != TCO_OK)
        return status;
    fputs(",\n  \"statements\": [", out);
    for (size_t i = 0; i < st->n_options; i++)
        for (size_t y = 0; y < st->n_years; y++) {
            const tco_option *o = &res->scenario->options[i];
            fprintf(out, "%s\n    {\"option\": ", i + y ? "," : "");
            tci_json_string(out, o->id);
            tci_json_text_member(out, "year", st->budget->years[y].name);
            tci_json_text_member(out, "lease_accounting", tci_stmt_standard(o));
            tci_json_number_member(out, "lease_rate", tci_stmt_rate(st, i));
            tci_json_text_member(out, "lease_rate_source",
                                 tco_lease_rate_source_name(st->lease[i].source));
            const double *v = tci_stmt_row(st, i, y);
            for (int k = 0; k < TCO_STMT_COLS; k++)
                tci_json_number_member(out, tco_stmt_col_name((tco_stmt_col)k), v[k]);
            fputc('}', out);
        }
    fputs(st->n_options ? "\n  ]" : "]", out);
    tco_statements_free(st);
    return TCO_OK;
}
