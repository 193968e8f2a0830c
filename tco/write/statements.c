/* statements.c - the statements by fiscal year (docs/MODEL.md, "Statements
 * by fiscal year") in the JSON and the CSV: one record per option and fiscal
 * year, the lease's standard and rate, then the columns of tco_stmt_col. */
#include "write/statements.h"
#include "write/csv.h"
#include "write/json.h"

#include <math.h>

/* The name of option o's lease_accounting, or NULL when it is not leased. */
static const char *standard_of(const tco_option *o)
{
    if (o->acquire != TCO_BUY || o->financing != TCO_FIN_LEASE)
        return NULL;
    return tco_option_key(TCO_O_LEASE_ACCOUNTING)->names[o->lease_accounting];
}

/* A leased option's annual rate, NAN otherwise (null, an empty field). */
static double rate_of(const tco_statements *st, size_t i)
{
    return st->lease[i].source == TCO_LEASE_RATE_NONE ? NAN : st->lease[i].rate;
}

static const double *row_of(const tco_statements *st, size_t i, size_t y)
{
    return &st->value[(i * st->n_years + y) * TCO_STMT_COLS];
}

/* See statements.h. */
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
            tci_json_text_member(out, "lease_accounting", standard_of(o));
            tci_json_number_member(out, "lease_rate", rate_of(st, i));
            tci_json_text_member(out, "lease_rate_source",
                                 tco_lease_rate_source_name(st->lease[i].source));
            const double *v = row_of(st, i, y);
            for (int k = 0; k < TCO_STMT_COLS; k++)
                tci_json_number_member(out, tco_stmt_col_name((tco_stmt_col)k), v[k]);
            fputc('}', out);
        }
    fputs(st->n_options ? "\n  ]" : "]", out);
    tco_statements_free(st);
    return TCO_OK;
}

/* See statements.h. */
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
            const char *standard = standard_of(o);
            tci_csv_text(out, o->id);
            fputc(',', out);
            tci_csv_text(out, st->budget->years[y].name);
            fputc(',', out);
            tci_csv_text(out, standard ? standard : "");
            fputc(',', out);
            tci_csv_number(out, rate_of(st, i));
            fputc(',', out);
            tci_csv_text(out, source ? source : "");
            const double *v = row_of(st, i, y);
            for (int k = 0; k < TCO_STMT_COLS; k++) {
                fputc(',', out);
                tci_csv_number(out, v[k]);
            }
            fputs(TCI_CSV_EOL, out);
        }
    tco_statements_free(st);
    return TCO_OK;
}
