/* ini_value.c - pass 3 of the INI loader for one value: a key's text
 * converted by its row of the key tables in keys.c (a number with its fix-it
 * hints, an enumeration, a date or a month, text), with the errors that say
 * what was meant. */
#include "load/ini.h"
#include "core/core.h"
#include "util/currency.h"
#include "util/date.h"
#include "util/suggest.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* See ini.h. */
int tci_ini_is_plain_number(const char *s, int integer)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    int digits = 0;
    while (isdigit((unsigned char)*p))
        p++, digits++;
    if (integer)
        return digits > 0 && *p == '\0';
    if (*p == '.') {
        p++;
        while (isdigit((unsigned char)*p))
            p++, digits++;
    }
    if (!digits)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return 0;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return *p == '\0';
}

/* See ini.h. */
int tci_ini_strtod(const char *v, double *x)
{
    errno = 0;
    *x = strtod(v, NULL);
    if (!isfinite(*x))
        return 1;
    /* ERANGE with a finite result: the number rounds to 0 or to a subnormal,
     * losing the digits written (a 0 written as 0e-400 is no error). */
    if (errno == ERANGE && fabs(*x) < DBL_MIN)
        return -1;
    return 0;
}

/* 1 when v is digits grouped by commas in threes ("30,000", "-1,234.5"). */
static int thousands_grouped(const char *v)
{
    const char *p = v + (*v == '+' || *v == '-');
    size_t head = strspn(p, "0123456789");
    if (head == 0 || head > 3 || p[head] != ',')
        return 0;
    for (p += head; *p == ','; p += 4)
        if (strspn(p + 1, "0123456789") < 3 || isdigit((unsigned char)p[4]))
            return 0;
    return *p == '\0' || (*p == '.' && strspn(p + 1, "0123456789") == strlen(p + 1));
}

/* Currency signs people put before or after an amount. */
static const char *const money_signs[] = {"$",        "\xE2\x82\xAC", "\xC2\xA3",
                                          "\xC2\xA5", "\xE2\x82\xB9", NULL};

/* The length of the currency sign at p, or 0. */
static size_t money_sign(const char *p)
{
    for (size_t i = 0; money_signs[i]; i++)
        if (strncmp(p, money_signs[i], strlen(money_signs[i])) == 0)
            return strlen(money_signs[i]);
    return 0;
}

/* Words of time, as a multiple of a month; 0 for other words. */
static double months_in(const char *w)
{
    static const char *const years[] = {"year", "years", "yr", "yrs", "y", NULL};
    static const char *const months[] = {"month", "months", "mo", "mos", "mth", "mths", NULL};
    for (size_t i = 0; years[i]; i++)
        if (strcasecmp(w, years[i]) == 0)
            return 12;
    for (size_t i = 0; months[i]; i++)
        if (strcasecmp(w, months[i]) == 0)
            return 1;
    return 0;
}

/* See ini.h. */
int tci_ini_fix_number(const tco_keydef *k, const char *v, double *x, int *percent, char *advice,
                       size_t size)
{
    const char *p = v;
    size_t sign = money_sign(p);
    p += sign;
    while (sign && *p == ' ')
        p++;
    char num[64];
    size_t lead = strspn(p, "+-0123456789.,");
    if (lead == 0 || lead >= sizeof num)
        return 0;
    memcpy(num, p, lead);
    num[lead] = '\0';
    int grouped = thousands_grouped(num);
    if (grouped) { /* the digits without their commas */
        size_t j = 0;
        for (size_t i = 0; num[i]; i++)
            if (num[i] != ',')
                num[j++] = num[i];
        num[j] = '\0';
    }
    if (!tci_ini_is_plain_number(num, 0) || tci_ini_strtod(num, x) != 0)
        return 0;
    p += lead;
    /* A multiplier right after the digits: 35k, 1.5M. */
    double mult = 1;
    if ((*p == 'k' || *p == 'K' || *p == 'M') && !isalpha((unsigned char)p[1])) {
        mult = *p == 'M' ? 1e6 : 1e3;
        p++;
    }
    while (*p == ' ')
        p++;
    if (!sign && (sign = money_sign(p)) != 0)
        p += sign;
    while (*p == ' ')
        p++;
    /* What is left is one word, or nothing. */
    const char *word = p;
    if (strchr(word, ' '))
        return 0;
    int code = *word && (tci_currency_known(word) || tci_currency_suggest(word));
    double per_month = *word && !code ? months_in(word) : 0;
    int kilowatt = k->unit == TCO_U_WATT && strcmp(word, "kW") == 0;
    *percent = strcmp(word, "%") == 0;
    if (*word && !code && !kilowatt && !*percent &&
        !(per_month && (k->unit == TCO_U_MONTHS || k->unit == TCO_U_YEARS)))
        return 0; /* a word this does not read */
    if (!sign && !grouped && mult == 1 && !*word)
        return 0; /* a plain number: nothing to fix */
    *x *= mult;
    char tail[160] = "";
    if (*percent) {
        *x /= 100;
        snprintf(advice, size, "write fractions as decimals (%g)", *x);
        return 1;
    }
    if (kilowatt) {
        *x *= 1000;
        snprintf(tail, sizeof tail, " (watts)");
    } else if (per_month) {
        double months = *x * per_month;
        *x = k->unit == TCO_U_MONTHS ? months : months / 12;
        const char *in = k->unit == TCO_U_MONTHS ? "months" : "years";
        snprintf(tail, sizeof tail,
                 (per_month == 12) == (k->unit == TCO_U_YEARS) ? ", without the unit: '%s' is in %s"
                                                               : ": '%s' is in %s",
                 k->name, in);
    } else {
        const char *drop[3];
        int n = 0;
        if (sign)
            drop[n++] = "the currency sign";
        if (code)
            drop[n++] = "the currency code";
        if (grouped)
            drop[n++] = "thousands separators";
        size_t t = 0;
        for (int i = 0; i < n; i++)
            t += (size_t)snprintf(tail + t, sizeof tail - t, "%s%s",
                                  i == 0       ? ", without "
                                  : i == n - 1 ? " or "
                                               : ", ",
                                  drop[i]);
        if (sign || code)
            snprintf(tail + t, sizeof tail - t, " (amounts are in the scenario's currency)");
    }
    if (mult == 1 && !kilowatt && !per_month) /* the digits as written */
        snprintf(advice, size, "write %s%s", num, tail);
    else
        snprintf(advice, size, "write %.15g%s", *x, tail);
    return 1;
}

/* Explain why `v` is not a plain number for key k. */
static void not_a_number(loader *L, int line, const tco_keydef *k, const char *v)
{
    const char *key = k->name;
    double fixed_x;
    int percent;
    char advice[256];
    if (tci_ini_fix_number(k, v, &fixed_x, &percent, advice, sizeof advice)) {
        tci_ini_report(L, line, NULL, "'%s' is not a number for '%s': %s", v, key, advice);
        return;
    }
    size_t lead = strspn(v, "+-0123456789.");
    const char *digits = v + (*v == '+' || *v == '-');
    if (thousands_grouped(v)) {
        char fixed[TCO_MAX_LINE + 1]; /* a value is part of one line: never cut */
        size_t j = 0;
        for (const char *p = v; *p && j + 1 < sizeof fixed; p++)
            if (*p != ',')
                fixed[j++] = *p;
        fixed[j] = '\0';
        tci_ini_report(L, line, NULL,
                       "'%s' is not a number for '%s': write %s, without thousands "
                       "separators",
                       v, key, fixed);
    } else if (lead && strchr(v, ',') && !strchr(v, '.') && strchr(v, ',') == strrchr(v, ',') &&
               strspn(v, "+-0123456789,") == strlen(v) && isdigit((unsigned char)v[lead + 1])) {
        char fixed[TCO_MAX_LINE + 2];
        snprintf(fixed, sizeof fixed, "%.*s.%s", (int)lead, v, v + lead + 1);
        tci_ini_report(L, line, NULL,
                       "'%s' is not a number for '%s': write decimals with a point (%s)", v, key,
                       fixed);
    } else if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        tci_ini_report(L, line, NULL, "'%s' is not a number for '%s': write a decimal number", v,
                       key);
    } else if (lead && strcmp(v + lead, "%") == 0) {
        char *end;
        double pct = strtod(v, &end);
        tci_ini_report(L, line, NULL,
                       "'%s' is not a number for '%s': write fractions as decimals "
                       "(%g)",
                       v, key, pct / 100);
    } else if (lead && lead < strlen(v) && isalpha((unsigned char)v[lead])) {
        tci_ini_report(L, line, NULL,
                       "'%s' is not a number for '%s': write a plain number without "
                       "a unit (%.*s)",
                       v, key, (int)lead, v);
    } else {
        tci_ini_report(L, line, NULL, "'%s' is not a number for '%s'", v, key);
    }
}

/* 0 when v is a calendar month YYYY-MM of the years 1900..9999; else reports
 * why at `line`, with what was likely meant, and returns 1: a month of one
 * digit (2027-5), or a day after the month (2027-05-01, 2027-5-1), the month
 * and the day each of one or two digits. */
static int bad_month(loader *L, const tco_keydef *k, const char *v, int line)
{
    static const char digit[] = "0123456789";
    int y = 0, m = 0;
    const char *rest = NULL;
    if (tci_month_read(v, &y, &m)) {
        if (y < 1900)
            tci_ini_report(L, line, NULL,
                           "'%s' is not a month for '%s': the year must be 1900 to 9999", v,
                           k->name);
        else if (m < 1 || m > 12)
            tci_ini_report(L, line, NULL,
                           "'%s' is not a month for '%s': the month must be 01 to 12", v, k->name);
        else
            return 0;
        return 1;
    }
    size_t month_digits = 0, day_digits = 0;
    if (strspn(v, digit) == 4 && v[4] == '-')
        month_digits = strspn(v + 5, digit);
    if (month_digits >= 1 && month_digits <= 2 && tco_parse_int(v, &y, &rest) &&
        tco_parse_int(v + 5, &m, &rest) && y >= 1900 && m >= 1 && m <= 12) {
        if (*rest == '-')
            day_digits = strspn(rest + 1, digit);
        if (day_digits >= 1 && day_digits <= 2 && rest[1 + day_digits] == '\0') {
            tci_ini_report(L, line, NULL,
                           "'%s' is not a month for '%s': write the month without a day "
                           "(%04d-%02d)",
                           v, k->name, y, m);
            return 1;
        }
        if (*rest == '\0') { /* one digit: two are YYYY-MM */
            tci_ini_report(L, line, NULL,
                           "'%s' is not a month for '%s': write YYYY-MM with two digits "
                           "(%04d-%02d)",
                           v, k->name, y, m);
            return 1;
        }
    }
    tci_ini_report(L, line, NULL, "'%s' is not a month for '%s': write YYYY-MM (2027-05)", v,
                   k->name);
    return 1;
}

/* A string, date or month value into its field. Returns 1 when stored. */
static int set_text(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    if (*v == '\0') {
        tci_ini_report(L, line, NULL, "missing value for '%s'", k->name);
        return 0;
    }
    char why[64];
    const char *problem = k->type == TCO_T_DATE ? tci_date_problem(v, why, sizeof why) : NULL;
    if (problem) {
        tci_ini_report(L, line, NULL, "'%s' is not a date for '%s': %s", v, k->name, problem);
        return 0;
    }
    if (k->type == TCO_T_MONTH && bad_month(L, k, v, line))
        return 0;
    char *copy = strdup(v);
    if (!copy) {
        L->nomem = 1;
        return 0;
    }
    char **dst = tci_key_field(base, k);
    free(*dst);
    *dst = copy;
    return 1;
}

/* One of an enum key's names into its field. Returns 1 when stored. */
static int set_enum(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    int i = 0;
    for (; k->names[i]; i++)
        if (strcmp(k->names[i], v) == 0)
            break;
    if (k->names[i]) {
        *(int *)tci_key_field(base, k) = i;
        return 1;
    }
    char expected[160] = "";
    size_t n = 0;
    for (int j = 0; k->names[j]; j++)
        n += (size_t)snprintf(expected + n, sizeof expected - n, "%s%s",
                              j == 0            ? ""
                              : k->names[j + 1] ? ", "
                                                : " or ",
                              k->names[j]);
    const char *hint = tci_ini_closest(L, v, (const char *const *)k->names, (size_t)i);
    if (hint)
        tci_ini_report(L, line, NULL, "unknown %s '%s'; did you mean '%s'? (expected %s)", k->name,
                       v, hint, expected);
    else
        tci_ini_report(L, line, NULL, "unknown %s '%s' (expected %s)", k->name, v, expected);
    return 0;
}

/* A whole or decimal number into its field, within the key's range. Returns
 * 1 when stored. */
static int set_number(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    int integer = k->type == TCO_T_INT;
    if (!tci_ini_is_plain_number(v, integer)) {
        if (integer && tci_ini_is_plain_number(v, 0))
            tci_ini_report(L, line, NULL, "'%s' must be a whole number (got %s)", k->name, v);
        else
            not_a_number(L, line, k, v);
        return 0;
    }
    double x;
    int range = tci_ini_strtod(v, &x);
    if (range > 0) {
        tci_ini_report(L, line, NULL, "'%s' is out of range for '%s'", v, k->name);
        return 0;
    }
    if (range < 0) {
        tci_ini_report(L, line, NULL,
                       "'%s' is out of range for '%s': too close to 0 (the smallest is about "
                       "2.2e-308); write 0 or a larger number",
                       v, k->name);
        return 0;
    }
    if (x < k->lo || x > k->hi) {
        if (k->unit == TCO_U_FRACTION && k->lo == 0 && k->hi == 1 && x > 1)
            tci_ini_report(L, line, NULL,
                           "'%s' must be a fraction between 0 and 1 (got %s); write 0.35, not 35",
                           k->name, v);
        else if (k->unit == TCO_U_FRACTION && k->lo == 0 && k->hi == 1)
            tci_ini_report(L, line, NULL, "'%s' must be a fraction between 0 and 1 (got %s)",
                           k->name, v);
        else if (k->lo == 0 && x < 0)
            tci_ini_report(L, line, NULL, "'%s' must not be negative (got %s)", k->name, v);
        else
            tci_ini_report(L, line, NULL, "'%s' must be between %g and %g (got %s)", k->name, k->lo,
                           k->hi, v);
        return 0;
    }
    if ((k->plausible_lo > 0 && x < k->plausible_lo) ||
        (k->plausible_hi > 0 && x > k->plausible_hi)) {
        int low = k->plausible_lo > 0 && x < k->plausible_lo;
        tci_ini_report(L, line, NULL, "'%s' is %s, %s the plausible %g%s%s: %s", k->name, v,
                       low ? "below" : "above", low ? k->plausible_lo : k->plausible_hi,
                       *k->unit_label ? " " : "", k->unit_label, k->implausible);
        tci_ini_as_warning(L);
    }
    if (integer)
        *(int *)tci_key_field(base, k) = (int)x;
    else
        *(double *)tci_key_field(base, k) = x;
    return 1;
}

/* See ini.h. */
int tci_ini_set_value(loader *L, void *base, const tco_keydef *k, const char *v, int line)
{
    if (*v == '\0' && k->type != TCO_T_STRING) {
        tci_ini_report(L, line, NULL, "missing value for '%s'", k->name);
        return 0;
    }
    if (k == tci_ini_okey(TCO_O_COUNT_GPUS)) {
        /* `count = auto`: sized to the workload once the option is complete
         * (tci_ini_size_auto); a number given later (a case) replaces it. */
        tco_option *o = base;
        o->count_auto = strcmp(v, "auto") == 0;
        if (o->count_auto) {
            o->count = 1;
            return 1;
        }
    }
    switch (k->type) {
    case TCO_T_STRING:
    case TCO_T_DATE:
    case TCO_T_MONTH:
        return set_text(L, base, k, v, line);
    case TCO_T_ENUM:
        return set_enum(L, base, k, v, line);
    case TCO_T_INT:
    case TCO_T_NUMBER:
        return set_number(L, base, k, v, line);
    }
    return 0;
}

/* See ini.h. */
int tci_ini_convert(const tco_keydef *k, const char *v, int *index, char **text, char *msg,
                    size_t size)
{
    /* A scratch scenario or option (k's offset is into one of them), its
     * fields zero, so that the conversion frees nothing of anyone's. */
    size_t n =
        sizeof(tco_scenario) > sizeof(tco_option) ? sizeof(tco_scenario) : sizeof(tco_option);
    char *base = calloc(1, n);
    loader L;
    memset(&L, 0, sizeof L);
    L.suggest_budget = TCI_SUGGEST_BUDGET;
    *text = NULL;
    msg[0] = '\0';
    int rc = -2;
    if (base && k->type != TCO_T_INT && k->type != TCO_T_NUMBER) {
        int stored = tci_ini_set_value(&L, base, k, v, 1);
        rc = L.nomem ? -2 : stored ? 0 : -1;
        for (size_t i = 0; i < L.n_msgs && rc == -1; i++)
            if (L.msgs[i].sev == TCO_SEV_ERROR) {
                snprintf(msg, size, "%s", L.msgs[i].message);
                break;
            }
        if (rc == 0 && k->type == TCO_T_ENUM)
            *index = *(int *)tci_key_field(base, k);
        else if (rc == 0)
            *text = *(char **)tci_key_field(base, k);
    }
    for (size_t i = 0; i < L.n_msgs; i++) {
        free(L.msgs[i].message);
        free(L.msgs[i].section);
    }
    free(L.msgs);
    free(base);
    return rc;
}
