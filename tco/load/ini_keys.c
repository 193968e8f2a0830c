/* ini_keys.c - passes 2 and 3 of the INI loader: inih's key = value pairs,
 * recorded with their lines; each value converted (ini_value.c); defaults;
 * the checks that involve several keys. */
#include "load/ini.h"
#include "core/core.h"
#include "util/currency.h"
#include "util/date.h"

#define INI_HANDLER_LINENO 1
#include <ini.h>

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ===== Pass 2: inih ===== */

/* The section a line belongs to: the last header before it. */
static int section_at(const loader *L, int line)
{
    size_t lo = L->sec_begin, hi = L->n_sections;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (L->sections[mid].line < line)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == L->sec_begin ? -1 : (int)lo - 1;
}

/* Report an unknown key with the best hint we have. */
static void unknown_key(loader *L, int line, enum section_kind kind, const char *name)
{
    if (kind == SEC_SITE_AT)
        kind = SEC_SITE; /* the same keys as [site] */
    const char *secname =
        kind == SEC_OPTION ? "option" : tci_ini_section_names[kind - SEC_SCENARIO];
    const char *cands[TCO_S_COUNT + TCO_O_COUNT];
    size_t n = 0;
    if (kind == SEC_OPTION) {
        for (int i = 0; i < TCO_O_COUNT; i++)
            cands[n++] = tci_ini_okey(i)->name;
    } else {
        for (int i = 0; i < TCO_S_COUNT; i++)
            if (strcmp(tci_ini_skey(i)->section, secname) == 0)
                cands[n++] = tci_ini_skey(i)->name;
    }
    const char *hint = tci_ini_closest(L, name, cands, n);
    if (hint) {
        tci_ini_report(L, line, NULL, "unknown key '%s' in [%s]; did you mean '%s'?", name,
                       kind == SEC_OPTION ? "option ID" : secname, hint);
        return;
    }
    /* A key that belongs in another section. */
    int s = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT, NULL, name);
    if (s >= 0 && strcmp(tci_ini_skey(s)->section, secname) != 0) {
        tci_ini_report(L, line, NULL, "key '%s' belongs in [%s], not [%s]", name,
                       tci_ini_skey(s)->section, kind == SEC_OPTION ? "option ID" : secname);
        return;
    }
    if (kind != SEC_OPTION && tci_ini_find_key(tci_ini_okey, TCO_O_COUNT, NULL, name) >= 0) {
        tci_ini_report(L, line, NULL, "key '%s' belongs in an [option ID] section, not [%s]", name,
                       secname);
        return;
    }
    tci_ini_report(L, line, NULL, "unknown key '%s' in [%s]", name,
                   kind == SEC_OPTION ? "option ID" : secname);
}

/* A key of a section whose keys name other keys ([case NAME], [sensitivity],
 * [uncertainty]): 1 when it is to be recorded; 0 when it repeats a key of the
 * section or is one too many (reported), or an earlier file gave it. */
static int naming_key_wanted(loader *L, int si, const char *name, int lineno)
{
    const section *sec = &L->sections[si];
    size_t in_section = 0;
    for (size_t i = L->n_entries; i-- > 0 && L->entries[i].section == si;) {
        if (strcmp(L->entries[i].name, name) == 0) {
            tci_ini_report(L, lineno, NULL, "duplicate key '%s' (first at line %d)", name,
                           L->entries[i].line);
            return 0;
        }
        in_section++;
    }
    if (in_section >= TCO_MAX_SECTION_KEYS) {
        tci_ini_report(L, lineno, NULL, "too many keys in this section: the limit is %d",
                       TCO_MAX_SECTION_KEYS);
        return 0;
    }
    /* A key an earlier file gave in the same section wins. */
    for (size_t i = 0; L->cur > 0 && i < L->n_entries; i++) {
        const entry *e = &L->entries[i];
        const section *es = &L->sections[e->section];
        if (e->key < 0 && e->file != L->cur && es->kind == sec->kind && es->index == sec->index &&
            strcmp(e->name, name) == 0)
            return 0;
    }
    return 1;
}

/* A key of the scenario's sections or of an option: its index, recording
 * where it is given; -1 when it is unknown or repeated (reported), or an
 * earlier file (the including one) gave it. */
static int known_key(loader *L, const section *sec, const char *name, int lineno)
{
    int key;
    int *seen_line;
    const char **seen_file;
    if (sec->kind == SEC_OPTION) {
        key = tci_ini_find_key(tci_ini_okey, TCO_O_COUNT, NULL, name);
        if (key < 0) {
            unknown_key(L, lineno, sec->kind, name);
            return -1;
        }
        seen_line = &L->s->options[sec->index].key_line[key];
        seen_file = &L->s->options[sec->index].key_file[key];
    } else if (sec->kind == SEC_SITE_AT) {
        key = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT, "site", name);
        if (key < 0) {
            unknown_key(L, lineno, sec->kind, name);
            return -1;
        }
        tco_site *t = &L->s->sites[sec->index];
        int own = key == TCO_S_POWER_CAP_KW; /* a site's own, not a site key */
        int co2 = key == TCO_S_GRID_KGCO2E_PER_KWH     ? 0
                  : key == TCO_S_MARKET_KGCO2E_PER_KWH ? 1
                                                       : -1; /* MODEL.md, Carbon */
        seen_line = co2 >= 0 ? &t->carbon_line[co2]
                    : own    ? &t->power_cap_line
                             : &t->key_line[key - TCO_SITE_KEY_FIRST];
        seen_file = co2 >= 0 ? &t->carbon_file[co2]
                    : own    ? &t->power_cap_file
                             : &t->key_file[key - TCO_SITE_KEY_FIRST];
    } else {
        key = tci_ini_find_key(tci_ini_skey, TCO_S_COUNT,
                               tci_ini_section_names[sec->kind - SEC_SCENARIO], name);
        if (key < 0) {
            unknown_key(L, lineno, sec->kind, name);
            return -1;
        }
        seen_line = &L->s->key_line[key];
        seen_file = &L->s->key_file[key];
    }
    int include = seen_file == &L->s->key_file[TCO_S_INCLUDE];
    if (*seen_line && *seen_file != L->s->files[L->cur] && !include)
        return -1; /* an earlier file (the including one) gave it: that wins */
    if (*seen_line && *seen_file == L->s->files[L->cur]) {
        tci_ini_report(L, lineno, NULL, "duplicate key '%s' (first at line %d)", name, *seen_line);
        return -1;
    }
    if (!*seen_line) { /* each file's include is its own; the first is recorded */
        *seen_line = lineno;
        *seen_file = L->s->files[L->cur];
    }
    return key;
}

/* Record one pair of section si, with the value's len bytes at value; the
 * value loses surrounding double quotes, and the name is kept for keys that
 * name other keys (key -1). */
static void add_entry(loader *L, int si, int key, const char *name, const char *value, size_t len,
                      int lineno)
{
    if (len >= 2 && value[0] == '"' && value[len - 1] == '"') {
        value++;
        len -= 2;
    }
    entry e = {.file = L->cur, .line = lineno, .section = si, .key = key};
    tci_ini_add_entry(L, e, value, len, key < 0 ? name : NULL);
}

/* See ini.h. */
int tci_ini_add_entry(loader *L, entry e, const char *value, size_t len, const char *name)
{
    entry *grown = tci_ini_grow(L->entries, L->n_entries, sizeof *grown);
    if (grown)
        L->entries = grown;
    e.value = grown ? strndup(value, len) : NULL;
    e.name = e.value && name ? strdup(name) : NULL;
    if (!e.value || (name && !e.name)) {
        free(e.value);
        L->nomem = 1;
        return 0;
    }
    L->entries[L->n_entries++] = e;
    return 1;
}

/* inih's handler: record one key = value pair of a line the scan accepted,
 * in a section it accepted. */
static int on_pair(void *user, const char *sec_name, const char *name, const char *value,
                   int lineno)
{
    (void)sec_name; /* inih cuts long names; the scan knows the real section */
    loader *L = user;
    if (lineno <= 0 || lineno > L->n_lines || L->bad[lineno])
        return 1;
    int si = section_at(L, lineno);
    if (si < 0 || !L->sections[si].valid)
        return 1; /* already reported */
    const section *sec = &L->sections[si];
    int key = -1;
    if (sec->kind == SEC_CASE || sec->kind == SEC_SENSITIVITY || sec->kind == SEC_UNCERTAINTY ||
        sec->kind == SEC_FX || sec->kind == SEC_DEMAND || sec->kind == SEC_PLAN ||
        sec->kind == SEC_OPTIMIZE || sec->kind == SEC_DISCOUNT) {
        /* Keys here name other keys, or keys of their own tables; they are
         * resolved after the base scenario. */
        if (!naming_key_wanted(L, si, name, lineno))
            return 1;
    } else if ((sec->kind == SEC_SITE_AT || sec->kind == SEC_SITE) &&
               strcmp(name, "currency") == 0) {
        /* A named site's currency, read with [fx] (MODEL.md, Sites). */
        if (!tci_ini_site_currency_wanted(L, si, lineno))
            return 1;
    } else if ((key = known_key(L, sec, name, lineno)) < 0) {
        return 1;
    }
    /* A quoted value as the scan found it: inih cut it at a " ;" inside. */
    size_t lo = 0, hi = L->n_quoted;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (L->quoted[mid].line < lineno)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < L->n_quoted && L->quoted[lo].line == lineno)
        add_entry(L, si, key, name, L->quoted[lo].value, L->quoted[lo].len, lineno);
    else
        add_entry(L, si, key, name, value, strlen(value), lineno);
    return 1;
}

/* See ini.h. */
void tci_ini_read_text(loader *L, const char *text, size_t size)
{
    tci_ini_scan_lines(L, text, size);
    if (L->nomem)
        return;
    /* inih's line buffer must hold any line, or it splits long lines and the
     * line numbers after them drift; the scan already rejected long lines. */
    ini_use_stack = false;
    ini_allow_realloc = true;
    ini_max_line = TCO_MAX_FILE + 3;
    ini_allow_multiline = false;
    ini_allow_inline_comments = true;
    ini_stop_on_first_error = false;
    ini_allow_no_value = false;
    int rc = ini_parse_string(text, on_pair, L);
    if (rc == -2)
        L->nomem = 1;
    else if (rc > 0 && rc <= L->n_lines && !L->bad[rc])
        tci_ini_report(L, rc, NULL, "cannot parse this line");
}

/* ===== Pass 3: the checks ===== */

/* See ini.h. */
void tci_ini_wrong_acquire(loader *L, int line, const tco_option *o, const tco_keydef *k)
{
    int buy = o->acquire == TCO_BUY;
    if (o->acquire == TCO_API) {
        tci_ini_report(L, line, NULL,
                       "'%s' does not apply to api options (a hosted model paid by the token); "
                       "option '%s' is acquire = api",
                       k->name, o->id);
        return;
    }
    if (k->applies == TCO_APPLIES_API) {
        tci_ini_report(L, line, NULL,
                       "'%s' applies to api options only; option '%s' is acquire = %s", k->name,
                       o->id, buy ? "buy" : "rent");
        return;
    }
    tci_ini_report(L, line, NULL, "'%s' applies to %s options only; option '%s' is acquire = %s",
                   k->name, buy ? "rent" : "buy", o->id, buy ? "buy" : "rent");
}

#define KEY_AT(k) tci_ini_at_file(L, o->key_file[k], kl[k])

/* A required key missing from section `sec` (of kind `kind` and index
 * `index`, -1 for a once-only section): reported at the section's first
 * header, its file made the current one, with the section named; about the
 * section alone when it has no header. */
static void missing_key(loader *L, enum section_kind kind, int index, const char *sec,
                        const char *what)
{
    for (size_t i = 0; i < L->n_sections; i++) {
        const section *h = &L->sections[i];
        if (h->kind == kind && (index < 0 || h->index == index)) {
            L->cur = h->file;
            tci_ini_report(L, h->line, NULL, "[%s]: missing required key %s", sec, what);
            return;
        }
    }
    tci_ini_report(L, 0, sec, "missing required key %s", what);
}

/* The line of the later of option o's keys a and b; that key's file becomes
 * the file of the next message. */
static int later_key(loader *L, const tco_option *o, int a, int b)
{
    const int *kl = o->key_line;
    int line = kl[a] > kl[b] ? kl[a] : kl[b];
    return tci_ini_at_file(L, line == kl[a] ? o->key_file[a] : o->key_file[b], line);
}

/* Keys `keys` (n of them) go with financing = `fin` only: each one given on
 * an option financed otherwise is an error at its line. Returns 1 when o is
 * financed so; 0 otherwise, and when `financing` has a bad value (its own
 * error says what is wrong). */
static int financing_keys(loader *L, const tco_option *o, const int *keys, size_t n,
                          tco_financing fin)
{
    const int *kl = o->key_line;
    const char *const *names = tci_ini_okey(TCO_O_FINANCING)->names;
    if (kl[TCO_O_FINANCING] && !o->src[TCO_O_FINANCING])
        return 0;
    if (o->financing == fin)
        return 1;
    for (size_t k = 0; k < n; k++)
        if (kl[keys[k]])
            tci_ini_report(L, KEY_AT(keys[k]), NULL,
                           "'%s' applies to financing = %s only; option '%s' is financing = %s",
                           tci_ini_okey(keys[k])->name, names[fin], o->id, names[o->financing]);
    return 0;
}

/* 1 when option o gives key k (in the file, by a base or from the catalog). */
static int given(const tco_option *o, int k)
{
    return o->src[k] || o->key_line[k];
}

/* A loan's keys go with financing = loan, which needs its rate and term. */
static void check_loan(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    static const int loan_keys[] = {TCO_O_LOAN_FRACTION, TCO_O_LOAN_RATE, TCO_O_LOAN_MONTHS};
    if (!financing_keys(L, o, loan_keys, sizeof loan_keys / sizeof loan_keys[0], TCO_FIN_LOAN))
        return;
    if (!given(o, TCO_O_LOAN_RATE))
        tci_ini_report(L, KEY_AT(TCO_O_FINANCING), kl[TCO_O_FINANCING] ? NULL : sec,
                       "financing = loan needs 'loan_rate', the annual interest rate");
    if (!given(o, TCO_O_LOAN_MONTHS))
        tci_ini_report(L, KEY_AT(TCO_O_FINANCING), kl[TCO_O_FINANCING] ? NULL : sec,
                       "financing = loan needs 'loan_months', the number of monthly payments");
}

/* A lease's compare_to names its bought twin (MODEL.md, Lease against buy):
 * an option bought in cash or with a loan, with the same gpu and count. */
static void check_compare_to(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    const tco_scenario *s = L->s;
    if (!o->compare_to)
        return;
    const int at = KEY_AT(TCO_O_COMPARE_TO);
    const char *at_sec = kl[TCO_O_COMPARE_TO] ? NULL : sec;
    int k = tco_scenario_find(s, o->compare_to);
    if (k < 0) {
        const char *hint = tci_ini_closest_option(L, s, o->compare_to);
        if (hint)
            tci_ini_report(L, at, at_sec, "compare_to '%s' is not an option; did you mean '%s'?",
                           o->compare_to, hint);
        else
            tci_ini_report(L, at, at_sec, "compare_to '%s' is not an option", o->compare_to);
    } else if (!tci_lease_twin_ok(o, &s->options[k])) {
        tci_ini_report(L, at, at_sec,
                       "compare_to '%s' is not a bought twin of option '%s': it must be bought "
                       "in cash or with a loan, with the same gpu and count",
                       o->compare_to, o->id);
    }
}

/* A lease's keys go with financing = lease, which needs one payment (a sum
 * or a rate factor) and a term; a buyout needs its price, and a lease
 * returned before the horizon ends leaves the option without GPUs. */
static void check_lease(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    static const int lease_keys[] = {TCO_O_LEASE_PAYMENT,       TCO_O_LEASE_RATE_FACTOR,
                                     TCO_O_LEASE_MONTHS,        TCO_O_LEASE_END,
                                     TCO_O_BUYOUT_FRACTION,     TCO_O_LEASE_ACCOUNTING,
                                     TCO_O_LEASE_DISCOUNT_RATE, TCO_O_COMPARE_TO};
    if (!financing_keys(L, o, lease_keys, sizeof lease_keys / sizeof lease_keys[0], TCO_FIN_LEASE))
        return;
    check_compare_to(L, o, sec);
    const int at_fin = KEY_AT(TCO_O_FINANCING);
    const char *fin_sec = kl[TCO_O_FINANCING] ? NULL : sec;
    if (given(o, TCO_O_LEASE_PAYMENT) && given(o, TCO_O_LEASE_RATE_FACTOR))
        tci_ini_report(L, later_key(L, o, TCO_O_LEASE_PAYMENT, TCO_O_LEASE_RATE_FACTOR), NULL,
                       "give lease_payment or lease_rate_factor, not both");
    else if (!given(o, TCO_O_LEASE_PAYMENT) && !given(o, TCO_O_LEASE_RATE_FACTOR))
        tci_ini_report(L, at_fin, fin_sec,
                       "financing = lease needs 'lease_payment' (per month) or "
                       "'lease_rate_factor' (a fraction of capex per month)");
    if (!given(o, TCO_O_LEASE_MONTHS))
        tci_ini_report(L, KEY_AT(TCO_O_FINANCING), fin_sec,
                       "financing = lease needs 'lease_months', the months of the lease");
    if (kl[TCO_O_LEASE_END] && !o->src[TCO_O_LEASE_END])
        return; /* lease_end's own error says what is wrong */
    if (o->lease_end == TCO_LEASE_BUYOUT && !given(o, TCO_O_BUYOUT_FRACTION))
        tci_ini_report(L, KEY_AT(TCO_O_LEASE_END), NULL,
                       "lease_end = buyout needs 'buyout_fraction', the buyout price as a "
                       "fraction of capex");
    if (o->lease_end != TCO_LEASE_BUYOUT && kl[TCO_O_BUYOUT_FRACTION])
        tci_ini_report(L, KEY_AT(TCO_O_BUYOUT_FRACTION), NULL,
                       "'buyout_fraction' applies to lease_end = buyout only; option '%s' "
                       "returns the hardware at the lease's end",
                       o->id);
    int H = L->s->horizon_months;
    if (o->lease_end == TCO_LEASE_RETURN && given(o, TCO_O_LEASE_MONTHS) && o->lease_months >= 1 &&
        o->lease_months < H)
        tci_ini_report(L, KEY_AT(TCO_O_LEASE_MONTHS), kl[TCO_O_LEASE_MONTHS] ? NULL : sec,
                       "a lease of %d months returned at its end leaves option '%s' without "
                       "GPUs for months %d..%d of the %d-month horizon: set lease_months to at "
                       "least %d, lease_end = buyout, or a shorter horizon_months",
                       o->lease_months, o->id, o->lease_months + 1, H, H, H);
}

/* Checks of a buy option's keys; sec names its section. */
static void check_buy_option(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    const int i = (int)(o - L->s->options);
    if (!o->src[TCO_O_GPU_PRICE])
        missing_key(L, SEC_OPTION, i, sec,
                    o->model ? "'gpu_price' for a buy option (the catalog gives no price for this "
                               "GPU)"
                             : "'gpu_price' for a buy option");
    if (!o->src[TCO_O_TDP_W])
        missing_key(L, SEC_OPTION, i, sec, "'tdp_w' for a buy option");
    if (kl[TCO_O_RESALE_FRACTION] && kl[TCO_O_RESALE_DECLINE])
        tci_ini_report(L, later_key(L, o, TCO_O_RESALE_FRACTION, TCO_O_RESALE_DECLINE), NULL,
                       "give resale_fraction or resale_decline, not both");
    int macrs = o->depreciation == TCO_DEP_MACRS5 || o->depreciation == TCO_DEP_MACRS7;
    if (macrs && kl[TCO_O_DEPRECIATION_YEARS])
        tci_ini_report(L, KEY_AT(TCO_O_DEPRECIATION_YEARS), NULL,
                       "'depreciation_years' cannot be set with %s: its life is fixed",
                       tci_ini_okey(TCO_O_DEPRECIATION)->names[o->depreciation]);
    if (macrs && kl[TCO_O_SALVAGE_FRACTION])
        tci_ini_report(L, KEY_AT(TCO_O_SALVAGE_FRACTION), NULL,
                       "'salvage_fraction' cannot be set with %s: MACRS ignores salvage",
                       tci_ini_okey(TCO_O_DEPRECIATION)->names[o->depreciation]);
    check_loan(L, o, sec);
    check_lease(L, o, sec);
    if (o->idle_power_fraction > o->load_power_fraction) {
        int line = later_key(L, o, TCO_O_IDLE_POWER_FRACTION, TCO_O_LOAD_POWER_FRACTION);
        tci_ini_report(L, line, line ? NULL : sec,
                       "idle_power_fraction (%g) is larger than load_power_fraction (%g)",
                       o->idle_power_fraction, o->load_power_fraction);
    }
}

/* Checks of a rent option's keys: the contract term's keys go with reserved
 * pricing, the on-demand rate with after_term = on-demand. */
static void check_rent_option(loader *L, tco_option *o, const char *sec)
{
    const int *kl = o->key_line;
    int reserved = o->pricing == TCO_RESERVED;
    int od_after = reserved && o->after_term == TCO_AFTER_ON_DEMAND;
    if (kl[TCO_O_INTERRUPTION_OVERHEAD] && o->pricing != TCO_SPOT)
        tci_ini_report(L, KEY_AT(TCO_O_INTERRUPTION_OVERHEAD), NULL,
                       "'interruption_overhead' applies to spot pricing only (pricing = spot); "
                       "option '%s' is %s",
                       o->id, reserved ? "reserved" : "on demand");
    if (!reserved) {
        static const int term_keys[] = {TCO_O_TERM_MONTHS, TCO_O_AFTER_TERM,
                                        TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR};
        for (size_t k = 0; k < sizeof term_keys / sizeof term_keys[0]; k++)
            if (kl[term_keys[k]])
                tci_ini_report(L, KEY_AT(term_keys[k]), NULL,
                               "'%s' applies to reserved pricing only (a contract term); "
                               "option '%s' is %s",
                               tci_ini_okey(term_keys[k])->name, o->id,
                               o->pricing == TCO_SPOT ? "spot" : "on demand");
        return;
    }
    if (kl[TCO_O_PRICE_DECLINE] && !od_after)
        tci_ini_report(L, KEY_AT(TCO_O_PRICE_DECLINE), NULL,
                       "'price_decline' does not apply to reserved pricing (the rate is fixed); "
                       "it applies after the term with after_term = on-demand");
    if (od_after && !o->src[TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR])
        tci_ini_report(L, KEY_AT(TCO_O_AFTER_TERM), kl[TCO_O_AFTER_TERM] ? NULL : sec,
                       "after_term = on-demand needs 'on_demand_price_per_gpu_hour', the rate "
                       "paid after the term");
    if (kl[TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR] && !od_after)
        tci_ini_report(L, KEY_AT(TCO_O_ON_DEMAND_PRICE_PER_GPU_HOUR), NULL,
                       "'on_demand_price_per_gpu_hour' is the rate after the term: it needs "
                       "after_term = on-demand");
}

/* Checks that involve several keys of one option. */
/* Goodput (MODEL.md, Goodput): availability, or failure_rate with
 * repair_days, and an availability of at least 0.01 from them. */
static void check_goodput(loader *L, tco_option *o)
{
    const int *kl = o->key_line;
    if (kl[TCO_O_AVAILABILITY] && (kl[TCO_O_FAILURE_RATE] || kl[TCO_O_REPAIR_DAYS])) {
        int other = kl[TCO_O_FAILURE_RATE] ? TCO_O_FAILURE_RATE : TCO_O_REPAIR_DAYS;
        tci_ini_report(L, later_key(L, o, TCO_O_AVAILABILITY, other), NULL,
                       "give availability or failure_rate and repair_days, not both");
        return;
    }
    double lost = o->failure_rate * o->repair_days / 365;
    if (1 - lost < 0.01)
        tci_ini_report(L, later_key(L, o, TCO_O_FAILURE_RATE, TCO_O_REPAIR_DAYS), NULL,
                       "failure_rate * repair_days / 365 is %g: the availability left, 1 minus "
                       "it, must be at least 0.01",
                       lost);
}

static void check_option(loader *L, tco_option *o)
{
    char sec[64];
    snprintf(sec, sizeof sec, "option %s", o->id);
    const int *kl = o->key_line;
    const int i = (int)(o - L->s->options);
    if (!kl[TCO_O_ACQUIRE] || !o->src[TCO_O_ACQUIRE]) {
        if (!kl[TCO_O_ACQUIRE])
            missing_key(L, SEC_OPTION, i, sec, "'acquire' (buy, rent or api)");
        if (!kl[TCO_O_COUNT_GPUS])
            missing_key(L, SEC_OPTION, i, sec, "'count'");
        return;
    }
    if (!kl[TCO_O_COUNT_GPUS] && o->acquire != TCO_API)
        missing_key(L, SEC_OPTION, i, sec, "'count'");
    int buy = o->acquire == TCO_BUY;
    for (int k = 0; k < TCO_O_COUNT; k++)
        if (kl[k] && tci_ini_key_wrong(o, k))
            tci_ini_wrong_acquire(L, KEY_AT(k), o, tci_ini_okey(k));
    if (o->acquire == TCO_API) {
        tci_ini_check_api_option(L, o, i);
        return;
    }
    if (buy) {
        check_buy_option(L, o, sec);
    } else {
        if (!o->src[TCO_O_PRICE_PER_GPU_HOUR])
            missing_key(L, SEC_OPTION, i, sec, "'price_per_gpu_hour' for a rent option");
        check_rent_option(L, o, sec);
    }
    check_goodput(L, o);
    if (kl[TCO_O_OFFER] && !L->s->catalog)
        tci_ini_report(L, KEY_AT(TCO_O_OFFER), NULL,
                       "'offer' names a catalog entry, but no price catalog "
                       "was read");
}

#undef KEY_AT
#define KEY_AT(k) tci_ini_at_file(L, s->key_file[k], kl[k])

/* A warning for each buy option busy all the time (utilization 1 in effect)
 * while the baseline it is compared with is used less: the same work keeps
 * owned GPUs no busier, so a utilization is likely missing. */
static void check_busy_buy(loader *L)
{
    const tco_scenario *s = L->s;
    int b = tco_scenario_baseline(s);
    if (b < 0)
        return;
    double ub = tco_option_utilization(s, &s->options[b]);
    if (!(ub < 1))
        return;
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        if (o->acquire != TCO_BUY || !o->src[TCO_O_ACQUIRE] || tco_option_utilization(s, o) < 1)
            continue;
        int line =
            o->key_line[TCO_O_UTILIZATION]
                ? tci_ini_at_file(L, o->key_file[TCO_O_UTILIZATION], o->key_line[TCO_O_UTILIZATION])
            : s->key_line[TCO_S_UTILIZATION]
                ? tci_ini_at_file(L, s->key_file[TCO_S_UTILIZATION], s->key_line[TCO_S_UTILIZATION])
                : tci_ini_at_file(L, o->key_file[TCO_O_ACQUIRE], o->key_line[TCO_O_ACQUIRE]);
        tci_ini_report(L, line, NULL,
                       "option '%s' is bought at utilization 1 while the baseline '%s' runs at "
                       "%g: did you mean the same utilization for both?",
                       o->id, s->options[b].id, ub);
        tci_ini_as_warning(L);
    }
}

/* [tax] and rank_by (MODEL.md, Taxes): a [tax] section needs its rate, which
 * turns the taxes on; ranking by the after-tax NPV needs them. */
static void check_tax(loader *L)
{
    tco_scenario *s = L->s;
    const int *kl = s->key_line;
    s->tax = kl[TCO_S_TAX_RATE] != 0;
    if (!s->tax)
        for (size_t i = 0; i < L->n_sections; i++)
            if (L->sections[i].kind == SEC_TAX && L->sections[i].valid) {
                L->cur = L->sections[i].file;
                tci_ini_report(L, L->sections[i].line, NULL,
                               "[tax] needs its 'rate' (the income-tax rate, e.g. rate = 0.25)");
                break;
            }
    if (!s->tax && kl[TCO_S_RANK_BY] && s->rank_by == TCO_RANK_AFTER_TAX_NPV)
        tci_ini_report(L, KEY_AT(TCO_S_RANK_BY), NULL,
                       "rank_by = after_tax_npv needs a [tax] section with its 'rate'");
}

/* See ini.h. */
void tci_ini_check_scenario(loader *L)
{
    tco_scenario *s = L->s;
    const int *kl = s->key_line;
    if (!kl[TCO_S_NAME])
        missing_key(L, SEC_SCENARIO, -1, "scenario", "'name'");
    if (s->n_options == 0 && L->option_headers == 0)
        tci_ini_report(L, 0, NULL, "no options: add at least one [option ID] section");
    if (kl[TCO_S_CURRENCY] && s->src[TCO_S_CURRENCY] && !tci_currency_known(s->currency)) {
        const char *meant = tci_currency_suggest(s->currency);
        if (meant)
            tci_ini_report(L, KEY_AT(TCO_S_CURRENCY), NULL,
                           "currency '%s' is not an ISO 4217 code; did you mean %s?", s->currency,
                           meant);
        else
            tci_ini_report(L, KEY_AT(TCO_S_CURRENCY), NULL,
                           "currency '%s' is not an ISO 4217 code such as USD, EUR or CNY",
                           s->currency);
    }
    tci_ini_check_tokens(L);
    int any_buy = 0;
    for (size_t i = 0; i < s->n_options; i++) {
        if (L->base_failed && L->base_failed[i])
            continue; /* its keys are incomplete; the base error says why */
        tci_ini_resolve_site(L, &s->options[i]);
        check_option(L, &s->options[i]);
        any_buy |= s->options[i].src[TCO_O_ACQUIRE] && s->options[i].acquire == TCO_BUY &&
                   tci_ini_needs_site_price(s, &s->options[i]);
    }
    if (any_buy && !kl[TCO_S_ELECTRICITY_PRICE])
        missing_key(L, SEC_SITE, -1, "site", "'electricity_price' (buy options pay for power)");
    check_busy_buy(L);
    check_tax(L);
    if (kl[TCO_S_FISCAL_YEAR_START] && !kl[TCO_S_START])
        tci_ini_report(L, KEY_AT(TCO_S_FISCAL_YEAR_START), NULL,
                       "'fiscal_year_start' needs '[scenario] start = YYYY-MM', the calendar "
                       "month of month 1");
    if (kl[TCO_S_BASELINE] && s->baseline) {
        int b = tco_scenario_find(s, s->baseline);
        if (b < 0) {
            const char *hint = tci_ini_closest_option(L, s, s->baseline);
            if (hint)
                tci_ini_report(L, KEY_AT(TCO_S_BASELINE), NULL,
                               "baseline '%s' is not an option; did you mean '%s'?", s->baseline,
                               hint);
            else
                tci_ini_report(L, KEY_AT(TCO_S_BASELINE), NULL, "baseline '%s' is not an option",
                               s->baseline);
        } else if (s->options[b].acquire != TCO_RENT) {
            tci_ini_report(L, KEY_AT(TCO_S_BASELINE), NULL,
                           "baseline '%s' is %s option; the baseline must rent", s->baseline,
                           s->options[b].acquire == TCO_API ? "an api" : "a buy");
        }
    }
}

#undef KEY_AT

/* See ini.h. */
void tci_ini_convert_entries(loader *L)
{
    tco_scenario *s = L->s;
    for (size_t i = 0; i < L->n_entries; i++) {
        entry *e = &L->entries[i];
        section *sec = &L->sections[e->section];
        if (e->key < 0)
            continue; /* resolved later */
        L->cur = e->file;
        if (sec->kind == SEC_OPTION) {
            tco_option *o = &s->options[sec->index];
            if (tci_ini_set_value(L, o, tci_ini_okey(e->key), e->value, e->line))
                o->src[e->key] = TCO_SRC_INI;
        } else if (sec->kind == SEC_SITE_AT) {
            tci_ini_set_site_value(L, &s->sites[sec->index], e->key, e->value, e->line,
                                   s->files[e->file]);
        } else {
            if (tci_ini_set_value(L, s, tci_ini_skey(e->key), e->value, e->line))
                s->src[e->key] = TCO_SRC_INI;
        }
    }
}
