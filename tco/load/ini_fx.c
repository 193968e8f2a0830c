/* ini_fx.c - the INI loader's [fx]: one exchange rate per other currency,
 * `CODE = RATE` in units of CODE per one unit of the scenario's currency, with
 * `CODE.source` and `CODE.as_of`; catalog prices in CODE are divided by the
 * rate (MODEL.md, Currency conversion). */
#include "load/ini.h"
#include "core/core.h"
#include "util/currency.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The attributes a rate may have besides its value. */
static const char *const attributes[] = {"source", "as_of"};

/* See ini.h. */
int tci_ini_fx_find(const tco_scenario *s, const char *code)
{
    for (size_t i = 0; i < s->n_fx; i++)
        if (strcmp(s->fx[i].code, code) == 0)
            return (int)i;
    return -1;
}

/* 1 when the first len bytes of name are a current ISO 4217 code other than
 * the scenario's currency, copied into code; else reported at line. */
static int good_code(loader *L, const char *name, size_t len, int line, char code[4])
{
    char text[64];
    snprintf(text, sizeof text, "%.*s", (int)(len < 60 ? len : 60), name);
    if (!tci_currency_known(text)) {
        const char *meant = tci_currency_suggest(text);
        if (meant)
            tci_ini_report(L, line, NULL,
                           "'%s' in [fx] is not an ISO 4217 currency code; did you mean %s?", text,
                           meant);
        else
            tci_ini_report(L, line, NULL,
                           "'%s' in [fx] is not an ISO 4217 currency code such as USD, EUR or CNY",
                           text);
        return 0;
    }
    if (strcmp(text, L->s->currency) == 0) {
        tci_ini_report(L, line, NULL,
                       "'%s' is the scenario's own currency: [fx] gives the rates of other "
                       "currencies (a price in %s needs no conversion)",
                       text, text);
        return 0;
    }
    memcpy(code, text, 4);
    return 1;
}

/* One `CODE = RATE` line: a new rate. A rate that is not one is reported and
 * kept as NAN, so that what it would convert adds no error of its own (the
 * load fails at the rate's line). */
static void read_rate(loader *L, const entry *e, const char code[4])
{
    tco_scenario *s = L->s;
    tco_fx fx = {.age_months = -1, .line = e->line, .file = s->files[e->file]};
    memcpy(fx.code, code, 4);
    tco_keydef k = *tci_fx_key();
    k.name = fx.code;
    double x;
    if (tci_ini_is_plain_number(e->value, 0) && tci_ini_strtod(e->value, &x) == 0 && x <= 0) {
        tci_ini_report(L, e->line, NULL,
                       "the rate of %s must be above 0 (got %s): units of %s per one %s", code,
                       e->value, code, s->currency);
        fx.rate = NAN;
    } else if (!tci_ini_set_value(L, &fx, &k, e->value, e->line)) {
        fx.rate = NAN;
    }
    tco_fx *grown = tci_ini_grow(s->fx, s->n_fx, sizeof *grown);
    if (!grown) {
        L->nomem = 1;
        return;
    }
    s->fx = grown;
    s->fx[s->n_fx++] = fx;
}

/* One `CODE.source` or `CODE.as_of` line, after every rate is read. */
static void read_attribute(loader *L, const entry *e, const char code[4], const char *attr)
{
    tco_scenario *s = L->s;
    int which = -1;
    for (int i = 0; i < 2; i++)
        if (strcmp(attr, attributes[i]) == 0)
            which = i;
    if (which < 0) {
        const char *hint = tci_ini_closest(L, attr, attributes, 2);
        if (hint)
            tci_ini_report(L, e->line, NULL, "unknown key '%s' in [fx]; did you mean '%s.%s'?",
                           e->name, code, hint);
        else
            tci_ini_report(L, e->line, NULL,
                           "unknown key '%s' in [fx] (expected %s, %s.source or %s.as_of)", e->name,
                           code, code, code);
        return;
    }
    int i = tci_ini_fx_find(s, code);
    if (i < 0) {
        tci_ini_report(L, e->line, NULL,
                       "'%s' without a rate: add '%s = RATE' to [fx] (units "
                       "of %s per one %s)",
                       e->name, code, code, s->currency);
        return;
    }
    tco_keydef k = {.name = e->name,
                    .section = "fx",
                    .type = which ? TCO_T_DATE : TCO_T_STRING,
                    .unit = TCO_U_NONE,
                    .offset = which ? offsetof(tco_fx, as_of) : offsetof(tco_fx, source),
                    .unit_label = "",
                    .label = which ? "As of" : "Source"};
    tci_ini_set_value(L, &s->fx[i], &k, e->value, e->line);
}

/* See ini.h. */
void tci_ini_read_fx(loader *L)
{
    for (int pass = 0; pass < 2 && !L->nomem; pass++) {
        for (size_t i = 0; i < L->n_entries; i++) {
            const entry *e = &L->entries[i];
            if (L->sections[e->section].kind != SEC_FX)
                continue;
            L->cur = e->file;
            const char *dot = strchr(e->name, '.');
            size_t len = dot ? (size_t)(dot - e->name) : strlen(e->name);
            if ((dot != NULL) != pass)
                continue;
            char code[4];
            if (!good_code(L, e->name, len, e->line, code))
                continue;
            if (dot)
                read_attribute(L, e, code, dot + 1);
            else
                read_rate(L, e, code);
        }
    }
    L->cur = 0;
}

/* See ini.h. */
void tci_ini_fx_age(loader *L, const char *today)
{
    tco_scenario *s = L->s;
    for (size_t i = 0; i < s->n_fx && today; i++) {
        tco_fx *fx = &s->fx[i];
        if (!fx->as_of)
            continue;
        fx->age_months = tco_months_between(fx->as_of, today);
        if (fx->age_months > s->stale_after_months) {
            fx->stale = 1;
            tci_ini_report(L, tci_ini_at_file(L, fx->file, fx->line), NULL,
                           "the exchange rate of %s is from %s, %d months before %s "
                           "(stale_after_months = %d)",
                           fx->code, fx->as_of, fx->age_months, today, s->stale_after_months);
            tci_ini_as_warning(L);
        }
    }
}
