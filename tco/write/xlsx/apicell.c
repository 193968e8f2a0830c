/* apicell.c - the formula of an API option's month (MODEL.md, API options),
 * shared by its sheet's rental row and the Sensitivity sheet's changes. */
#include "write/xlsx/cell.h"

/* See cell.h. */
const char *xw_api_charge(xw_ctx *c, const char *in, const char *cached, const char *frac,
                          const char *out, char *buf, size_t size)
{
    return xw_formula(
        c, buf, size,
        "%s*HoursPerMonth*SecondsPerHour*(%s*((1-%s)*%s+%s*%s)+%s*%s)/TokensPerMillion",
        xw_in_global(c, TCO_S_REQUESTS_PER_S).s, xw_in_global(c, TCO_S_INPUT_TOKENS_PER_REQUEST).s,
        frac, in, frac, cached ? cached : in, xw_in_global(c, TCO_S_OUTPUT_TOKENS_PER_REQUEST).s,
        out);
}
