/* xlsx.c - the live workbook writer (placeholder until the writer lands). */
#include "tco.h"

tco_status tco_report_write_xlsx(const tco_result *result, const char *path,
                                 const tco_xlsx_options *opts, tco_diags *diags)
{
    (void)result;
    (void)opts;
    tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "workbook output is not available");
    return TCO_ERR_ARG;
}
