/* markdown.c - a Markdown summary for chat and pull requests. */
#include "util/outfile.h"

#include <math.h>
#include <string.h>

/* Text from the scenario, escaped so that it renders as written: every
 * character that Markdown (CommonMark and GitHub tables) gives a meaning
 * inline gets a backslash, which CommonMark defines for any ASCII punctuation,
 * so the escape is always safe. '|' would end a table cell, '<' and '&' could
 * start raw HTML or an entity, '[' a link, '*' '_' '~' '`' emphasis or code;
 * a leading + - = ! could start a list, a setext underline or an image;
 * '@' would mention a user on GitHub, as '#' would link an issue.
 * Control characters (line breaks included) would end the table row, so they
 * become spaces. */
static void put_text(FILE *out, const char *s)
{
    if (!s)
        return;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 || *p == 0x7F)
            fputc(' ', out);
        else if (strchr("\\|*_`[]<>&#~@", *p) ||
                 (p == (const unsigned char *)s && strchr("+-=!", *p)))
            fprintf(out, "\\%c", *p);
        else
            fputc(*p, out);
    }
}

/* x with thousands separators and 2 decimals ("1,234,567.89"); NAN is "n/a". */
static void put_money(FILE *out, double x)
{
    char buf[TCO_NUMTEXT_MAX];
    fputs(tco_group_thousands(buf, sizeof buf, x, 2), out);
}

/* A percentage with one decimal ("40.6%"); NAN is "n/a". */
static void put_percent(FILE *out, double x)
{
    if (isnan(x) || isinf(x))
        fputs("n/a", out);
    else
        fprintf(out, "%.1f%%", x * 100 == 0 ? 0.0 : x * 100);
}

/* See documentation in header file. */
tco_status tco_report_write_md_stream(const tco_result *res, FILE *out)
{
    if (!res || !res->scenario || !out || (res->n_options && !res->rank))
        return TCO_ERR_ARG;
    const tco_scenario *s = res->scenario;
    fputs("# ", out);
    put_text(out, s->name);
    fprintf(out, "\n\n%d months, money in ", s->horizon_months);
    put_text(out, s->currency);
    fprintf(out,
            ", discount rate %g%% a year. Options are ranked by total cost, cheapest "
            "first",
            s->discount_rate * 100);
    if (res->baseline >= 0 && (size_t)res->baseline < res->n_options) {
        fputs("; break-even is against ", out);
        put_text(out, s->options[res->baseline].label);
    }
    fputs(".\n\n| Rank | Option | Acquire | Total (", out);
    put_text(out, s->currency);
    fputs(") | NPV | Per GPU-hour | Break-even month | Break-even utilization |\n"
          "|---:|---|---|---:|---:|---:|---:|---:|\n",
          out);
    for (size_t k = 0; k < res->n_options; k++) {
        size_t i = res->rank[k];
        const tco_option *o = &s->options[i];
        const tco_option_result *r = &res->options[i];
        fprintf(out, "| %zu | ", k + 1);
        put_text(out, o->label);
        if (res->baseline >= 0 && (size_t)res->baseline == i)
            fputs(" (baseline)", out);
        fputs(o->acquire == TCO_BUY ? " | buy | " : " | rent | ", out);
        put_money(out, r->total);
        fputs(" | ", out);
        put_money(out, r->npv);
        fputs(" | ", out);
        put_money(out, r->cost_per_gpu_hour);
        if (r->breakeven_month > 0)
            fprintf(out, " | %d | ", r->breakeven_month);
        else
            fputs(" | n/a | ", out);
        put_percent(out, r->breakeven_utilization);
        fputs(" |\n", out);
    }
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in header file. */
static tco_status md_to(FILE *out, const void *res)
{
    return tco_report_write_md_stream(res, out);
}

tco_status tco_report_write_md(const tco_result *res, const char *path, tco_diags *diags)
{
    if (!res || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, md_to, res, diags);
}
