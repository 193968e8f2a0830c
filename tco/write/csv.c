/* csv.c - the summary and monthly tables as CSV (RFC 4180). */
#include "util/outfile.h"

#include <math.h>
#include <string.h>

/* RFC 4180 ends every record with CRLF. */
#define EOL "\r\n"

/* A text field. Quoted only when it must be, so plain ids stay plain. A
 * leading = + - @ TAB or CR would make a spreadsheet evaluate the field as a
 * formula (CSV injection): such a field gets a leading single quote, which
 * spreadsheets take as "text", and is quoted (OWASP, CSV Injection). NULL is
 * an empty field. */
static void put_text(FILE *out, const char *s)
{
    if (!s)
        return;
    int inject = s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL;
    int quote = inject || strpbrk(s, ",\"\r\n") != NULL;
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

/* 17 significant digits round-trip a double; unknown (NAN) is an empty
 * field; -0 is written 0. */
static void put_number(FILE *out, double x)
{
    fputc(',', out);
    if (!isnan(x) && !isinf(x))
        fprintf(out, "%.17g", x == 0 ? 0.0 : x);
}

static const char *const summary_header =
    "id,label,acquire,gpu,count,utilization,capex,power,cooling,facility,maintenance,"
    "staff,rental,residual,total,npv,gpu_hours,cost_per_gpu_hour,cost_per_pflop_hour,"
    "cost_per_unit,units_per_s_per_kw,it_kw,provisioned_kw,depreciation,book_value_end,"
    "breakeven_month,breakeven_utilization";

static void put_summary_row(FILE *out, const tco_option *o, const tco_option_result *r)
{
    put_text(out, o->id);
    fputc(',', out);
    put_text(out, o->label);
    fputs(o->acquire == TCO_BUY ? ",buy," : ",rent,", out);
    put_text(out, o->gpu);
    fprintf(out, ",%d", o->count);
    const double v[] = {r->utilization,
                        r->capex,
                        r->power,
                        r->cooling,
                        r->facility,
                        r->maintenance,
                        r->staff,
                        r->rental,
                        r->residual,
                        r->total,
                        r->npv,
                        r->gpu_hours,
                        r->cost_per_gpu_hour,
                        r->cost_per_pflop_hour,
                        r->cost_per_unit,
                        r->units_per_s_per_kw,
                        r->it_kw,
                        r->provisioned_kw,
                        r->depreciation,
                        r->book_value_end};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        put_number(out, v[i]);
    if (r->breakeven_month > 0)
        fprintf(out, ",%d", r->breakeven_month);
    else
        fputc(',', out);
    put_number(out, r->breakeven_utilization);
    fputs(EOL, out);
}

static void put_monthly_rows(FILE *out, int horizon, const tco_option *o,
                             const tco_option_result *r)
{
    for (int m = 1; m <= horizon; m++) {
        const tco_month *mo = &r->monthly[m - 1];
        const double v[] = {mo->power,  mo->cooling,      mo->facility, mo->maintenance, mo->staff,
                            mo->rental, mo->depreciation, mo->cost,     mo->cumulative};
        put_text(out, o->id);
        fprintf(out, ",%d", m);
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            put_number(out, v[i]);
        fputs(EOL, out);
    }
}

/* See documentation in header file. */
tco_status tco_report_write_csv_stream(const tco_result *res, FILE *out, int monthly)
{
    if (!res || !res->scenario || !out)
        return TCO_ERR_ARG;
    const tco_scenario *s = res->scenario;
    fputs(summary_header, out);
    fputs(EOL, out);
    for (size_t i = 0; i < res->n_options; i++)
        put_summary_row(out, &s->options[i], &res->options[i]);
    if (monthly) {
        fputs(EOL "id,month,power,cooling,facility,maintenance,staff,rental,depreciation,"
                  "cost,cumulative" EOL,
              out);
        for (size_t i = 0; i < res->n_options; i++)
            put_monthly_rows(out, s->horizon_months, &s->options[i], &res->options[i]);
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
