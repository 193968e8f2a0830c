/* env.c - what the tool takes from where it runs: the files shipped with it
 * (TCO_DATA_DIR, beside the executable, where it was installed or built), the
 * date (SOURCE_DATE_EPOCH, else today), and its messages on standard error. */
#include "cli/cli.h"
#include "cli/options.h"
#include "tco.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* See cli.h. */
void cli_print_diags(const tco_diags *d, int quiet, int strict)
{
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        tco_diag shown = *tco_diags_get(d, i);
        const tco_diag *g = &shown;
        if (strict && shown.severity == TCO_SEV_WARNING)
            shown.severity = TCO_SEV_ERROR;
        if (quiet && g->severity != TCO_SEV_ERROR)
            continue;
        int len = tco_diag_format(g, NULL, 0);
        char *buf = len < 0 ? NULL : malloc((size_t)len + 1);
        if (buf) {
            tco_diag_format(g, buf, (size_t)len + 1);
            fprintf(stderr, "%s\n", buf);
        } else {
            fputs("tco: out of memory\n", stderr);
        }
        free(buf);
    }
}

/* SOURCE_DATE_EPOCH, or -1 when unset; -2 when it is invalid. */
static long long source_date_epoch(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    if (!e || !*e)
        return -1;
    for (const char *p = e; *p; p++)
        if (!isdigit((unsigned char)*p))
            return -2;
    errno = 0;
    long long t = strtoll(e, NULL, 10);
    return errno || t > 253402300799LL ? -2 : t; /* up to 9999-12-31 */
}

/* See cli.h. */
int cli_read_epoch(long long *epoch)
{
    *epoch = source_date_epoch();
    if (*epoch == -2)
        return cli_usage_error("SOURCE_DATE_EPOCH must be a number of seconds%s", "");
    return -1;
}

/* See cli.h. */
void cli_date(long long epoch, char out[11])
{
    time_t t = epoch >= 0 ? (time_t)epoch : time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 11, "%Y-%m-%d", &tm);
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* ../share/tco beside the running executable (an installed tree, wherever it
 * was installed or moved), or NULL. */
static const char *beside_exe(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    static const char rel[] = "/../share/tco";
    size_t len = (size_t)(slash - exe); /* the bin directory */
    if (len + sizeof rel > size)
        return NULL;
    memcpy(buf, exe, len);
    memcpy(buf + len, rel, sizeof rel);
    return buf;
}

/* See cli.h. */
const char *cli_shipped_file(const char *rel, char *buf, size_t size)
{
    const char *env = getenv("TCO_DATA_DIR");
    char near[4096];
    const char *dirs[] = {env && *env ? env : NULL, beside_exe(near, sizeof near),
#ifdef TCO_INSTALL_DATADIR
                          TCO_INSTALL_DATADIR,
#endif
#ifdef TCO_SOURCE_DATADIR
                          TCO_SOURCE_DATADIR,
#endif
                          NULL};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        if (!dirs[i])
            continue;
        snprintf(buf, size, "%s/%s", dirs[i], rel);
        if (file_exists(buf))
            return buf;
        if (i == 0) /* TCO_DATA_DIR was set: use it or nothing */
            return NULL;
    }
    return NULL;
}

/* See cli.h. */
int cli_today(char out[11])
{
    long long epoch;
    int rc = cli_read_epoch(&epoch);
    if (rc < 0)
        cli_date(epoch, out);
    return rc;
}
