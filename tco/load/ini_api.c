/* ini_api.c - the loader's checks of API options and of the workload's tokens
 * (MODEL.md, API options): which keys an API option takes, the prices it
 * needs, the two parts of a request's tokens and their sum. */
#include "load/ini.h"

#include <math.h>

/* 1 when option key k applies to an API option: its own keys, the price's
 * yearly decline, its catalog offer, and the keys every option has that do
 * not speak of GPUs (and count, which tci_ini_check_api_option refuses in its
 * own words). */
static int api_key(int k)
{
    switch (k) {
    case TCO_O_LABEL:
    case TCO_O_ACQUIRE:
    case TCO_O_BASE:
    case TCO_O_PRICE_DECLINE:
    case TCO_O_COUNT_GPUS: /* refused with its own message (tci_ini_check_api_option) */
    case TCO_O_OFFER:      /* an API offer of the catalog (ini_catalog.c) */
        return 1;
    default:
        return tci_ini_okey(k)->applies == TCO_APPLIES_API;
    }
}

/* See ini.h. */
int tci_ini_key_wrong(const tco_option *o, int k)
{
    const tco_keydef *d = tci_ini_okey(k);
    if (o->acquire == TCO_API)
        return !api_key(k);
    if (d->applies == TCO_APPLIES_API)
        return 1;
    return d->applies == (o->acquire == TCO_BUY ? TCO_APPLIES_RENT : TCO_APPLIES_BUY);
}

#define KEY_AT(owner, k) tci_ini_at_file(L, (owner)->key_file[k], (owner)->key_line[k])

/* See ini.h. */
void tci_ini_check_api_option(loader *L, tco_option *o, int index)
{
    const int *kl = o->key_line;
    if (kl[TCO_O_COUNT_GPUS])
        tci_ini_report(L, KEY_AT(o, TCO_O_COUNT_GPUS), NULL,
                       "option '%s' is acquire = api: a hosted model has no GPUs to count; "
                       "leave out 'count'",
                       o->id);
    static const int needed[] = {TCO_O_PRICE_PER_MILLION_INPUT_TOKENS,
                                 TCO_O_PRICE_PER_MILLION_OUTPUT_TOKENS};
    /* An offer not found is reported already (ini_catalog.c): its prices not
     * again. */
    const int lost = kl[TCO_O_OFFER] && o->offer &&
                     (!L->s->catalog || !tco_catalog_api_offer(L->s->catalog, o->offer));
    for (size_t j = 0; j < sizeof needed / sizeof *needed && !lost; j++)
        if (!o->src[needed[j]]) {
            L->cur = L->opt_file[index];
            tci_ini_report(L, o->line, NULL, "option '%s' is acquire = api: it needs '%s'", o->id,
                           tci_ini_okey(needed[j])->name);
        }
    const tco_scenario *s = L->s;
    if (kl[TCO_O_OFFER] && !s->catalog)
        tci_ini_report(L, KEY_AT(o, TCO_O_OFFER), NULL,
                       "'offer' names a catalog entry, but no price catalog was read");
    if (s->mode != TCO_INFERENCE || !(s->requests_per_s > 0) ||
        !(s->input_tokens_per_request + s->output_tokens_per_request > 0) ||
        (!s->key_line[TCO_S_INPUT_TOKENS_PER_REQUEST] &&
         !s->key_line[TCO_S_OUTPUT_TOKENS_PER_REQUEST]))
        tci_ini_report(L, KEY_AT(o, TCO_O_ACQUIRE), NULL,
                       "option '%s' is acquire = api: it is paid by the token, so [workload] "
                       "needs mode = inference, requests_per_s, input_tokens_per_request and "
                       "output_tokens_per_request",
                       o->id);
}

/* See ini.h. */
void tci_ini_check_tokens(loader *L)
{
    tco_scenario *s = L->s;
    const int *kl = s->key_line;
    const int in = kl[TCO_S_INPUT_TOKENS_PER_REQUEST] != 0,
              out = kl[TCO_S_OUTPUT_TOKENS_PER_REQUEST] != 0,
              all = kl[TCO_S_TOKENS_PER_REQUEST] != 0;
    if (!in && !out)
        return;
    if (in && out) {
        double sum = s->input_tokens_per_request + s->output_tokens_per_request;
        if (!all) {
            s->tokens_per_request = sum;
            s->src[TCO_S_TOKENS_PER_REQUEST] = TCO_SRC_DERIVED;
        } else if (fabs(s->tokens_per_request - sum) > 1e-9 * fmax(1, sum)) {
            tci_ini_report(L, KEY_AT(s, TCO_S_TOKENS_PER_REQUEST), NULL,
                           "tokens_per_request of %g is not input_tokens_per_request + "
                           "output_tokens_per_request (%g + %g = %g); give the two parts or "
                           "their sum, or all three alike",
                           s->tokens_per_request, s->input_tokens_per_request,
                           s->output_tokens_per_request, sum);
        }
        return;
    }
    const int given = in ? TCO_S_INPUT_TOKENS_PER_REQUEST : TCO_S_OUTPUT_TOKENS_PER_REQUEST;
    const int other = in ? TCO_S_OUTPUT_TOKENS_PER_REQUEST : TCO_S_INPUT_TOKENS_PER_REQUEST;
    double *part = in ? &s->input_tokens_per_request : &s->output_tokens_per_request;
    double *rest = in ? &s->output_tokens_per_request : &s->input_tokens_per_request;
    if (!all) {
        tci_ini_report(L, KEY_AT(s, given), NULL,
                       "'%s' needs '%s' too, or 'tokens_per_request', of which the two are the "
                       "parts",
                       tci_ini_skey(given)->name, tci_ini_skey(other)->name);
        return;
    }
    if (*part > s->tokens_per_request) {
        tci_ini_report(L, KEY_AT(s, given), NULL,
                       "'%s' of %g is more than tokens_per_request (%g), of which it is a part",
                       tci_ini_skey(given)->name, *part, s->tokens_per_request);
        return;
    }
    *rest = s->tokens_per_request - *part;
    s->src[other] = TCO_SRC_DERIVED;
}

#undef KEY_AT
