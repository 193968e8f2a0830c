/* csv.c - the summary and monthly tables, and the catalog listing, as CSV
 * (RFC 4180), through one field writer that guards against formula
 * injection. */
#include "core/fields.h"
#include "util/outfile.h"
#include "write/csv.h"
#include "write/statements.h"

#include <math.h>
#include <string.h>

#define EOL TCI_CSV_EOL
/* The monthly table's last columns: the flows of month H besides its cost,
 * then the running total that ends at the option's total. */
#define MONTH_H "residual,commitment_after_horizon,cumulative"
/* Then, with carbon figures (MODEL.md, Carbon), a month's kWh and tCO2e. */
#define CARBON_COLUMNS                                                                             \
    "kwh,scope2_location_tco2e,scope2_market_tco2e,scope3_purchased_tco2e,scope3_capital_tco2e,"   \
    "tco2e"

/* ===== Fields ===== */

/* See csv.h. A text field. Quoted only when it must be, so plain ids stay plain: when it
 * holds a comma, a semicolon or a tab (the separators spreadsheets guess, by
 * locale), a double quote, CR or LF. A leading = + - @ TAB or CR would make a
 * spreadsheet evaluate the field as a formula (CSV injection): such a field
 * gets a leading single quote, which spreadsheets take as "text", and is
 * quoted (OWASP, CSV Injection). The rule looks at the column, not at the
 * content: a text field that reads as a number ("-5") gets the quote too,
 * while number fields (tci_csv_number) never do. NULL is an empty field. */
void tci_csv_text(FILE *out, const char *s)
{
    if (!s)
        return;
    int inject = s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL;
    int quote = inject || strpbrk(s, ",;\t\"\r\n") != NULL;
    if (!quote) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    if (inject)
        fputc('\'', out);
    for (const char *p = s; *p; p++) {
        if (*p == '"')
            fputc('"', out);
        fputc(*p, out);
    }
    fputc('"', out);
}

/* A number field: the shortest text that reads back as the same double
 * (tco_format_double: 0.7, not 0.69999999999999996); unknown (NAN) is an
 * empty field; -0 is written 0. */
void tci_csv_number(FILE *out, double x)
{
    char t[32];
    if (!isnan(x) && !isinf(x))
        fputs(tco_format_double(t, sizeof t, x), out);
}

/* ===== The report ===== */

/* A record of the summary, over the result fields of res marked for CSV in
 * table order: their names (the header) when `head` is nonzero, else option
 * i's values. */
static void put_summary_record(FILE *out, const tco_result *res, int head, size_t i)
{
    int first = 1;
    for (int k = 0; k < TCI_F_COUNT; k++) {
        const tci_field *f = tci_field_get((tci_field_id)k);
        if (!(f->outputs & TCI_OUT_CSV) || !tci_field_in(f, res))
            continue;
        if (!first)
            fputc(',', out);
        first = 0;
        if (head)
            fputs(f->name, out);
        else if (f->unit == TCI_FU_TEXT)
            tci_csv_text(out, tci_field_text(f, res, i));
        else
            tci_csv_number(out, tci_field_number(f, res, i));
    }
    fputs(EOL, out);
}

/* The carbon columns of a month (MODEL.md, Carbon), each after a comma: the
 * kWh, the tCO2e by scope, their sum and, when priced, the carbon cost. */
static void put_carbon_month(FILE *out, const tco_carbon_month *c, int priced)
{
    const double v[] = {
        c->kwh,   c->scope2_location, c->scope2_market, c->scope3_purchased, c->scope3_capital,
        c->tco2e, c->carbon_cost};
    for (size_t i = 0; i < sizeof v / sizeof v[0] - !priced; i++) {
        fputc(',', out);
        tci_csv_number(out, v[i]);
    }
}

/* An option's months 0..H (MODEL.md, CSV output): what month 0 pays (paid0),
 * its cost lines; with `loans`, the loan's three lines after them, with
 * `leases` the lease's two after those, and with `taxes` the tax depreciation
 * and the tax after the depreciation; then the month's cost, the residual
 * (a receipt, negative) and what is owed past the horizon, both at month H, and
 * the cumulative: the engine's to month H - 1, its total at month H (the
 * engine's cumulative(H) - residual + commitment_after_horizon), so that the
 * column ends at the option's total. Month 0 has paid0 (and the tax of month 0)
 * and zeros. */
static void put_monthly_rows(FILE *out, int horizon, const tco_option *o,
                             const tco_option_result *r, int loans, int leases, int taxes,
                             int priced)
{
    const tco_month zero = {0};
    for (int m = 0; m <= horizon; m++) {
        const tco_month *mo = m ? &r->monthly[m - 1] : &zero;
        const int last = m == horizon;
        const double v[] = {mo->loan_interest,
                            mo->loan_principal,
                            mo->loan_balance,
                            mo->lease_payment,
                            mo->lease_buyout,
                            mo->depreciation,
                            m ? mo->tax_depreciation : r->tax_depreciation0,
                            m ? mo->tax : r->tax0,
                            mo->cost,
                            last ? -r->residual : 0,
                            last ? r->commitment_after_horizon : 0,
                            last ? r->total
                            : m  ? mo->cumulative
                                 : r->paid0};
        tci_csv_text(out, o->id);
        fprintf(out, ",%d,", m);
        tci_csv_number(out, m ? 0 : r->paid0);
        for (int line = 0; line < TCO_LINES; line++) {
            fputc(',', out);
            tci_csv_number(out, tco_month_line(mo, line));
        }
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
            if ((!loans && i < 3) || (!leases && i >= 3 && i < 5) || (!taxes && i >= 6 && i < 8))
                continue;
            fputc(',', out);
            tci_csv_number(out, v[i]);
        }
        if (r->carbon) /* MODEL.md, Carbon: the month's tCO2e by scope */
            put_carbon_month(out, &r->carbon[m], priced);
        fputs(EOL, out);
    }
}

/* One row of the budget: the option's or plan's name, fiscal year fy, its n
 * figures. */
static void put_year(FILE *out, const char *name, const tco_fiscal_year *fy, const double *v, int n)
{
    tci_csv_text(out, name);
    fputc(',', out);
    tci_csv_text(out, fy->name);
    fputc(',', out);
    tci_csv_text(out, fy->from);
    fputc(',', out);
    tci_csv_text(out, fy->to);
    fprintf(out, ",%d,%d,%d,%d", fy->first_month, fy->last_month, fy->months, fy->partial);
    for (int k = 0; k < n; k++) {
        fputc(',', out);
        tci_csv_number(out, v[k]);
    }
    fputs(EOL, out);
}

/* The budget's table, after a blank line; then the plans' (MODEL.md, A
 * plan's budget), after another. */
static tco_status put_fiscal_years(FILE *out, const tco_result *res)
{
    tco_budget *b;
    tco_status st = tco_budget_compute(res, &b);
    if (st != TCO_OK)
        return st;
    fputs(EOL "id,year,from,to,first_month,last_month,months,partial", out);
    for (int k = 0; k < TCO_BUDGET_COLS; k++)
        if (tco_budget_col_shown(res->scenario, (tco_budget_col)k))
            fprintf(out, ",%s", tco_budget_col_name((tco_budget_col)k));
    fputs(EOL, out);
    for (size_t i = 0; i < b->n_options; i++)
        for (size_t y = 0; y < b->n_years; y++)
            put_year(out, res->scenario->options[i].id, &b->years[y],
                     &b->value[(i * b->n_years + y) * TCO_BUDGET_COLS],
                     TCO_BUDGET_COLS - !tco_budget_col_shown(res->scenario, TCO_BUDGET_CARBON));
    if (b->n_plans) { /* MODEL.md, A plan's budget: plans in file order */
        fputs(EOL "plan,year,from,to,first_month,last_month,months,partial", out);
        for (int k = 0; k < TCO_PLAN_BUDGET_COLS; k++)
            if (tco_plan_budget_col_shown(res->scenario, (tco_plan_budget_col)k))
                fprintf(out, ",%s", tco_plan_budget_col_name((tco_plan_budget_col)k));
        fputs(EOL, out);
    }
    for (size_t i = 0; i < b->n_plans; i++)
        for (size_t y = 0; y < b->n_years; y++)
            put_year(out, res->plans[i].plan->name, &b->years[y],
                     &b->plan_value[(i * b->n_years + y) * TCO_PLAN_BUDGET_COLS],
                     TCO_PLAN_BUDGET_COLS -
                         !tco_plan_budget_col_shown(res->scenario, TCO_PLAN_BUDGET_CARBON));
    tco_budget_free(b);
    return TCO_OK;
}

/* The plans (MODEL.md, The CSV output): after a blank record, "plan" and the
 * plan figures' names in their order (the tax figures only with [tax], the
 * carbon figures only with carbon figures, the carbon cost when priced), then a
 * record per plan in file order: a part's option id, a flag 0 or 1, a figure
 * that does not apply empty. */
static void put_plans(FILE *out, const tco_result *res)
{
    size_t n = 0;
    tco_plan_figure_name(0, &n);
    tci_plan_value v;
    fputs(EOL "plan", out);
    for (size_t k = 0; k < n; k++) {
        tci_plan_figure(k, res, 0, &v);
        if (v.shown)
            fprintf(out, ",%s", v.name);
    }
    fputs(EOL, out);
    for (size_t i = 0; i < res->n_plans; i++) {
        tci_csv_text(out, res->plans[i].plan->name);
        for (size_t k = 0; k < n; k++) {
            tci_plan_figure(k, res, i, &v);
            if (!v.shown)
                continue;
            fputc(',', out);
            if (v.kind == TCO_FIG_TEXT)
                tci_csv_text(out, v.text);
            else if (v.applies)
                tci_csv_number(out, v.x);
        }
        fputs(EOL, out);
    }
}

/* See documentation in header file. */
tco_status tco_report_write_csv_stream(const tco_result *res, FILE *out, int monthly)
{
    if (!res || !res->scenario || !out)
        return TCO_ERR_ARG;
    const tco_scenario *s = res->scenario;
    put_summary_record(out, res, 1, 0);
    for (size_t i = 0; i < res->n_options; i++)
        put_summary_record(out, res, 0, i);
    if (res->n_plans)
        put_plans(out, res);
    if (monthly & TCO_CSV_MONTHLY) {
        int loans = tci_field_in(tci_field_get(TCI_F_LOAN_INTEREST), res);
        fputs(EOL "id,month,paid0,", out);
        for (int line = 0; line < TCO_LINES; line++)
            fprintf(out, "%s,", tco_cost_line_get(line)->name);
        int leases = tci_field_in(tci_field_get(TCI_F_LEASE_PAYMENT), res);
        if (loans)
            fputs("loan_interest,loan_principal,loan_balance,", out);
        if (leases)
            fputs("lease_payment,lease_buyout,", out);
        fputs(s->tax ? "depreciation,tax_depreciation,tax,cost," MONTH_H
                     : "depreciation,cost," MONTH_H,
              out);
        /* The months' carbon (MODEL.md, Carbon), when the engine kept them. */
        int carbon = res->n_options > 0 && res->options[0].carbon;
        int priced = carbon && tci_field_in(tci_field_get(TCI_F_CARBON_COST), res);
        if (carbon)
            fputs(priced ? "," CARBON_COLUMNS ",carbon_cost" : "," CARBON_COLUMNS, out);
        fputs(EOL, out);
        for (size_t i = 0; i < res->n_options; i++)
            put_monthly_rows(out, s->horizon_months, &s->options[i], &res->options[i], loans,
                             leases, s->tax, priced);
    }
    if (monthly & TCO_CSV_FISCAL_YEARS) {
        tco_status st = put_fiscal_years(out, res);
        if (st != TCO_OK)
            return st;
    }
    if (monthly & TCO_CSV_STATEMENTS) {
        tco_status st = tci_csv_put_statements(out, res);
        if (st != TCO_OK)
            return st;
    }
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* ===== The catalog listing ===== */

/* See documentation in header file. */
tco_status tco_catalog_write_csv_stream(const tco_catalog *cat, FILE *out)
{
    if (!cat || !out)
        return TCO_ERR_ARG;
    fputs("kind,id,name,provider,gpu,pricing,term_months,fp16_tflops,memory_gb,tdp_w,"
          "price_typical,price_per_gpu_hour,currency,region,source,as_of,kgco2e_per_kwh,pue" EOL,
          out);
    for (size_t i = 0; i < cat->n_gpus; i++) {
        const tco_gpu_model *g = &cat->gpus[i];
        fputs("gpu,", out);
        tci_csv_text(out, g->id);
        fputc(',', out);
        tci_csv_text(out, g->name);
        fputs(",,,,,", out); /* provider, gpu, pricing, term_months */
        tci_csv_number(out, g->fp16_tflops);
        fputc(',', out);
        tci_csv_number(out, g->memory_gb);
        fputc(',', out);
        tci_csv_number(out, g->tdp_w);
        fputc(',', out);
        tci_csv_number(out, g->price_typical);
        fputs(",,", out); /* price_per_gpu_hour */
        tci_csv_text(out, g->currency);
        fputs(",,", out); /* region */
        tci_csv_text(out, g->source);
        fputc(',', out);
        tci_csv_text(out, g->as_of);
        fputs(",," EOL, out); /* kgco2e_per_kwh, pue */
    }
    for (size_t i = 0; i < cat->n_offers; i++) {
        const tco_offer *o = &cat->offers[i];
        fputs("offer,", out);
        tci_csv_text(out, o->id);
        fputs(",,", out); /* name */
        tci_csv_text(out, o->provider);
        fputc(',', out);
        tci_csv_text(out, o->gpu);
        fputc(',', out);
        tci_csv_text(out, o->pricing);
        fprintf(out, ",%d,,,,,", o->term_months); /* fp16_tflops .. price_typical */
        tci_csv_number(out, o->price_per_gpu_hour);
        fputc(',', out);
        tci_csv_text(out, o->currency);
        fputc(',', out);
        tci_csv_text(out, o->region);
        fputc(',', out);
        tci_csv_text(out, o->source);
        fputc(',', out);
        tci_csv_text(out, o->as_of);
        fputs(",," EOL, out); /* kgco2e_per_kwh, pue */
    }
    /* Grid regions (MODEL.md, Carbon): the provider, region, source, date and
     * the two figures; the other columns empty. */
    for (size_t i = 0; i < cat->n_grid_regions; i++) {
        const tco_grid_region *g = &cat->grid_regions[i];
        fputs("grid-region,", out);
        tci_csv_text(out, g->id);
        fputs(",,", out); /* name */
        tci_csv_text(out, g->provider);
        fputs(",,,,,,,,,,", out); /* gpu .. currency */
        tci_csv_text(out, g->region);
        fputc(',', out);
        tci_csv_text(out, g->source);
        fputc(',', out);
        tci_csv_text(out, g->as_of);
        fputc(',', out);
        tci_csv_number(out, g->kgco2e_per_kwh);
        fputc(',', out);
        tci_csv_number(out, g->pue);
        fputs(EOL, out);
    }
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in header file. */
/* What the CSV writer needs besides the stream. */
typedef struct csv_args {
    const tco_result *res;
    int monthly;
} csv_args;

static tco_status csv_to(FILE *out, const void *arg)
{
    const csv_args *a = arg;
    return tco_report_write_csv_stream(a->res, out, a->monthly);
}

tco_status tco_report_write_csv(const tco_result *res, const char *path, int monthly,
                                tco_diags *diags)
{
    if (!res || !path)
        return TCO_ERR_ARG;
    csv_args a = {res, monthly};
    return tco_write_atomic(path, csv_to, &a, diags);
}

/* See csv.h. */
tco_status tci_csv_put_statements(FILE *out, const tco_result *res)
{
    tco_statements *st;
    tco_status status = tco_statements_compute(res, &st);
    if (status != TCO_OK)
        return status;
    fputs(TCI_CSV_EOL "option,year,lease_accounting,lease_rate,lease_rate_source", out);
    for (int k = 0; k < TCO_STMT_COLS; k++)
        fprintf(out, ",%s", tco_stmt_col_name((tco_stmt_col)k));
    fputs(TCI_CSV_EOL, out);
    for (size_t i = 0; i < st->n_options; i++)
        for (size_t y = 0; y < st->n_years; y++) {
            const tco_option *o = &res->scenario->options[i];
            const char *source = tco_lease_rate_source_name(st->lease[i].source);
            const char *standard = tci_stmt_standard(o);
            tci_csv_text(out, o->id);
            fputc(',', out);
            tci_csv_text(out, st->budget->years[y].name);
            fputc(',', out);
            tci_csv_text(out, standard ? standard : "");
            fputc(',', out);
            tci_csv_number(out, tci_stmt_rate(st, i));
            fputc(',', out);
            tci_csv_text(out, source ? source : "");
            const double *v = tci_stmt_row(st, i, y);
            for (int k = 0; k < TCO_STMT_COLS; k++) {
                fputc(',', out);
                tci_csv_number(out, v[k]);
            }
            fputs(TCI_CSV_EOL, out);
        }
    /* MODEL.md, A plan's statements: plans in file order, after another blank
     * line. */
    if (st->n_plans) {
        fputs(TCI_CSV_EOL "plan,year", out);
        for (int k = 0; k < TCO_STMT_COLS; k++)
            fprintf(out, ",%s", tco_stmt_col_name((tco_stmt_col)k));
        fputs(TCI_CSV_EOL, out);
    }
    for (size_t i = 0; i < st->n_plans; i++)
        for (size_t y = 0; y < st->n_years; y++) {
            tci_csv_text(out, res->plans[i].plan->name);
            fputc(',', out);
            tci_csv_text(out, st->budget->years[y].name);
            const double *v = tci_stmt_plan_row(st, i, y);
            for (int k = 0; k < TCO_STMT_COLS; k++) {
                fputc(',', out);
                tci_csv_number(out, v[k]);
            }
            fputs(TCI_CSV_EOL, out);
        }
    tco_statements_free(st);
    return TCO_OK;
}
